package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;

import benchkit.core.run.console.Counts;
import benchkit.core.run.console.LoadSnapshot;
import benchkit.core.run.console.OpenLoopState;

import benchkit.core.run.plan.ClientThreads;

import benchkit.core.util.EveryStep;
import benchkit.spi.PolledSession;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * The client side of one trial: T sessions, their worker threads (platform or virtual, or event loops), counters and latency
 * recorders. The control thread drains latency and reads counts whenever it needs an interval.
 */
public final class TrialLoad implements AutoCloseable {
    /** The drain's code compiled once per process, on a thread of its own while the first trial's sessions open. */
    private static final CompletableFuture<Void> DRAIN_COMPILED = CompletableFuture.runAsync(SessionRecorder::compileDrain);

    private final List<Session> sessions;
    private final List<ThreadCounters> counters;
    private final List<SessionRecorder> recorders;
    /** Each session's OK events up to the last {@link #drain}, counted from its latency histograms, and their latency sum. */
    private final long[] drainedEvents;
    private final long[] drainedLatencyNanos;
    /** The latencies of one drain, all sessions' together, before they go to each place that wants them. */
    private final Histogram drained = LatencyLog.newHistogram();
    /** Every session's reads, writes and others up to the last drain. */
    private long drainedReads;
    private long drainedWrites;
    private long drainedOthers;
    private final List<Thread> threads = new ArrayList<>();
    /** The sessions' shares of the open-loop schedule since the last start; empty in a closed loop. */
    private final List<Schedule> schedules = new ArrayList<>();
    private final LoadControl control;
    private final ClientThreads kind;

    /** Latency per kind of event, null when the workload names no kinds. */
    private final EventKindLatencies eventKinds;

    private TrialLoad(List<Session> sessions, List<ThreadCounters> counters, List<SessionRecorder> recorders,
                      LoadControl control, ClientThreads kind, EventKindLatencies eventKinds) {
        this.eventKinds = eventKinds;
        this.sessions = sessions;
        this.kind = kind.forSessions(sessions, Runtime.getRuntime().availableProcessors());
        this.counters = counters;
        this.recorders = recorders;
        this.control = control;
        this.drainedEvents = new long[sessions.size()];
        this.drainedLatencyNanos = new long[sessions.size()];
    }

    /**
     * Opens one session per thread, each to run on a thread of {@code kind}; if one fails, those opened are closed again.
     * While one session's setup has not returned for {@code sayEvery}, {@code slow} is told so, again every {@code sayEvery}.
     */
    static TrialLoad open(Workload workload, Target target, int threadCount, double rate, long maxEvents,
                          ClientThreads kind, Duration sayEvery, Consumer<String> slow) throws Exception {
        EventKindLatencies eventKinds = EventKindLatencies.of(workload.eventKinds());
        SessionOpening.Opened opened = new SessionOpening(workload, target, threadCount, kind,
                eventKinds == null ? 0 : eventKinds.count()).open(sayEvery, slow);
        return new TrialLoad(opened.sessions(), opened.counters(), opened.recorders(),
                new LoadControl(Thread.currentThread(), rate, maxEvents), kind, eventKinds);
    }

    /** The session that could not open, and of how many: "session 2 of 8" (those before it opened, and are closed). */
    static final class SessionNotOpened extends Exception {
        SessionNotOpened(int session, int of, Exception cause) {
            super("session " + session + " of " + of, cause);
        }
    }

    /** What runs the sessions, for the trial's header: e.g. "1 event-loop thread for 8 sessions". */
    String clientThreads() {
        if (kind == ClientThreads.LOOP) {
            int loops = ClientThreads.loops(sessions.size());
            return loops + " event-loop thread" + (loops == 1 ? "" : "s") + " for " + sessions.size() + " sessions";
        }
        return "one " + kind.label() + " thread per session";
    }

    LoadControl control() {
        return control;
    }

    /** Whether workers are running (between {@link #start} and {@link #pause} or {@link #stop}). */
    boolean running() {
        return !threads.isEmpty();
    }

    /**
     * Starts the workers, again after a {@link #pause}: on the same sessions, counters and recorders, so
     * counts and latencies go on where they stopped.
     */
    void start(String name) {
        if (!threads.isEmpty() || !control.resume()) {
            return;
        }
        DRAIN_COMPILED.join();
        control.start(System.nanoTime());
        schedules.clear();
        int n = sessions.size();
        if (kind == ClientThreads.LOOP) {
            EventLoop[] loops = new EventLoop[ClientThreads.loops(n)];
            for (int l = 0; l < loops.length; l++) {
                loops[l] = new EventLoop(control);
            }
            for (int i = 0; i < n; i++) {
                loops[i % loops.length].add((PolledSession) sessions.get(i), events(i), schedule(i));
            }
            for (int l = 0; l < loops.length; l++) {
                threads.add(kind.newThread(loops[l], name + "-loop-" + (l + 1)));
            }
        } else {
            for (int i = 0; i < n; i++) {
                threads.add(kind.newThread(new Worker(sessions.get(i), events(i), control, schedule(i)), name + "-" + (i + 1)));
            }
        }
        threads.forEach(Thread::start);
    }

    private EventRecorder events(int session) {
        return new EventRecorder(counters.get(session), recorders.get(session), control);
    }

    /** Session {@code i}'s share of the open-loop schedule; null in a closed loop. */
    private Schedule schedule(int i) {
        if (control.rate <= 0) {
            return null;
        }
        Schedule s = new Schedule(i, sessions.size(), control.rate);
        schedules.add(s);
        return s;
    }

    /**
     * Moves the latencies recorded since the last drain into each of {@code into} (a null is left out) and reads every
     * counter once. OK events are counted from the drained histograms (each OK event records one latency), and
     * queries from the same drained intervals (SessionRecorder), so an iteration's events, its queries, its
     * percentiles and the latency log's intervals hold exactly the same events.
     */
    LoadSnapshot drain(Histogram... into) {
        int n = sessions.size();
        long errors = 0;
        long reconnects = 0;
        drained.reset();
        for (int i = 0; i < n; i++) {
            SessionRecorder.Interval interval = recorders.get(i).drain();
            drainedEvents[i] += interval.latency.getTotalCount();
            drainedLatencyNanos[i] += interval.latencyNanos;
            if (eventKinds != null) {
                eventKinds.add(interval.kinds);
            }
            drainedReads += interval.reads;
            drainedWrites += interval.writes;
            drainedOthers += interval.others;
            drained.add(interval.latency);
            errors += counters.get(i).errors();
            reconnects += counters.get(i).reconnects();
        }
        // summed first: each add walks a whole histogram, and the control thread, one among a loaded machine's many,
        // gets little CPU (64 sessions added to 4 places took seconds at 64 threads on 2 CPUs: progress lines late)
        for (Histogram target : into) {
            if (target != null) {
                target.add(drained);
            }
        }
        long events = 0;
        for (long e : drainedEvents) {
            events += e;
        }
        return new LoadSnapshot(new Counts(events, errors, reconnects, drainedReads, drainedWrites, drainedOthers),
                drainedEvents.clone(), drainedLatencyNanos.clone());
    }

    /**
     * Throughput and latency percentiles per kind of event over the iteration drained so far, {@code durationNanos}
     * long; empty when the workload names no kinds. The next iteration's start from nothing.
     */
    List<benchkit.spi.Metric> eventKindMetrics(long durationNanos) {
        return eventKinds == null ? List.of() : eventKinds.iterationMetrics(durationNanos);
    }

    /**
     * In an open loop ({@code --rate}), the events due by {@code now} that no session has taken yet and the events in
     * flight: sysbench's "queue length" and "concurrency". Null in a closed loop.
     */
    OpenLoopState openLoop(long now) {
        if (control.rate <= 0) {
            return null;
        }
        long queued = 0;
        for (Schedule s : schedules) {
            queued += s.behind(now, control.startNanos());
        }
        long inFlight = 0;
        for (ThreadCounters c : counters) {
            if (c.inFlightSince() != 0) {
                inFlight++;
            }
        }
        return new OpenLoopState(queued, inFlight);
    }

    /** When the latest event of any session finished (nanoTime), 0 when none has yet. */
    long lastFinish() {
        long latest = 0;
        for (ThreadCounters c : counters) {
            long t = c.finishedAt();
            if (t != 0 && (latest == 0 || t - latest > 0)) {
                latest = t;
            }
        }
        return latest;
    }

    /**
     * Records, into each of {@code into}, how long every event still in flight at {@code now} has waited, when
     * that is at least {@code minNanos}: a request held up by a stalled server counts with its wait so far, not
     * as nothing (coordinated omission). Returns how many there were.
     */
    int recordWaiting(long now, long minNanos, Histogram... into) {
        int waiting = 0;
        for (ThreadCounters c : counters) {
            long since = c.inFlightSince();
            long waited = now - since;
            if (since != 0 && waited >= minNanos) {
                waiting++;
                for (Histogram h : into) {
                    h.recordValue(Math.min(waited, LatencyLog.MAX_NANOS));
                }
            }
        }
        return waiting;
    }

    /** Stops the workers until the next {@link #start}, leaving the sessions open (another variant's slice runs meanwhile). */
    void pause() throws InterruptedException {
        stop();
        threads.clear();
    }

    /** Stops the workers and waits for them; a worker stuck in a call is interrupted, then left behind. */
    void stop() throws InterruptedException {
        control.stop();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(t, left);
            }
            if (t.isAlive()) {
                t.interrupt();
            }
        }
    }

    @Override
    public void close() throws Exception {
        EveryStep.forEach(sessions, Session::close);
    }

}

package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;

import benchkit.core.run.console.Counts;
import benchkit.core.run.console.LoadSnapshot;
import benchkit.core.run.console.OpenLoopState;

import benchkit.core.run.plan.ClientThreads;

import benchkit.core.util.EveryStep;
import benchkit.core.util.SlowCall;
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
    /** How long a run that is being stopped waits for the events in flight ({@link #stopNow}). */
    private static final long STOPPING_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
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
    /** How long {@link #stop} waits for a session's event to return before it says so and leaves the session behind. */
    private final Duration stopWait;
    /** Where that is said (the console's warnings). */
    private final Consumer<String> slow;
    /** Set by {@link #stopNow}: the run is ending, and {@link #close} waits no longer than the events were waited for. */
    private volatile boolean stopping;

    /** Latency per kind of event, null when the workload names no kinds. */
    private final EventKindLatencies eventKinds;

    private TrialLoad(List<Session> sessions, List<ThreadCounters> counters, List<SessionRecorder> recorders,
                      LoadControl control, ClientThreads kind, EventKindLatencies eventKinds, Duration stopWait,
                      Consumer<String> slow) {
        this.stopWait = stopWait;
        this.slow = slow;
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
     * While one session's setup has not returned for {@code sayEvery}, {@code slow} is told so, again every {@code sayEvery};
     * so is a session whose event has not returned {@code sayEvery} after the load stopped.
     */
    static TrialLoad open(Workload workload, Target target, int threadCount, double rate, long maxEvents,
                          ClientThreads kind, Duration sayEvery, Consumer<String> slow) throws Exception {
        EventKindLatencies eventKinds = EventKindLatencies.of(workload.eventKinds());
        SessionOpening.Opened opened = new SessionOpening(workload, target, threadCount, kind,
                eventKinds == null ? 0 : eventKinds.count()).open(sayEvery, slow);
        return new TrialLoad(opened.sessions(), opened.counters(), opened.recorders(),
                new LoadControl(Thread.currentThread(), rate, maxEvents), kind, eventKinds, sayEvery, slow);
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
     * long, each kind's latency given to {@code log}; empty when the workload names no kinds. The next iteration's start
     * from nothing.
     */
    List<benchkit.spi.Metric> eventKindMetrics(long durationNanos, java.util.function.BiConsumer<String, Histogram> log) {
        return eventKinds == null ? List.of() : eventKinds.iterationMetrics(durationNanos, log);
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

    /**
     * Stops the workers and waits for them. A worker stuck in an event (a script's event() in a loop, a request never
     * answered) is named once the wait is over, interrupted and left behind, and the trial cannot resume on its session
     * (sweep 7, case 73: it was resumed on, in silence). Interrupted (Ctrl-C, SIGTERM), it leaves the workers at once.
     */
    void stop() throws InterruptedException {
        control.stop();
        try {
            joinWorkers(System.nanoTime() + stopWait.toNanos());
        } catch (InterruptedException e) {
            leaveBehind();
            throw e;
        }
        if (threads.stream().anyMatch(Thread::isAlive)) {
            stuck(System.nanoTime());
            leaveBehind();
        }
    }

    /** Waits for the worker threads until {@code deadline} (nanoTime) at the most. */
    private void joinWorkers(long deadline) throws InterruptedException {
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(t, left);
            }
        }
    }

    /** Says which sessions' events have not returned, and for how long; the trial then cannot resume on them. */
    private void stuck(long now) {
        List<String> ids = new ArrayList<>();
        long longest = 0;
        for (int i = 0; i < counters.size(); i++) {
            long since = counters.get(i).inFlightSince();
            if (since != 0) {
                ids.add(Integer.toString(i + 1));
                longest = Math.max(longest, now - since);
            }
        }
        String who = ids.isEmpty() ? "a client thread" : (ids.size() == 1 ? "session " : "sessions ")
                + String.join(", ", ids) + " of " + sessions.size();
        String why = who + (ids.size() > 1 ? " have" : " has") + " not returned from an event after "
                + TimeUnit.NANOSECONDS.toSeconds(longest) + " s: the workload's own code (a script's event()) or a request"
                + " the server never answers";
        control.cannotResume(why);
        slow.accept("# " + why + "; the trial cannot go on with " + (ids.size() > 1 ? "them" : "it") + ", and Ctrl-C stops"
                + " the run");
    }

    /**
     * Stops the workers for a run that is ending on Ctrl-C or SIGTERM: a second at most for their events to return, not
     * the wait of {@link #stop}, so a session stuck in its event does not hold the run up.
     */
    void stopNow() {
        stopping = true;
        control.stop();
        try {
            joinWorkers(System.nanoTime() + STOPPING_WAIT_NANOS);
        } catch (InterruptedException again) {
            // a second signal: the run is ending already, and waits no longer
        }
        leaveBehind();
    }

    /** Interrupts the workers still running and forgets them: they end when their call returns, if ever. */
    private void leaveBehind() {
        for (Thread t : threads) {
            if (t.isAlive()) {
                t.interrupt();
            }
        }
        threads.clear();
    }

    /**
     * Closes the sessions (a script's thread_done each) on a thread of its own, as {@link SessionOpening} opens them: a
     * session whose close has not returned after the wait of {@link #stop} is said, again as that doubles, and Ctrl-C or
     * SIGTERM ends the wait at once (sweep 8, case 36). A run that is stopping ({@link #stopNow}) waits a second at most.
     */
    @Override
    public void close() throws Exception {
        SlowCall<Void> closing = new SlowCall<>("bench-close-sessions");
        closing.start(() -> {
            EveryStep.forEach(java.util.stream.IntStream.range(0, sessions.size()).boxed().toList(), i -> {
                closing.step(i + 1);
                sessions.get(i).close();
            });
            return null;
        });
        if (stopping) {
            closing.awaitAtMost(Duration.ofNanos(STOPPING_WAIT_NANOS));
            return;
        }
        closing.await(stopWait, (session, seconds) -> "# session " + session + " of " + sessions.size()
                + " has not closed after " + seconds + " s: the workload's end of the trial (a script's thread_done) has"
                + " not returned; Ctrl-C stops the run", slow);
    }

}

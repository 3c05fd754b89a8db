package benchkit.core.run.load;

import benchkit.core.run.plan.ClientThreads;
import benchkit.core.util.EveryStep;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.PolledSession;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Opens a trial's sessions, one per client thread, on a thread of its own: a workload's session setup may never return
 * (a script's {@code thread_init} in a loop, a connect that hangs), and the control thread then waits interruptibly,
 * saying which session has not returned, so Ctrl-C or SIGTERM still ends the run at once (sweep 6, case 59).
 */
final class SessionOpening {
    /** What was opened: each session with its counters and recorder, in client-thread order. */
    record Opened(List<Session> sessions, List<ThreadCounters> counters, List<SessionRecorder> recorders) {
    }

    private record Context(int thread, int threads, ThreadCounters counters) implements SessionContext {
        @Override
        public QueryCounter queries() {
            return counters;
        }

        @Override
        public void eventKind(int index) {
            counters.eventKind(index);
        }
    }

    private final Workload workload;
    private final Target target;
    private final int threadCount;
    private final ClientThreads kind;
    private final int eventKinds;
    private final Opened opened = new Opened(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    /** The session being opened, from 1, and since when (nanoTime); read by the waiting thread for its note. */
    private volatile int opening;
    private volatile long openingSince;
    /** Set when the waiting thread gave up (it was interrupted): whatever opens after that is closed again. */
    private volatile boolean abandoned;

    SessionOpening(Workload workload, Target target, int threadCount, ClientThreads kind, int eventKinds) {
        this.workload = workload;
        this.target = target;
        this.threadCount = threadCount;
        this.kind = kind;
        this.eventKinds = eventKinds;
    }

    /**
     * Opens every session and returns them; if one fails, those opened are closed again. When one session has not
     * returned after {@code sayEvery}, {@code slow} is told which one and for how long, again each time that doubles.
     */
    Opened open(Duration sayEvery, Consumer<String> slow) throws Exception {
        openingSince = System.nanoTime();
        CompletableFuture<Opened> result = new CompletableFuture<>();
        Thread opener = new Thread(() -> {
            try {
                result.complete(openAll());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, "bench-open-sessions");
        opener.setDaemon(true);     // a setup that never returns must not keep the JVM from exiting
        opener.start();
        int saidOf = 0;
        long sayAfter = sayEvery.toNanos();
        while (true) {
            try {
                return result.get(sayEvery.toNanos() / 10, TimeUnit.NANOSECONDS);
            } catch (TimeoutException stillOpening) {
                int session = opening;
                long waited = System.nanoTime() - openingSince;
                if (session != saidOf) {
                    sayAfter = sayEvery.toNanos();
                }
                if (waited < sayAfter) {
                    continue;   // many sessions opening, or this one said already: nothing new to say
                }
                saidOf = session;
                sayAfter = 2 * sayAfter;    // said after 10 s, 20 s, 40 s...: a stuck setup is not a stream of lines
                slow.accept("# session " + session + " of " + threadCount + " has not opened after "
                        + TimeUnit.NANOSECONDS.toSeconds(waited) + " s: the "
                        + "workload's session setup (a script's thread_init, or connecting to the server) has not "
                        + "returned; Ctrl-C stops the run");
            } catch (InterruptedException e) {
                abandoned = true;
                opener.interrupt();
                throw e;
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Exception failed) {
                    throw failed;
                }
                throw (Error) e.getCause();
            }
        }
    }

    private Opened openAll() throws Exception {
        try {
            for (int i = 0; i < threadCount; i++) {
                openingSince = System.nanoTime();
                opening = i + 1;
                ThreadCounters c = new ThreadCounters();
                Session s = workload.openSession(target, new Context(i, threadCount, c));
                if (s == null) {
                    throw new IllegalStateException("openSession returned no session");
                }
                // what opening the session sent (a script's thread_init) counts before the first iteration; its
                // worker thread has not started, so this thread may record for it
                SessionRecorder r = new SessionRecorder(eventKinds);
                r.record(c, -1, -1);
                opened.sessions().add(s);
                opened.counters().add(c);
                opened.recorders().add(r);
                if (kind == ClientThreads.LOOP && !(s instanceof PolledSession)) {
                    throw new InvalidOptionException("--client-threads loop needs sessions that can wait without a thread "
                            + "(" + PolledSession.class.getSimpleName() + ", e.g. the OLTP workloads' --driver wire); "
                            + "this workload's are " + s.getClass().getSimpleName());
                }
                if (abandoned) {
                    throw new InterruptedException("the run stopped while its sessions opened");
                }
            }
        } catch (Exception | Error e) {
            try {
                EveryStep.forEach(opened.sessions(), Session::close);
            } catch (Exception closing) {
                e.addSuppressed(closing); // the failure to open is the one to report
            }
            if (e instanceof Exception failed && !(e instanceof InterruptedException)) {
                throw new TrialLoad.SessionNotOpened(opened.sessions().size() + 1, threadCount, failed);
            }
            throw e;
        }
        return opened;
    }
}

package benchkit.core.run.load;

import benchkit.core.run.plan.ClientThreads;
import benchkit.core.util.EveryStep;
import benchkit.core.util.SlowCall;
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
    /** The opening on a thread of its own; once the waiting thread gave up on it, whatever opens is closed again. */
    private final SlowCall<Opened> call = new SlowCall<>("bench-open-sessions");

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
        return call.start(this::openAll).await(sayEvery, (session, seconds) -> "# session " + session + " of "
                + threadCount + " has not opened after " + seconds + " s: the workload's session setup (a script's "
                + "thread_init, or connecting to the server) has not returned; Ctrl-C stops the run", slow);
    }

    private Opened openAll() throws Exception {
        try {
            for (int i = 0; i < threadCount; i++) {
                call.step(i + 1);
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
                if (call.abandoned()) {
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

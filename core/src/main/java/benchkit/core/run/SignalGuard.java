package benchkit.core.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a run's finished results when the JVM is asked to stop (Ctrl-C, SIGTERM, SIGHUP when the terminal closes,
 * SIGUSR1, SIGALRM, SIGXCPU): a shutdown hook interrupts the running thread and waits, bounded, while it writes its result
 * files and marks them incomplete. The JVM then exits with the signal's usual code (130, 143, 129, 138, 142 or 152). SIGUSR2 is HotSpot's own
 * (it suspends threads with it) and is left to it.
 */
public final class SignalGuard {
    private static final long WAIT_SECONDS = 60;
    /** How long a stop waits in silence for the run to write what finished. */
    private static final long SAY_AFTER_SECONDS = 5;
    /** The signals that stop the JVM through its shutdown hooks, and how the failure line names them. */
    private static final java.util.Map<String, String> STOPPING = java.util.Map.of("INT", "Ctrl-C (SIGINT)",
            "TERM", "SIGTERM", "HUP", "SIGHUP (its terminal closed)", "USR1", "SIGUSR1", "ALRM", "SIGALRM",
            "XCPU", "SIGXCPU (its CPU time limit, ulimit -t)");
    /**
     * Those of them whose default action ends the JVM without its shutdown hooks (no end record in the journal, exit
     * 138, 142, 152): the JVM installs no handler for them, so bench stops as the JVM does on SIGTERM, with 128 + the
     * signal's number.
     */
    private static final java.util.Set<String> UNHANDLED_BY_THE_JVM = java.util.Set.of("USR1", "ALRM", "XCPU");
    /**
     * The first of them that arrived, as named above (or the exit asked for, {@link #exitRequested}); null while none
     * has. The first one's exit decides the code (a later exit waits on it for good), so it decides the words too.
     */
    private static String lastSignal;

    /**
     * What the command does with a completed run once its files are written (bench run --history stores it): a stop
     * from then until it ends asks it, in the stop's line, what became of the run (sweep 8: the line said the run was
     * whole and not that it was not stored).
     */
    public interface Sequel {
        /**
         * Keeps the step from beginning, waits (bounded) for one under way, and says what became of the run in bench's
         * words, e.g. {@code it is stored in h.sqlite (--history)}.
         */
        String stop();
    }

    private static Sequel sequel;
    /**
     * The hook that speaks for a run command stopped before its run's guard is installed (the options read, the plan
     * made): the JVM ended with 143 and no line there, a second before the "nothing measured" one (sweep 10, N24).
     */
    private static Thread beforeTheRun;
    /** The guard of a run that completed, whose hook is kept while the sequel runs: a stop then still gets its line. */
    private static SignalGuard lingering;

    static {
        // the JVM's own handlers stop it; each is kept and called after the signal's name is noted
        for (String name : STOPPING.keySet()) {
            try {
                sun.misc.Signal signal = new sun.misc.Signal(name);
                sun.misc.SignalHandler[] previous = new sun.misc.SignalHandler[1];
                boolean own = UNHANDLED_BY_THE_JVM.contains(name);
                previous[0] = sun.misc.Signal.handle(signal, s -> {
                    if (!first(STOPPING.get(name))) {
                        return;     // a stop is under way: Ctrl-C, Ctrl-C, SIGTERM is still Ctrl-C's 130
                    }
                    if (own && previous[0] == sun.misc.SignalHandler.SIG_DFL) {
                        Runtime.getRuntime().exit(128 + s.getNumber());     // as the JVM's handler of SIGTERM does
                    } else {
                        previous[0].handle(s);
                    }
                });
                if (previous[0] == sun.misc.SignalHandler.SIG_IGN || previous[0] == sun.misc.SignalHandler.SIG_DFL && !own) {
                    sun.misc.Signal.handle(signal, previous[0]);    // not the JVM's (ignored, as under nohup): left alone
                }
            } catch (IllegalArgumentException | UnsupportedOperationException notHere) {
                // a signal this platform or JVM (-Xrs) does not let a program handle: the line says "a signal"
            }
        }
    }

    /**
     * From now on the signals that stop the JVM are noted by name, for {@link #lastSignal} (a command that is not a run
     * calls this before its work, so its shutdown hook can say which one stopped it).
     */
    public static void nameSignals() {
        // the class's initialisation installs the handlers
    }

    /**
     * From now until a run installs its guard, a stop by a signal says in one line that nothing was measured (a run
     * command calls this first). Nothing is said at an ordinary exit (a refused line): no signal came.
     */
    public static synchronized void sayStopsBeforeTheRun() {
        if (beforeTheRun != null) {
            return;
        }
        beforeTheRun = new Thread(() -> {
            String why;
            synchronized (SignalGuard.class) {
                why = lastSignal != null && STOPPING.containsValue(lastSignal) ? lastSignal : null;
            }
            if (why != null) {
                System.err.println("bench: error: interrupted by " + why + " before the run started: nothing was"
                        + " measured; run the benchmark again");
            }
        }, "bench-stopped-before-the-run");
        Runtime.getRuntime().addShutdownHook(beforeTheRun);
    }

    /**
     * The run (its guard, or a coordinator of workers, which has its own lines) says from now on what a stop left: the
     * line of {@link #sayStopsBeforeTheRun} is no longer said.
     */
    public static void runSpeaksForStops() {
        Thread early;
        synchronized (SignalGuard.class) {
            early = beforeTheRun;
            beforeTheRun = null;
        }
        if (early != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(early);
            } catch (IllegalStateException shuttingDown) {
                // the stop came first: the early hook says it
            }
        }
    }

    /**
     * The JVM is stopping because the workload's own code asked it to ({@code os.exit} in a script): the failure line
     * names {@code by} (e.g. {@code the script's os.exit(5)}) rather than a signal that never came.
     */
    public static void exitRequested(String by) {
        first(by);
    }

    /** From now until {@link #sequelEnded()}, a stop of a completed run says what became of {@code step}. */
    public static synchronized void sequel(Sequel step) {
        sequel = step;
    }

    /** The sequel is over (done, or not to be done): a stop from now on is no longer the run's. */
    public static void sequelEnded() {
        SignalGuard kept;
        synchronized (SignalGuard.class) {
            sequel = null;
            kept = lingering;
            lingering = null;
        }
        if (kept != null) {
            kept.removeHook();
        }
    }

    private static synchronized Sequel currentSequel() {
        return sequel;
    }

    /** Notes {@code why} the JVM stops unless something has already stopped it: whether it was the first. */
    private static synchronized boolean first(String why) {
        if (lastSignal != null) {
            return false;
        }
        lastSignal = why;
        return true;
    }

    /** The signal that asked the JVM to stop, e.g. {@code Ctrl-C (SIGINT)}; "a signal" when it is not known. */
    public static synchronized String lastSignal() {
        return lastSignal == null ? "a signal" : lastSignal;
    }

    private final Thread hook;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean signalled;
    private volatile boolean done;

    /** What the run wrote, when it completed as the signal came (its files being written); null until then. */
    private volatile String completed;
    private final Thread runner;

    private SignalGuard(Thread runner) {
        this.runner = runner;
        hook = new Thread(() -> stopping(System.err), "bench-signal-guard");
    }

    /** The shutdown hook: interrupts the run, waits while it writes what finished, and says what it wrote if it completed. */
    void stopping(java.io.PrintStream err) {
        if (done) {
            // the run's files were written before the signal: the runner is in the sequel, not to be interrupted
            Sequel after = currentSequel();
            if (completed != null && after != null) {
                err.println("bench: " + lastSignal() + " came after the run's files were written: " + completed + "; "
                        + after.stop());
            }
            return;
        }
        signalled = true;
        runner.interrupt();
        try {
            if (!finished.await(SAY_AFTER_SECONDS, TimeUnit.SECONDS)) {
                // a run that does not answer (a workload's code in a loop): say why the command has not ended
                err.println("bench: stopping on " + lastSignal() + ": the run has not answered for "
                        + SAY_AFTER_SECONDS + " s (a workload's own code may be stuck); waiting up to "
                        + (WAIT_SECONDS - SAY_AFTER_SECONDS) + " s more for what finished to be written");
                finished.await(WAIT_SECONDS - SAY_AFTER_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (completed != null) {
            // the exit code says "stopped" though the files say complete (sweep 6, case 64): which one to trust, said
            Sequel after = currentSequel();
            err.println("bench: " + lastSignal() + " came as the run's files were written: " + completed
                    + (after == null ? "" : "; " + after.stop()));
        }
    }

    static SignalGuard install(Thread runner) {
        SignalGuard earlier;
        synchronized (SignalGuard.class) {
            earlier = lingering;        // a run before this one (of several workloads): a stop now is this one's
            lingering = null;
        }
        if (earlier != null) {
            earlier.removeHook();
        }
        runSpeaksForStops();
        SignalGuard guard = new SignalGuard(runner);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        return guard;
    }

    boolean signalled() {
        return signalled;
    }

    /** The signal that stopped the run, e.g. {@code Ctrl-C (SIGINT)}; "a signal" when it is not known. */
    String signal() {
        return lastSignal();
    }

    /** The run wrote its results: let a pending shutdown proceed, and drop the hook when none is pending. */
    void finished() {
        finished(null);
    }

    /**
     * As {@link #finished()}, for a run that completed: {@code written} says what its files hold, for a signal that came
     * while they were written; with a {@link Sequel}, the hook stays until it ends, for a signal that comes during it.
     */
    void finished(String written) {
        completed = written;
        done = true;
        finished.countDown();
        synchronized (SignalGuard.class) {
            if (written != null && sequel != null) {
                lingering = this;
                return;
            }
        }
        removeHook();
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already stopping; the hook has seen 'finished'
        }
    }
}

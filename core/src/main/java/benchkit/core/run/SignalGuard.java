package benchkit.core.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps a run's finished results when the JVM is asked to stop (Ctrl-C, SIGTERM): a shutdown hook
 * interrupts the running thread and waits, bounded, while it writes its result files and marks them
 * incomplete. The JVM then exits with the signal's usual code (130 or 143).
 */
final class SignalGuard {
    private static final long WAIT_SECONDS = 60;

    private final Thread hook;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean signalled;
    private volatile boolean done;

    private SignalGuard(Thread runner) {
        hook = new Thread(() -> {
            if (done) {
                return;
            }
            signalled = true;
            runner.interrupt();
            try {
                finished.await(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bench-signal-guard");
    }

    static SignalGuard install(Thread runner) {
        SignalGuard guard = new SignalGuard(runner);
        Runtime.getRuntime().addShutdownHook(guard.hook);
        return guard;
    }

    boolean signalled() {
        return signalled;
    }

    /** The run wrote its results: let a pending shutdown proceed, and drop the hook when none is pending. */
    void finished() {
        done = true;
        finished.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already stopping; the hook has seen 'finished'
        }
    }
}

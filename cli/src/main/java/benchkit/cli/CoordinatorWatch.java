package benchkit.cli;

import benchkit.core.run.SignalGuard;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A worker that {@code --clients N} started on this machine stops when its coordinator is gone: a coordinator killed
 * with {@code kill -9} runs no shutdown hook to stop its workers, and they went on loading the server for a minute
 * with no one to merge their results. The worker then ends as a stopped run does: what finished is written and marked
 * incomplete, and its line names why.
 */
final class CoordinatorWatch {
    /** The environment variable that carries the coordinator's pid to the workers it starts here. */
    static final String PID = "BENCHKIT_COORDINATOR_PID";
    private static final long EVERY_MILLIS = 500;

    private CoordinatorWatch() {
    }

    /** Watches the coordinator named by {@link #PID}, when there is one, and ends this JVM when it is gone. */
    static void startFromEnvironment() {
        String pid = System.getenv(PID);
        if (pid == null || !pid.matches("[0-9]+")) {
            return;
        }
        watch(Long.parseLong(pid), () -> {
            SignalGuard.exitRequested("the end of its coordinator (pid " + pid + ")");
            System.err.println("bench: the coordinator (pid " + pid + ") is gone: this worker stops, keeping what finished");
            System.exit(Cli.EXIT_FAILURE);
        });
    }

    /** Calls {@code whenGone} once, on a daemon thread, when process {@code pid} has ended. */
    static Thread watch(long pid, Runnable whenGone) {
        Optional<ProcessHandle> coordinator = ProcessHandle.of(pid);
        Thread t = new Thread(() -> {
            try {
                while (coordinator.isPresent() && coordinator.get().isAlive()) {
                    TimeUnit.MILLISECONDS.sleep(EVERY_MILLIS);
                }
                whenGone.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bench-coordinator-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }
}

package benchkit.cli;

import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * For a command that is not a run (merge, report, history report): a signal ends the JVM without unwinding the
 * command's thread, so a shutdown hook says in one line what the command leaves and how to go on.
 */
final class StopLine {
    private StopLine() {
    }

    /** Runs {@code work}; a signal that stops it prints {@code bench: } and {@code line}'s words to stderr. */
    static <T> T around(Supplier<String> line, Callable<T> work) throws Exception {
        benchkit.core.run.SignalGuard.nameSignals();
        Thread said = new Thread(() -> System.err.println("bench: " + line.get()), "bench-stopped");
        Runtime.getRuntime().addShutdownHook(said);
        try {
            return work.call();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(said);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it says what is left
            }
        }
    }
}

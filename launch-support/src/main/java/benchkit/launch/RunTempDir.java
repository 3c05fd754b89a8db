package benchkit.launch;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A private (0700) directory that belongs to one run, e.g. for datadir snapshots: removed by
 * {@link #close()}, by a shutdown hook on Ctrl-C or SIGTERM, and by a watchdog if the JVM is killed.
 */
public final class RunTempDir implements AutoCloseable {
    private final Path path;
    private final Thread hook;
    private final Watchdog watchdog;
    private boolean closed;

    private RunTempDir(Path path, Thread hook, Watchdog watchdog) {
        this.path = path;
        this.hook = hook;
        this.watchdog = watchdog;
    }

    /** Creates {@code parent/PREFIXrandom} with mode 0700. */
    public static RunTempDir create(Path parent, String prefix) throws IOException {
        Path path = PrivateTempDir.create(parent, prefix);
        Thread hook = new Thread(() -> delete(path), "benchkit-run-temp-dir");
        Watchdog watchdog;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            watchdog = Watchdog.removeWhenGone(ProcessHandle.current().pid(), path);
        } catch (IOException | RuntimeException e) {
            removeHook(hook);
            delete(path);
            throw e;
        }
        return new RunTempDir(path, hook, watchdog);
    }

    public Path path() {
        return path;
    }

    /** Removes the directory and everything in it; idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        watchdog.stop();
        removeHook(hook);
        delete(path);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to: it deletes the directory
        }
    }

    private static void delete(Path path) {
        try {
            PrivateTempDir.deleteRecursively(path);
        } catch (IOException e) {
            System.err.println("benchkit: could not remove " + path + ": " + e.getMessage());
        }
    }
}

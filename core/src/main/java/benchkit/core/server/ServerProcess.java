package benchkit.core.server;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A running mysqld/mariadbd process, its watchdog and its launch directory. {@link #stop} shuts it down
 * step by step (SQL SHUTDOWN, SIGTERM, SIGKILL) and removes the directory unless asked to keep it.
 */
final class ServerProcess {
    static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(60);
    static final Duration TERM_WAIT = Duration.ofSeconds(30);

    private final Process process;
    private final LaunchDir dir;
    private final boolean keepDir;
    private Watchdog watchdog;

    ServerProcess(Process process, LaunchDir dir, boolean keepDir) {
        this.process = process;
        this.dir = dir;
        this.keepDir = keepDir;
    }

    void watchWith(Watchdog watchdog) {
        this.watchdog = watchdog;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Optional<Integer> exitCode() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    LaunchDir dir() {
        return dir;
    }

    boolean keepsDir() {
        return keepDir;
    }

    /**
     * Stops the server: SHUTDOWN over the socket when credentials are given, then SIGTERM, then SIGKILL;
     * then ends the watchdog and removes the launch directory (unless kept).
     */
    void stop(Optional<String[]> rootCredentials) {
        try {
            halt(rootCredentials);
        } finally {
            endWatch();
            removeDirUnlessKept();
        }
    }

    /**
     * Ends the process (SHUTDOWN, then SIGTERM, then SIGKILL) but keeps the watchdog and directory.
     * Returns whether the server shut itself down cleanly (exit code 0, not killed), which a
     * datadir snapshot needs: only then are InnoDB's files consistent on disk.
     */
    boolean halt(Optional<String[]> rootCredentials) {
        if (process.isAlive() && rootCredentials.isPresent()) {
            String[] userAndPassword = rootCredentials.get();
            try (Connection c = ServerConnections.overSocket(dir.socket().toString(), userAndPassword[0],
                    userAndPassword[1], 5); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            } catch (SQLException e) {
                // the server may drop the connection while shutting down; the signals below cover the rest
            }
            waitFor(SHUTDOWN_WAIT);
        }
        if (process.isAlive()) {
            process.destroy(); // SIGTERM: mysqld shuts down as cleanly as on SHUTDOWN
            waitFor(TERM_WAIT);
        }
        if (process.isAlive()) {
            process.destroyForcibly();
            waitFor(Duration.ofSeconds(10));
            return false;
        }
        return process.exitValue() == 0;
    }

    /** Ends the watchdog (the server has ended or is handed to a new process on the same directory). */
    void endWatch() {
        if (watchdog != null) {
            watchdog.stop();
        }
    }

    private void removeDirUnlessKept() {
        if (!keepDir) {
            try {
                PrivateTempDir.deleteRecursively(dir.path());
            } catch (IOException e) {
                System.err.println("benchkit: could not remove " + dir.path() + ": " + e.getMessage());
            }
        }
    }

    private void waitFor(Duration timeout) {
        try {
            process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package benchkit.launcher.mysql;

import benchkit.launch.ProcStat;
import benchkit.launch.Watchdog;

import benchkit.launch.PrivateTempDir;

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
    /** How long a server has to log in bench's SHUTDOWN: one that cannot is hung, and is killed. */
    static final Duration SHUTDOWN_ANSWER = Duration.ofSeconds(10);
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

    Process process() {
        return process;
    }

    Optional<Integer> exitCode() {
        return process.isAlive() ? Optional.empty() : Optional.of(process.exitValue());
    }

    LaunchDir dir() {
        return dir;
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
            if (isStopped(process.pid())) {
                return kill("is stopped (SIGSTOP, Ctrl-Z or a debugger) and cannot shut down");
            }
            String[] userAndPassword = rootCredentials.get();
            try (Connection c = ServerConnections.overSocket(dir.socket().toString(), userAndPassword[0],
                    userAndPassword[1], (int) SHUTDOWN_ANSWER.toSeconds())) {
                try (Statement s = c.createStatement()) {
                    s.execute("SHUTDOWN");
                } catch (SQLException e) {
                    // the server may drop the connection while shutting down; the signals below cover the rest
                }
            } catch (SQLException e) {
                // not even a log-in within the bound: a hung server, which SIGTERM would not reach either
                if (process.isAlive() && !waitFor(Duration.ofSeconds(1))) {
                    return kill("did not answer SHUTDOWN within " + SHUTDOWN_ANSWER.toSeconds() + " s");
                }
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

    /** Whether it ended within {@code timeout}. */
    private boolean waitFor(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** SIGKILL, said on the console with why: a server that is killed had no clean shutdown. */
    private boolean kill(String why) {
        System.err.println("bench: warning: the server (pid " + process.pid() + ") " + why + "; killed it");
        process.destroyForcibly();
        waitFor(Duration.ofSeconds(10));
        return false;
    }

    /** Whether the process is stopped by a signal or a tracer (state T or t in /proc/PID/stat). */
    static boolean isStopped(long pid) {
        return ProcStat.state(pid).map(state -> state == 'T' || state == 't').orElse(false);
    }
}

package benchkit.launch;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * What every handle of a server a launcher started as a local process answers alike: its pid and whether it runs,
 * from the process, and the target it is reached at. Launchers add how it stops, its log and its allocator's proof.
 */
public abstract class ProcessServerHandle implements ServerHandle {
    private volatile Target target;

    /** @param target where it is reached; null until it listens (see {@link #reachedAt}) */
    protected ProcessServerHandle(Target target) {
        this.target = target;
    }

    /** The server's process now (a handle may move to a restarted process on the same directory). */
    protected abstract Process serverProcess();

    /** Where the server is reached, once it listens. */
    protected final void reachedAt(Target reached) {
        this.target = reached;
    }

    @Override
    public final long pid() {
        return serverProcess().pid();
    }

    @Override
    public final boolean isAlive() {
        return serverProcess().isAlive();
    }

    /** The JDK reports a process a signal ended with 128 + the signal's number, as a shell does. */
    @Override
    public java.util.Optional<String> howItEnded() {
        Process p = serverProcess();
        if (p.isAlive()) {
            return java.util.Optional.empty();
        }
        // a server exits 0 only from a clean shutdown, and bench had not asked for one: it came from outside
        return java.util.Optional.of(p.exitValue() == 0 ? SHUT_DOWN_FROM_OUTSIDE : ended(p.exitValue()));
    }

    /** How a server that exited 0 while bench used it ended (mysqld logs "Normal shutdown"). */
    static final String SHUT_DOWN_FROM_OUTSIDE = "it shut down normally (exit status 0), so something outside bench "
            + "stopped it: a SIGTERM (kill), or a shutdown command (SHUTDOWN, mysqladmin shutdown)";

    /** How a process that exited with {@code status} ended: {@code killed by SIGKILL}, or {@code exit status 1}. */
    public static String ended(int status) {
        return status > 128 && status < 128 + 65 ? "killed by " + signalName(status - 128) : "exit status " + status;
    }

    static String signalName(int number) {
        return switch (number) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 6 -> "SIGABRT (it aborted)";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV (it crashed)";
            case 15 -> "SIGTERM";
            default -> "signal " + number;
        };
    }

    @Override
    public final Target target() {
        return target;
    }
}

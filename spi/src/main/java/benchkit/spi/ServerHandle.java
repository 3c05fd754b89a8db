package benchkit.spi;

/**
 * A running server owned by benchkit. {@link #close()} shuts it down (gracefully, then by signal),
 * waits for the process to end and removes its temporary files; it is safe to call twice.
 */
public interface ServerHandle extends AutoCloseable {
    /** Process id of the server. */
    long pid();

    /** How to reach it (password inside, never printed). */
    Target target();

    /** Whether the server process is still running. */
    boolean isAlive();

    /**
     * What proves the allocator: e.g. the preloaded library's path found in the process's memory
     * maps, or {@code glibc} when nothing was preloaded.
     */
    String allocatorLoaded();

    /**
     * How the server's process ended, once it has: e.g. {@code killed by SIGKILL} or {@code exit status 1}; empty while
     * it runs, or when the handle cannot tell (a server bench does not own).
     *
     * @since SPI 1 (added later; a plugin that does not override it is said to have exited, no more)
     */
    default java.util.Optional<String> howItEnded() {
        return java.util.Optional.empty();
    }

    /** The last lines of the server's error log, for error messages. */
    default String logTail(int lines) {
        return "";
    }

    @Override
    void close();
}

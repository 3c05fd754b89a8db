package benchkit.spi;

/**
 * The work of one client thread. {@link #execute()} runs one event (e.g. one transaction);
 * the runner times it and counts outcomes. A session is used by one thread only.
 * Throwing from {@code execute} ends the run with the exception's message as the error.
 */
public interface Session extends AutoCloseable {
    Outcome execute() throws Exception;

    @Override
    default void close() throws Exception {
    }
}

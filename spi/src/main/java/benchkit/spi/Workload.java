package benchkit.spi;

/**
 * A configured workload. One instance serves a whole run; it must be safe to call
 * {@link #openSession} from several threads.
 */
public interface Workload extends AutoCloseable {
    /** Whether the target already holds this workload's data (the runner prepares when not). */
    default boolean isPrepared(Target target) throws Exception {
        return true;
    }

    /** Creates and loads the data. */
    default void prepare(Target target, PrepareContext context) throws Exception {
    }

    /** Removes the data. */
    default void cleanup(Target target) throws Exception {
    }

    /** Opens the session of one client thread; called once per thread per trial. */
    Session openSession(Target target, SessionContext context) throws Exception;

    @Override
    default void close() throws Exception {
    }
}

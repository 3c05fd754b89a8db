package benchkit.spi;

/**
 * What a data step ({@link Workload#prepare}, {@link Workload#prewarm}, {@link Workload#cleanup(Target, PrepareContext)})
 * may use: parallelism and a place to report progress.
 */
public interface PrepareContext {
    /** How many threads (connections) the prepare step may use. */
    int threads();

    /** Reports progress of loading one unit (e.g. a table); may be called from any thread. */
    default void progress(String unit, long done, long total) {
    }

    /**
     * The rows of {@code unit} up to {@code rows} are all sent and their transaction's commit is under way: whether they
     * are kept is not known until {@link #committed}. For a step stopped short, which says what is kept.
     *
     * @since SPI 1 (added later; does nothing by default)
     */
    default void committing(String unit, long rows) {
    }

    /**
     * The rows of {@code unit} up to {@code rows} are committed: kept whatever stops the step now. Rows sent after them
     * ({@link #progress}) are not kept until they are committed too.
     *
     * @since SPI 1 (added later; does nothing by default)
     */
    default void committed(String unit, long rows) {
    }

    /**
     * Says what the step does now, in the words of the tool the workload reproduces (sysbench's {@code Creating
     * table 'sbtest1'...}), for a console that prints that tool's output; may be called from any thread.
     */
    default void log(String line) {
    }

    /**
     * A line the tool's script itself prints (sysbench's Lua {@code print()}: {@code Creating table 'sbtest1'...}),
     * which that tool shows at every verbosity, where {@link #log} lines are its notices; may be called from any thread.
     *
     * @since SPI 1 (added later; defaults to {@link #log})
     */
    default void print(String line) {
        log(line);
    }
}

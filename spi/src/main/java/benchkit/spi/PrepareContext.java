package benchkit.spi;

/** What {@link Workload#prepare} may use: parallelism and a place to report progress. */
public interface PrepareContext {
    /** How many threads (connections) the prepare step may use. */
    int threads();

    /** Reports progress of loading one unit (e.g. a table); may be called from any thread. */
    default void progress(String unit, long done, long total) {
    }
}

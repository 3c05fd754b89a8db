package benchkit.spi;

/** Given to each session: which thread it is, and counters for the queries it sends. */
public interface SessionContext {
    /** Zero-based index of this client thread. */
    int thread();

    /** Number of client threads in this trial. */
    int threads();

    /** Where the session counts its queries by kind, as sysbench reports them. */
    QueryCounter queries();

    /**
     * Says which of the workload's {@linkplain Workload#eventKinds() kinds of event} the event in progress is (an index
     * into that list), for its own throughput and latency percentiles in the results. Called during
     * {@link Session#execute()}, by the thread running it; the last call of an event counts, and an event with none
     * counts only in the totals. Cheap: no allocation, no locking.
     *
     * @since SPI 1 (added later; bench before it ignores it)
     */
    default void eventKind(int index) {
    }
}

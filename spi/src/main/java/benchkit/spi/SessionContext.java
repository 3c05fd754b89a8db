package benchkit.spi;

/** Given to each session: which thread it is, and counters for the queries it sends. */
public interface SessionContext {
    /** Zero-based index of this client thread. */
    int thread();

    /** Number of client threads in this trial. */
    int threads();

    /** Where the session counts its queries by kind, as sysbench reports them. */
    QueryCounter queries();
}

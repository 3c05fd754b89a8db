package benchkit.spi;

/** What became of one event. Only {@code OK} events count as throughput and latency. */
public enum Outcome {
    /** The event completed. */
    OK,
    /** The session lost its connection, reconnected, and the event must be run again (a reconnect). */
    RETRY,
    /** The event failed with an error the user chose to ignore (e.g. a deadlock); rolled back. */
    IGNORED_ERROR,
    /** The event failed in a way that does not stop the run (e.g. a memcached NOT_STORED). */
    ERROR
}

package benchkit.core.stats;

/** Which direction of change in a metric is an improvement. */
public enum Direction {
    /** Throughput: more is better. */
    HIGHER_IS_BETTER,
    /** Latency, CPU, memory, errors: less is better. */
    LOWER_IS_BETTER,
    /** Neither, e.g. a server counter. */
    NEUTRAL
}

package benchkit.spi;

/** How values of a metric combine across iterations and forks (as JMH's AggregationPolicy). */
public enum Aggregation {
    AVG, SUM, MAX, MIN
}

package benchkit.core.result;

/** A metric aggregated over all measurement iterations of all forks, as JMH aggregates it. */
public record MetricScore(double score, double error, String unit) {
}

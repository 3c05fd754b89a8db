package benchkit.core.report;

/**
 * One metric of one JMH result entry: the score with JMH's 99.9% confidence interval.
 * Values JMH could not compute (e.g. the interval of a single sample) are {@code NaN}.
 *
 * @param score  mean over all measurement iterations of all forks
 * @param error  half-width of the 99.9% confidence interval
 * @param ciLow  lower end of the confidence interval
 * @param ciHigh upper end of the confidence interval
 * @param unit   e.g. {@code ops/s}, {@code ms}, {@code %}, {@code MB}
 */
public record MetricResult(double score, double error, double ciLow, double ciHigh, String unit) {
    public MetricResult {
        unit = unit == null ? "" : unit;
    }

    /** Whether both ends of the confidence interval are known. */
    public boolean hasInterval() {
        return Double.isFinite(ciLow) && Double.isFinite(ciHigh);
    }

    /** Whether the two confidence intervals share at least one value. */
    public boolean overlaps(MetricResult other) {
        return ciLow <= other.ciHigh && other.ciLow <= ciHigh;
    }
}

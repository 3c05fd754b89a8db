package benchkit.core.result;

import java.util.List;

/**
 * One metric of one JMH result entry: the score with JMH's 99.9% confidence interval, and the values
 * it was computed from. Values JMH could not compute (e.g. the interval of a single sample) are {@code NaN}.
 *
 * @param score   mean over all measurement iterations of all forks
 * @param error   half-width of JMH's 99.9% confidence interval ({@code scoreError})
 * @param ciLow   lower end of that interval
 * @param ciHigh  upper end of that interval
 * @param unit    e.g. {@code ops/s}, {@code ms}, {@code %}, {@code MB}
 * @param rawData per fork, the value of each measurement iteration (JMH's {@code rawData}); empty when
 *                the file has none
 */
public record MetricResult(double score, double error, double ciLow, double ciHigh, String unit, List<double[]> rawData) {
    public MetricResult {
        unit = unit == null ? "" : unit;
        rawData = rawData == null ? List.of() : List.copyOf(rawData);
    }

    public MetricResult(double score, double error, double ciLow, double ciHigh, String unit) {
        this(score, error, ciLow, ciHigh, unit, List.of());
    }

    /** Whether both ends of the confidence interval are known. */
    public boolean hasInterval() {
        return Double.isFinite(ciLow) && Double.isFinite(ciHigh);
    }
}

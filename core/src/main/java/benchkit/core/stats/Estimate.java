package benchkit.core.stats;

import org.openjdk.jmh.util.ListStatistics;

/**
 * Mean of a sample with its 99.9% Student-t confidence interval, computed by JMH's own
 * {@link ListStatistics} so our numbers match what JMH would report for the same data.
 * Like JMH, the error is NaN when there are fewer than three values.
 *
 * @param n     number of values
 * @param mean  arithmetic mean (NaN when empty)
 * @param error half-width of the confidence interval at {@link #CONFIDENCE}
 * @param lower lower bound of the interval
 * @param upper upper bound of the interval
 */
public record Estimate(long n, double mean, double error, double lower, double upper) {
    /** The confidence level JMH uses for {@code scoreError}. */
    public static final double CONFIDENCE = 0.999;

    public static Estimate of(double... values) {
        return of(new ListStatistics(values));
    }

    public static Estimate of(ListStatistics statistics) {
        double[] interval = statistics.getConfidenceIntervalAt(CONFIDENCE);
        return new Estimate(statistics.getN(), statistics.getMean(),
                statistics.getMeanErrorAt(CONFIDENCE), interval[0], interval[1]);
    }
}

package benchkit.history;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One metric of one workload, variant and thread count on one machine, over the stored runs in the order they started:
 * what a trend is drawn from and judged against. A run's point is the mean of its forks' means (the fork is the unit
 * of replication; iterations nest in it), with a 95% Student-t interval over the forks when it has two or more.
 */
public record Series(Key key, List<Point> points) {
    /** What makes runs comparable. */
    public record Key(String benchmark, String variant, int threads, String metric, String machine) {
        public String describe() {
            return benchmark.replaceFirst("^benchkit\\.", "") + (variant.isEmpty() ? "" : " [" + variant + "]")
                    + " at " + threads + " thread" + (threads == 1 ? "" : "s") + ", " + metric;
        }
    }

    /** One run's value: the mean of its fork means, and their 95% interval (NaN ends with one fork). */
    public record Point(StoredRun run, double value, double low, double high, int forks, String unit) {
    }

    private static final double POINT_CONFIDENCE = 0.95;

    /** Every series the runs hold for the given metrics (all metrics when empty), in first-seen order. */
    public static List<Series> of(List<StoredRun> runs, List<String> metrics) {
        Map<Key, List<Point>> series = new LinkedHashMap<>();
        for (StoredRun run : runs) {
            for (VariantResult r : run.results()) {
                for (var m : r.metrics().entrySet()) {
                    if (!metrics.isEmpty() && !metrics.contains(m.getKey())) {
                        continue;
                    }
                    point(run, m.getValue()).ifPresent(p -> series.computeIfAbsent(
                            new Key(r.benchmark(), r.variant(), r.threads(), m.getKey(), run.machine()),
                            k -> new ArrayList<>()).add(p));
                }
            }
        }
        List<Series> out = new ArrayList<>();
        series.forEach((k, v) -> out.add(new Series(k, List.copyOf(v))));
        return out;
    }

    /** The run's point for metric {@code m}, empty when the metric has no finite value in it. */
    static Optional<Point> point(StoredRun run, MetricResult m) {
        List<Double> forkMeans = new ArrayList<>();
        for (double[] fork : m.rawData()) {
            double[] finite = Arrays.stream(fork).filter(Double::isFinite).toArray();
            if (finite.length > 0) {
                forkMeans.add(Arrays.stream(finite).average().orElseThrow());
            }
        }
        if (forkMeans.isEmpty()) {
            return Double.isFinite(m.score()) ? Optional.of(new Point(run, m.score(), Double.NaN, Double.NaN, 1, m.unit()))
                    : Optional.empty();
        }
        int n = forkMeans.size();
        double mean = forkMeans.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        if (n < 2) {
            return Optional.of(new Point(run, mean, Double.NaN, Double.NaN, 1, m.unit()));
        }
        double sd = Math.sqrt(forkMeans.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        double half = new TDistribution(n - 1).inverseCumulativeProbability(0.5 + POINT_CONFIDENCE / 2) * sd / Math.sqrt(n);
        return Optional.of(new Point(run, mean, mean - half, mean + half, n, m.unit()));
    }

    /** The values, in run order. */
    public double[] values() {
        return points.stream().mapToDouble(Point::value).toArray();
    }
}

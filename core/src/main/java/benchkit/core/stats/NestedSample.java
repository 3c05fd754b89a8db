package benchkit.core.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The measurements of one variant of one metric at one thread count, as they were taken: per fork (a
 * fresh server with fresh data, the independent replicate) the values of its measurement iterations
 * (correlated within the fork). Forks are keyed by their number in the run, so that the forks of two
 * variants that ran side by side can be paired.
 */
public record NestedSample(Map<Integer, double[]> forks) {
    public NestedSample {
        Map<Integer, double[]> copy = new TreeMap<>();
        forks.forEach((fork, values) -> {
            double[] finite = Arrays.stream(values).filter(Double::isFinite).toArray();
            if (finite.length > 0) {
                copy.put(fork, finite);
            }
        });
        forks = java.util.Collections.unmodifiableMap(copy);
    }

    /** A sample whose forks are numbered 1, 2, ... in the order given. */
    public static NestedSample of(List<double[]> forks) {
        Map<Integer, double[]> numbered = new TreeMap<>();
        for (int i = 0; i < forks.size(); i++) {
            numbered.put(i + 1, forks.get(i));
        }
        return new NestedSample(numbered);
    }

    public int forkCount() {
        return forks.size();
    }

    public int iterationCount() {
        return forks.values().stream().mapToInt(v -> v.length).sum();
    }

    /** Each fork's mean, in fork order. */
    public double[] forkMeans() {
        return forks.values().stream().mapToDouble(NestedSample::mean).toArray();
    }

    /** The mean of the fork means: each fork counts once, however many iterations it finished. */
    public double mean() {
        return mean(forkMeans());
    }

    /** The sample restricted to the given forks (those it has). */
    public NestedSample only(java.util.Set<Integer> keep) {
        Map<Integer, double[]> kept = new TreeMap<>(forks);
        kept.keySet().retainAll(keep);
        return new NestedSample(kept);
    }

    public boolean allPositive() {
        return forks.values().stream().flatMapToDouble(Arrays::stream).allMatch(v -> v > 0);
    }

    public boolean allZero() {
        return forks.values().stream().flatMapToDouble(Arrays::stream).allMatch(v -> v == 0);
    }

    List<double[]> forkValues() {
        return new ArrayList<>(forks.values());
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.length == 0 ? Double.NaN : sum / values.length;
    }
}

package benchkit.core.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Change points in a series of results (one score per run, in run order), by E-divisive means: Matteson and James, "A
 * Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA 109 (2014), the method MongoDB's
 * performance CI and Hunter (Apache Otava) use, with the exponent alpha = 1. The best split of a segment maximises the
 * scaled energy distance between its two sides; it is kept when a permutation test (the values permuted within each
 * segment, the statistic the best split over all segments) gives it a p-value at or below the significance; then the
 * segments are searched again, until a split is not significant. Hierarchical and nonparametric: no distribution is
 * assumed, a shift in level or in spread alike is found, and on a series with no change the chance of any reported
 * change point is about the significance (ChangePointsTest measures it).
 *
 * <p>Hand-written: no maintained Java library implements it (Apache Commons Math has no change-point method); the
 * reference implementations are R's {@code ecp} and MongoDB's Python {@code signal-processing-algorithms}.
 */
public final class ChangePoints {
    /**
     * A change: the series changes from index {@code index} on (the first value of the new segment), with its
     * permutation-test {@code pValue}.
     */
    public record ChangePoint(int index, double pValue) {
    }

    private final double significance;
    private final int permutations;
    private final int minSegment;

    /**
     * @param significance the largest p-value a change point may have (e.g. 0.05)
     * @param permutations the permutations of each test (e.g. 199: the smallest p-value is 1/200)
     * @param minSegment   the fewest values on either side of a change (at least 2)
     */
    public ChangePoints(double significance, int permutations, int minSegment) {
        if (!(significance > 0 && significance < 1) || permutations < 1 || minSegment < 2) {
            throw new IllegalArgumentException("significance in (0, 1), permutations >= 1 and minSegment >= 2; got "
                    + significance + ", " + permutations + ", " + minSegment);
        }
        this.significance = significance;
        this.permutations = permutations;
        this.minSegment = minSegment;
    }

    /** The change points of {@code series}, by index; {@code seed} makes the permutations, so the answer is repeatable. */
    public List<ChangePoint> find(double[] series, long seed) {
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("a series of results must be finite numbers; got " + v);
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<int[]> segments = new ArrayList<>(List.of(new int[] {0, series.length}));
        List<ChangePoint> found = new ArrayList<>();
        while (true) {
            Split best = bestSplit(series, segments);
            if (best == null || best.q <= 0) {
                break;
            }
            double[] shuffled = series.clone();
            int asLarge = 0;
            for (int r = 0; r < permutations; r++) {
                for (int[] s : segments) {
                    shuffle(shuffled, s[0], s[1], random);
                }
                Split permuted = bestSplit(shuffled, segments);
                if (permuted != null && permuted.q >= best.q) {
                    asLarge++;
                }
            }
            double p = (asLarge + 1.0) / (permutations + 1.0);
            if (p > significance) {
                break;
            }
            found.add(new ChangePoint(best.at, p));
            int[] split = segments.remove(best.segment);
            segments.add(new int[] {split[0], best.at});
            segments.add(new int[] {best.at, split[1]});
        }
        found.sort(Comparator.comparingInt(ChangePoint::index));
        return found;
    }

    /** Where the whole series splits best (the index of the right side's first value), whether significant or not. */
    int bestSplitOf(double[] series) {
        Split s = bestSplit(series, 0, series.length);
        return s == null ? -1 : s.at;
    }

    /** The best split over all segments: where, in which segment, and its statistic; null when none is long enough. */
    private Split bestSplit(double[] x, List<int[]> segments) {
        Split best = null;
        for (int i = 0; i < segments.size(); i++) {
            Split s = bestSplit(x, segments.get(i)[0], segments.get(i)[1]);
            if (s != null && (best == null || s.q > best.q)) {
                best = new Split(s.at, i, s.q);
            }
        }
        return best;
    }

    /**
     * The split of x[from, to) that maximises Q = m n / (m + n) * (2/(m n) sum|X - Y| - 1/C(m,2) sum|X - X'| -
     * 1/C(n,2) sum|Y - Y'|), the left side X of m values and the right side Y of n. The three sums are carried from one
     * split to the next (the value moving from Y to X), so a segment of L values costs O(L^2), not O(L^3).
     */
    private Split bestSplit(double[] x, int from, int to) {
        int first = from + minSegment;
        int last = to - minSegment;
        if (first > last) {
            return null;
        }
        double within = 0;      // pairs inside X
        double across = 0;      // pairs between X and Y
        double inY = 0;         // pairs inside Y
        for (int i = from; i < first; i++) {
            for (int k = i + 1; k < first; k++) {
                within += Math.abs(x[i] - x[k]);
            }
            for (int j = first; j < to; j++) {
                across += Math.abs(x[i] - x[j]);
            }
        }
        for (int j = first; j < to; j++) {
            for (int k = j + 1; k < to; k++) {
                inY += Math.abs(x[j] - x[k]);
            }
        }
        Split best = null;
        for (int tau = first; ; tau++) {
            double m = tau - from;
            double n = to - tau;
            double e = 2 * across / (m * n) - within / (m * (m - 1) / 2) - inY / (n * (n - 1) / 2);
            double q = m * n / (m + n) * e;
            if (best == null || q > best.q) {
                best = new Split(tau, -1, q);
            }
            if (tau == last) {
                return best;
            }
            // x[tau] moves from Y to X
            double toX = 0;
            double toY = 0;
            for (int i = from; i < tau; i++) {
                toX += Math.abs(x[i] - x[tau]);
            }
            for (int j = tau + 1; j < to; j++) {
                toY += Math.abs(x[tau] - x[j]);
            }
            within += toX;
            inY -= toY;
            across += toY - toX;
        }
    }

    private static void shuffle(double[] x, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            double t = x[i];
            x[i] = x[j];
            x[j] = t;
        }
    }

    private record Split(int at, int segment, double q) {
    }
}

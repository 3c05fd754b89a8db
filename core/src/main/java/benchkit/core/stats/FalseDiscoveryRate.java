package benchkit.core.stats;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Benjamini and Hochberg's step-up procedure (J. R. Stat. Soc. B 57, 1995): of m tests, those it selects
 * hold a share of false claims of at most q on average, under independence or the positive dependence of
 * a run's metrics (throughput, latency and CPU per query move together). When nothing differs, as in an
 * A/A run, that is the chance that the run claims anything at all. Written out here because it is a sort
 * and a scan; commons-math, which bench already uses, does not have it.
 */
public final class FalseDiscoveryRate {
    private FalseDiscoveryRate() {
    }

    /**
     * Which p-values the procedure selects at level {@code q}: the k smallest, for the largest k with
     * p(k) <= k q / m. NaN p-values are not tests: they are never selected and do not count in m.
     */
    public static boolean[] selected(double[] p, double q) {
        return selected(p, q, (i, alpha) -> alpha);
    }

    /** The level test {@code i}'s p-value is compared with for an overall level alpha (e.g. its look's nominal level). */
    @FunctionalInterface
    public interface Levels {
        double level(int test, double alpha);
    }

    /**
     * The same step-up, each test's p-value compared with its own nominal level at the step's level k q / m:
     * for tests whose intervals were looked at repeatedly, the level of the look they stopped at.
     */
    public static boolean[] selected(double[] p, double q, Levels levels) {
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("false discovery rate must be between 0 and 1, got " + q);
        }
        int m = tests(p);
        // only tests that pass at the largest step, q itself, can pass at any step
        int[] candidates = IntStream.range(0, p.length)
                .filter(i -> !Double.isNaN(p[i]) && p[i] <= levels.level(i, q)).toArray();
        for (int k = candidates.length; k >= 1; k--) {
            double alpha = k * q / m;
            int[] passing = Arrays.stream(candidates).filter(i -> p[i] <= levels.level(i, alpha)).toArray();
            if (passing.length >= k) {
                boolean[] chosen = new boolean[p.length];
                Arrays.stream(passing).forEach(i -> chosen[i] = true);
                return chosen;
            }
        }
        return new boolean[p.length];
    }

    /** How many of {@code p} are tests (not NaN): the m of the procedure. */
    public static int tests(double[] p) {
        return (int) Arrays.stream(p).filter(v -> !Double.isNaN(v)).count();
    }

    /**
     * The confidence of the intervals shown for the R selected of m tests, so that their false coverage
     * rate stays at q (Benjamini and Yekutieli, JASA 100, 2005): 1 - R q / m.
     */
    public static double selectedConfidence(int selected, int tests, double q) {
        return 1 - selected * q / tests;
    }
}

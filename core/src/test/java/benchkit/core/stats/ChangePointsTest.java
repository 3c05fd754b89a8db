package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** E-divisive means on series with known shifts, and on A/A series, where it must not invent changes. */
class ChangePointsTest {
    private static final ChangePoints METHOD = new ChangePoints(0.05, 199, 3);

    /** Twenty runs: N(100, 2) until run 12, N(100 + shift, 2) from there on (index 11, counting from 0). */
    private static double[] series(long seed, double shift, int at) {
        Random r = new Random(seed);
        double[] x = new double[20];
        for (int i = 0; i < x.length; i++) {
            x[i] = 100 + (i >= at ? shift : 0) + 2 * r.nextGaussian();
        }
        return x;
    }

    @Test
    void aShiftOfThreeSigmaAtRunTwelveIsFoundThere() {
        int exact = 0;
        int near = 0;
        for (long seed = 1; seed <= 50; seed++) {
            List<ChangePoints.ChangePoint> found = METHOD.find(series(seed, -6, 11), seed);
            if (found.stream().anyMatch(c -> c.index() == 11)) {
                exact++;
            }
            if (found.stream().anyMatch(c -> Math.abs(c.index() - 11) <= 1)) {
                near++;
            }
        }
        assertTrue(exact >= 40, "found at run 12 in " + exact + " of 50 series");
        assertTrue(near >= 47, "found within one run of it in " + near + " of 50 series");
    }

    @Test
    void twoShiftsAreBothFound() {
        double[] x = new double[30];
        Random r = new Random(7);
        for (int i = 0; i < x.length; i++) {
            x[i] = (i < 10 ? 100 : i < 20 ? 80 : 95) + r.nextGaussian();
        }
        List<ChangePoints.ChangePoint> found = METHOD.find(x, 1);
        assertEquals(List.of(10, 20), found.stream().map(ChangePoints.ChangePoint::index).toList(), found.toString());
        assertTrue(found.stream().allMatch(c -> c.pValue() <= 0.05), found.toString());
    }

    /**
     * A/A series (nothing changes): a series with any change point reported is a false alarm. At a significance of 0.05
     * the rate over 1,000 series must be near 5%: at most 7% (the binomial's 95% bound is about 6.4%).
     */
    @Test
    void aaSeriesRaiseFalseAlarmsAtAboutTheSignificance() {
        int alarms = 0;
        int series = 1000;
        for (long seed = 1; seed <= series; seed++) {
            if (!METHOD.find(series(seed, 0, 0), seed).isEmpty()) {
                alarms++;
            }
        }
        double rate = alarms / (double) series;
        System.out.printf("E-divisive, 20-run A/A series: %d of %d with a change point (%.1f%%)%n", alarms, series, 100 * rate);
        assertTrue(rate <= 0.07, "false-alarm rate " + rate);
        assertTrue(rate >= 0.01, "a rate far below the significance means the test has lost its power: " + rate);
    }

    @Test
    void aConstantSeriesHasNoChange() {
        assertEquals(List.of(), METHOD.find(new double[] {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, 1));
    }

    @Test
    void theSameSeedGivesTheSameAnswer() {
        double[] x = series(3, -3, 11);
        assertEquals(METHOD.find(x, 42), METHOD.find(x, 42));
    }

    /** The incremental sums give the split the statistic's formula, summed pair by pair, gives. */
    @Test
    void theBestSplitIsTheFormulasArgmax() {
        for (long seed = 1; seed <= 20; seed++) {
            double[] x = series(seed, seed % 3 - 1, (int) (3 + seed % 14));
            int best = -1;
            double bestQ = Double.NEGATIVE_INFINITY;
            for (int tau = 3; tau <= x.length - 3; tau++) {
                double q = statistic(x, tau);
                if (q > bestQ) {
                    bestQ = q;
                    best = tau;
                }
            }
            assertEquals(best, METHOD.bestSplitOf(x), "seed " + seed);
        }
    }

    private static double statistic(double[] x, int tau) {
        int m = tau;
        int n = x.length - tau;
        double across = 0;
        double left = 0;
        double right = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                double d = Math.abs(x[i] - x[j]);
                if (j < tau) {
                    left += d;
                } else if (i >= tau) {
                    right += d;
                } else {
                    across += d;
                }
            }
        }
        double e = 2 * across / (m * n) - left / (m * (m - 1) / 2.0) - right / (n * (n - 1) / 2.0);
        return m * n / (double) (m + n) * e;
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> METHOD.find(new double[] {1, Double.NaN, 3}, 1));
        assertThrows(IllegalArgumentException.class, () -> new ChangePoints(0.05, 199, 1));
        assertThrows(IllegalArgumentException.class, () -> new ChangePoints(1.5, 199, 3));
    }

    @Test
    void aSeriesTooShortToSplitHasNoChange() {
        assertEquals(List.of(), METHOD.find(new double[] {1, 2, 30, 40, 50}, 1));
    }
}

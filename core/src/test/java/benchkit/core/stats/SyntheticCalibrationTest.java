package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interval and the run-wide claims on synthetic nested data shaped like the A/A runs measured on
 * this machine (docs/statistics.md): slices that vary by 5-10% (log SD), some fork-to-fork variance,
 * and a run's metrics that share their slices' noise. Seeded, so a failure is a change in the method.
 */
class SyntheticCalibrationTest {
    private static final EffectEstimator FORKS_T = new EffectEstimator(EffectMethod.FORKS_T, 0.95);

    /** One variant's slices: fork effect plus slice noise, on the log scale around 1000. */
    private static NestedSample variant(double[][] logNoise) {
        List<double[]> forks = new ArrayList<>();
        for (double[] fork : logNoise) {
            double[] values = new double[fork.length];
            for (int i = 0; i < fork.length; i++) {
                values[i] = 1000 * Math.exp(fork[i]);
            }
            forks.add(values);
        }
        return NestedSample.of(forks);
    }

    private static double[][] noise(SplittableRandom random, int forks, int slices, double forkSd, double sliceSd) {
        double[][] x = new double[forks][slices];
        for (int f = 0; f < forks; f++) {
            double u = forkSd * random.nextGaussian();
            for (int i = 0; i < slices; i++) {
                x[f][i] = u + sliceSd * random.nextGaussian();
            }
        }
        return x;
    }

    /** The paired t interval on log fork means covers "no change" 95% of the time, at 3 x 3 and at the defaults' 5 x 4. */
    @Test
    void forkTIntervalCoversNoChangeAtItsLevel() {
        SplittableRandom random = new SplittableRandom(7);
        for (int[] design : new int[][] {{3, 3}, {5, 4}}) {
            for (double[] sds : new double[][] {{0, 0.10}, {0.02, 0.05}, {0.08, 0.05}}) {
                int covered = 0;
                int runs = 4000;
                for (int r = 0; r < runs; r++) {
                    NestedSample a = variant(noise(random, design[0], design[1], sds[0], sds[1]));
                    NestedSample b = variant(noise(random, design[0], design[1], sds[0], sds[1]));
                    Effect e = FORKS_T.estimate(a, b, true);
                    covered += e.low() <= 1 && e.high() >= 1 ? 1 : 0;
                    double p = FORKS_T.pValue(a, b, true);
                    assertTrue((p < 0.05) == !(e.low() <= 1 && e.high() >= 1), "p " + p + " agrees with " + e.describe());
                }
                double coverage = (double) covered / runs;
                System.out.printf(java.util.Locale.ROOT, "fork-t coverage %.3f at %d x %d, fork SD %.2f, slice SD %.2f%n",
                        coverage, design[0], design[1], sds[0], sds[1]);
                // 4000 runs: the standard error of a 95% coverage is 0.34 points
                assertTrue(coverage > 0.937 && coverage < 0.963, "coverage " + coverage + " at " + design[0] + " x "
                        + design[1] + ", fork SD " + sds[0] + ", slice SD " + sds[1]);
            }
        }
    }

    /**
     * A/A runs of 20 metrics that share their slices' noise (as tps, qps, latency and CPU per query do): judged
     * one by one, a large share of runs claims something; judged as a family, at most about 5%.
     */
    @Test
    void aRunClaimsSomethingFalseInAtMostOneRunInTwentyWhenJudgedAsAFamily() {
        SplittableRandom random = new SplittableRandom(11);
        int runs = 1500;
        int metrics = 20;
        int anyMarginal = 0;
        int anyFamily = 0;
        for (int r = 0; r < runs; r++) {
            double[][] sharedA = noise(random, 3, 3, 0.01, 0.08);
            double[][] sharedB = noise(random, 3, 3, 0.01, 0.08);
            double[] p = new double[metrics];
            boolean marginal = false;
            for (int m = 0; m < metrics; m++) {
                double[][] ownA = noise(random, 3, 3, 0, 0.04);
                double[][] ownB = noise(random, 3, 3, 0, 0.04);
                NestedSample a = variant(add(sharedA, ownA));
                NestedSample b = variant(add(sharedB, ownB));
                p[m] = FORKS_T.pValue(a, b, true);
                marginal |= p[m] < 0.05;
            }
            anyMarginal += marginal ? 1 : 0;
            boolean family = false;
            for (boolean s : FalseDiscoveryRate.selected(p, 0.05)) {
                family |= s;
            }
            anyFamily += family ? 1 : 0;
        }
        double marginalRate = (double) anyMarginal / runs;
        double familyRate = (double) anyFamily / runs;
        System.out.printf(java.util.Locale.ROOT, "A/A runs of %d metrics with any claim: %.3f judged one by one, %.3f as a family%n",
                metrics, marginalRate, familyRate);
        assertTrue(marginalRate > 0.2, "judged one by one, many runs claim something: " + marginalRate);
        // 1500 runs: the standard error of a 5% rate is 0.56 points
        assertTrue(familyRate <= 0.065, "runs with a false claim, judged as a family: " + familyRate);
    }

    private static double[][] add(double[][] x, double[][] y) {
        double[][] s = new double[x.length][];
        for (int f = 0; f < x.length; f++) {
            s[f] = new double[x[f].length];
            for (int i = 0; i < x[f].length; i++) {
                s[f][i] = x[f][i] + y[f][i];
            }
        }
        return s;
    }
}

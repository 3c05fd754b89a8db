package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The estimator against cases with known answers: analytic intervals, and coverage on synthetic nested data. */
class EffectEstimatorTest {
    private static final EffectEstimator FORKS_T = new EffectEstimator(EffectMethod.FORKS_T, 0.95);

    /**
     * Synthetic nested data: per fork a server-instance factor (lognormal, {@code forkCv}) and a factor of
     * the minutes the fork ran in that both variants of a paired fork share ({@code sharedCv}); per
     * iteration independent noise ({@code iterationCv}); B is {@code effect} times A.
     */
    private static NestedSample[] pair(Random r, int forks, int iterations, double effect, double forkCv,
                                       double sharedCv, double iterationCv) {
        double[][] a = new double[forks][iterations];
        double[][] b = new double[forks][iterations];
        for (int f = 0; f < forks; f++) {
            double shared = Math.exp(sharedCv * r.nextGaussian());
            double ia = Math.exp(forkCv * r.nextGaussian());
            double ib = Math.exp(forkCv * r.nextGaussian());
            for (int i = 0; i < iterations; i++) {
                a[f][i] = 1000 * shared * ia * Math.exp(iterationCv * r.nextGaussian());
                b[f][i] = 1000 * effect * shared * ib * Math.exp(iterationCv * r.nextGaussian());
            }
        }
        return new NestedSample[] {NestedSample.of(List.of(a)), NestedSample.of(List.of(b))};
    }

    @Test
    void pairedIntervalMatchesTheAnalyticTInterval() {
        // Fork log ratios ln(1.1), ln(1.2), ln(1.0): mean m, sd s; t(0.975, 2) = 4.302652729911275
        NestedSample a = NestedSample.of(List.of(new double[] {100}, new double[] {100}, new double[] {100}));
        NestedSample b = NestedSample.of(List.of(new double[] {110}, new double[] {120}, new double[] {100}));
        double[] d = {Math.log(1.1), Math.log(1.2), 0};
        double m = (d[0] + d[1] + d[2]) / 3;
        double s = Math.sqrt(((d[0] - m) * (d[0] - m) + (d[1] - m) * (d[1] - m) + m * m) / 2);
        Effect e = FORKS_T.estimate(a, b, true);
        assertEquals(Math.exp(m), e.ratio(), 1e-12);
        assertEquals(Math.exp(m - 4.302652729911275 * s / Math.sqrt(3)), e.low(), 1e-9);
        assertEquals(Math.exp(m + 4.302652729911275 * s / Math.sqrt(3)), e.high(), 1e-9);
        assertEquals(3, e.forksA());
    }

    @Test
    void againstAStoredValueIsTheOneSampleTIntervalOnLogForkMeans() {
        // fork means 90, 100, 95 against 100: log ratios' mean m and sd s; t(0.975, 2) = 4.302652729911275
        NestedSample b = NestedSample.of(List.of(new double[] {89, 91}, new double[] {100}, new double[] {95}));
        double[] d = {Math.log(0.9), 0, Math.log(0.95)};
        double m = (d[0] + d[1] + d[2]) / 3;
        double s = Math.sqrt(((d[0] - m) * (d[0] - m) + (d[1] - m) * (d[1] - m) + (d[2] - m) * (d[2] - m)) / 2);
        Effect e = FORKS_T.againstReference(100, b);
        assertEquals(Math.exp(m), e.ratio(), 1e-12);
        assertEquals(Math.exp(m - 4.302652729911275 * s / Math.sqrt(3)), e.low(), 1e-9);
        assertEquals(Math.exp(m + 4.302652729911275 * s / Math.sqrt(3)), e.high(), 1e-9);
        assertEquals("", e.note());
        Effect one = FORKS_T.againstReference(100, NestedSample.of(List.of(new double[] {90, 92, 88})));
        assertTrue(one.hasInterval() && one.note().contains("iterations only"), one.note());
    }

    @Test
    void iterationsOfOneForkAreNotReplicates() {
        NestedSample a = NestedSample.of(List.of(new double[] {100, 101, 99, 100, 100, 101}));
        NestedSample b = NestedSample.of(List.of(new double[] {110, 111, 109, 110, 110, 111}));
        Effect e = FORKS_T.estimate(a, b, true);
        assertFalse(e.hasInterval(), "one fork says nothing of fork-to-fork variance");
        assertEquals(1.1, e.ratio(), 0.001);
        assertTrue(e.note().contains("one fork"));
    }

    /** The bootstrap of one fork's iterations would leave out fork-to-fork variance: no interval, as forks-t (case 68). */
    @Test
    void bootstrapOfOneForkGivesNoIntervalAsForksTDoes() {
        EffectEstimator bootstrap = new EffectEstimator(EffectMethod.BOOTSTRAP, 0.95);
        NestedSample a = NestedSample.of(List.of(new double[] {100, 101, 99, 100, 100, 101}));
        NestedSample b = NestedSample.of(List.of(new double[] {110, 111, 109, 110, 110, 111}));
        for (boolean paired : new boolean[] {false, true}) {
            Effect e = bootstrap.estimate(a, b, paired);
            assertFalse(e.hasInterval(), e.describe());
            assertEquals(FORKS_T.estimate(a, b, paired).describe(), e.describe());
            assertTrue(Double.isNaN(bootstrap.pValue(a, b, paired)), "no p-value claims a change either");
        }
    }

    @Test
    void pairingUsesOnlyForksBothSidesFinished() {
        NestedSample a = new NestedSample(Map.of(1, new double[] {100}, 2, new double[] {200}, 3, new double[] {100}));
        NestedSample b = new NestedSample(Map.of(1, new double[] {110}, 3, new double[] {110}));
        Effect e = FORKS_T.estimate(a, b, true);
        assertEquals(2, e.forksA());
        assertEquals(1.1, e.ratio(), 1e-12);
    }

    @Test
    void zerosOnBothSidesAreTheSame() {
        NestedSample zero = NestedSample.of(List.of(new double[] {0, 0}, new double[] {0, 0}));
        Effect e = FORKS_T.estimate(zero, zero, true);
        assertEquals(1, e.ratio());
        assertEquals(Verdict.SAME, Judgement.of(e, Direction.LOWER_IS_BETTER, 0.02, FORKS_T).verdict());
    }

    /**
     * Coverage of the nominal 95%: the true effect is inside the interval in 93-97% of 2000 synthetic
     * experiments. Paired: forks share 10% drift; unpaired (two runs): nothing is shared.
     */
    @Test
    void forksTIntervalsCoverTheTrueEffect() {
        for (boolean paired : new boolean[] {true, false}) {
            Random r = new Random(42);
            int covered = 0;
            int runs = 2000;
            for (int k = 0; k < runs; k++) {
                NestedSample[] s = pair(r, 5, 4, 1.05, 0.03, paired ? 0.10 : 0.0, 0.03);
                Effect e = FORKS_T.estimate(s[0], s[1], paired);
                if (e.low() <= 1.05 && 1.05 <= e.high()) {
                    covered++;
                }
            }
            double coverage = (double) covered / runs;
            assertTrue(coverage > 0.93 && coverage < 0.97, (paired ? "paired" : "unpaired") + " coverage " + coverage);
        }
    }

    /** The same synthetic experiments show why pairing matters: shared drift widens unpaired intervals. */
    @Test
    void pairingNarrowsTheIntervalWhenForksShareTheirMinutes() {
        Random r = new Random(7);
        double paired = 0;
        double unpaired = 0;
        for (int k = 0; k < 200; k++) {
            NestedSample[] s = pair(r, 5, 4, 1.0, 0.01, 0.10, 0.02);
            paired += Math.log(FORKS_T.estimate(s[0], s[1], true).high() / FORKS_T.estimate(s[0], s[1], true).low());
            unpaired += Math.log(FORKS_T.estimate(s[0], s[1], false).high() / FORKS_T.estimate(s[0], s[1], false).low());
        }
        assertTrue(paired * 3 < unpaired, "paired " + paired / 200 + " vs unpaired " + unpaired / 200);
    }

    /** Kalibera and Jones's bootstrap is close to the t interval with many forks, and too narrow with few. */
    @Test
    void hierarchicalBootstrapNeedsManyForks() {
        EffectEstimator bootstrap = new EffectEstimator(EffectMethod.BOOTSTRAP, 0.95);
        Random r = new Random(3);
        NestedSample[] many = pair(r, 40, 4, 1.05, 0.03, 0.0, 0.03);
        Effect t = FORKS_T.estimate(many[0], many[1], false);
        Effect b = bootstrap.estimate(many[0], many[1], false);
        assertEquals(Math.log(t.high() / t.low()), Math.log(b.high() / b.low()), 0.25 * Math.log(t.high() / t.low()));
        int coveredFew = 0;
        for (int k = 0; k < 300; k++) {
            NestedSample[] few = pair(r, 3, 4, 1.05, 0.03, 0.0, 0.03);
            Effect e = bootstrap.estimate(few[0], few[1], false);
            if (e.low() <= 1.05 && 1.05 <= e.high()) {
                coveredFew++;
            }
        }
        assertTrue(coveredFew < 0.90 * 300, "with 3 forks the bootstrap covers only " + coveredFew + " of 300");
    }

    @Test
    void forksToSettleFollowTheForkToForkSpread() {
        Random r = new Random(11);
        NestedSample[] s = pair(r, 3, 4, 1.0, 0.05, 0.0, 0.02);
        Effect e = FORKS_T.estimate(s[0], s[1], true);
        var forks = FORKS_T.forksToSettle(e, 0.02);
        assertTrue(forks.isPresent());
        // the interval at that many forks, with the same spread, fits the band
        int n = forks.getAsInt();
        double half = new org.apache.commons.math3.distribution.TDistribution(n - 1).inverseCumulativeProbability(0.975)
                * e.forkLogSd() / Math.sqrt(n);
        assertTrue(half < Math.log(1.02) - Math.abs(Math.log(e.ratio())) || half < Math.abs(Math.log(e.ratio())));
        assertTrue(n > 3, "a 5% fork-to-fork spread needs more than 3 forks for a 2% band: " + n);
    }
}

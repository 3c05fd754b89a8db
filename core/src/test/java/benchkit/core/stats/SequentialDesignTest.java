package benchkit.core.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SequentialDesignTest {
    private static final SequentialDesign.Spending HSD = new SequentialDesign.Spending.HwangShihDeCani(-4);
    private static final List<SequentialDesign.Spending> SPENDINGS = List.of(SequentialDesign.Spending.O_BRIEN_FLEMING, HSD);

    static List<SequentialDesign.Spending> spendings() {
        return SPENDINGS;
    }

    /**
     * Lan-DeMets O'Brien-Fleming-type spending, five equally spaced looks, two-sided alpha 0.05: the boundaries
     * published by Jennison and Turnbull (2000, table 7.5) and computed by gsDesign's sfLDOF.
     */
    @Test
    void boundariesMatchThePublishedOnes() {
        double[] c = SequentialDesign.boundaries(new double[]{0.2, 0.4, 0.6, 0.8, 1.0}, 0.05, SequentialDesign.Spending.O_BRIEN_FLEMING);
        double[] published = {4.877, 3.357, 2.680, 2.290, 2.031};
        for (int i = 0; i < c.length; i++) {
            assertEquals(published[i], c[i], 0.002, "look " + (i + 1));
        }
    }

    /**
     * Hwang-Shih-DeCani spending with gamma -4, three equally spaced looks, each tail 2.5%: gsDesign's default design,
     * whose efficacy bounds it prints as 3.0107, 2.5465, 1.9992 (gsDesign(), test.type 2).
     */
    @Test
    void hwangShihDeCaniBoundariesMatchGsDesigns() {
        double[] c = SequentialDesign.boundaries(new double[]{1 / 3.0, 2 / 3.0, 1.0}, 0.05, HSD);
        double[] published = {3.0107, 2.5465, 1.9992};
        for (int i = 0; i < c.length; i++) {
            assertEquals(published[i], c[i], 0.002, "look " + (i + 1));
        }
    }

    /** Hwang-Shih-DeCani's gamma sets how early the alpha goes: -4 spends less by half-way than 1 (Pocock-like). */
    @Test
    void gammaSetsHowEarlyTheAlphaIsSpent() {
        double half4 = HSD.spent(0.5, 0.05);
        double half1 = new SequentialDesign.Spending.HwangShihDeCani(1).spent(0.5, 0.05);
        assertEquals(0.05, HSD.spent(1, 0.05), 1e-12);
        assertEquals(0.025, new SequentialDesign.Spending.HwangShihDeCani(0).spent(0.5, 0.05), 1e-12, "gamma 0 spends evenly");
        assertTrue(half4 < 0.01 && half1 > 0.03, half4 + " and " + half1);
    }

    @Test
    void oneLookAtTheEndIsTheFixedDesign() {
        assertEquals(0.05, new SequentialDesign(5, 5).nominalLevel(5, 0.05), 0.004, "to the calibration's simulation error");
        assertEquals(0.05, new SequentialDesign(5, 5, HSD).nominalLevel(5, 0.05), 0.004, "to the calibration's simulation error");
    }

    @Test
    void earlyLooksAreStricterAndTheLastCostsLittle() {
        SequentialDesign d = new SequentialDesign(3, 10);
        double first = d.nominalLevel(3, 0.05);
        double last = d.nominalLevel(10, 0.05);
        assertTrue(first < 0.001, "first look " + first);
        assertTrue(last > 0.025 && last < 0.05, "last look " + last);
        assertTrue(d.nominalLevel(2, 0.05) == first && d.nominalLevel(12, 0.05) == last, "outside the looks");
    }

    /**
     * A design with more looks is stricter at every fork count: what a combined report of several workloads, each
     * run until settled with its own last look, relies on when it judges them all with the most looks.
     */
    @Test
    void moreLooksAreStricterAtEveryFork() {
        for (SequentialDesign.Spending spending : SPENDINGS) {
            for (int most = 3; most <= 12; most++) {
                SequentialDesign shorter = new SequentialDesign(3, most, spending);
                SequentialDesign longer = new SequentialDesign(3, most + 1, spending);
                for (int forks = 3; forks <= most; forks++) {
                    assertTrue(longer.nominalLevel(forks, 0.05) <= shorter.nominalLevel(forks, 0.05),
                            "at " + forks + " forks, " + longer + " against " + shorter);
                }
            }
        }
    }

    @Test
    void writtenAndReadBack() {
        assertEquals(new SequentialDesign(3, 12), SequentialDesign.parse(SequentialDesign.parse("3..12").toString()));
        assertEquals(new SequentialDesign(3, 19, HSD), SequentialDesign.parse(new SequentialDesign(3, 19, HSD).toString()));
        assertEquals("3..19 hsd(-4)", new SequentialDesign(3, 19, HSD).toString());
        assertEquals(new SequentialDesign(3, 7, new SequentialDesign.Spending.HwangShihDeCani(-1.5)),
                SequentialDesign.parse("3..7 hsd(-1.5)"));
        assertThrows(IllegalArgumentException.class, () -> SequentialDesign.parse("3..12 hsd"));
        assertThrows(IllegalArgumentException.class, () -> SequentialDesign.parse("3-12"));
        assertThrows(IllegalArgumentException.class, () -> new SequentialDesign(4, 3));
    }

    /**
     * What the design is for: an A/A comparison looked at after every fork from 3 to 10, stopped at the first
     * look whose interval excludes no change. With each look's plain 95% t interval that claims a difference in
     * far more than 5% of runs; with the repeated intervals (fork-level t at each look's nominal level) at most
     * 5%. Another seed than the design's own calibration. Slices and forks shaped like this machine's A/A runs (docs/statistics.md). Seeded.
     */
    @ParameterizedTest
    @MethodSource("spendings")
    void stoppingAtTheFirstClaimKeepsTheRunWideRate(SequentialDesign.Spending spending) {
        SequentialDesign design = new SequentialDesign(3, 10, spending);
        EffectEstimator plain = new EffectEstimator(EffectMethod.FORKS_T, 0.95);
        EffectEstimator repeated = new EffectEstimator(EffectMethod.FORKS_T, 0.95, Optional.of(design));
        SplittableRandom random = new SplittableRandom(36);
        int runs = 4000;
        int plainClaims = 0;
        int repeatedClaims = 0;
        for (int run = 0; run < runs; run++) {
            List<double[]> a = new ArrayList<>();
            List<double[]> b = new ArrayList<>();
            boolean plainClaimed = false;
            boolean repeatedClaimed = false;
            for (int fork = 1; fork <= design.maxForks(); fork++) {
                double shared = 0.03 * random.nextGaussian();
                a.add(slices(random, shared));
                b.add(slices(random, shared));
                if (fork >= design.firstLook()) {
                    plainClaimed |= excludesOne(plain.estimate(NestedSample.of(a), NestedSample.of(b), true));
                    repeatedClaimed |= excludesOne(repeated.estimate(NestedSample.of(a), NestedSample.of(b), true));
                }
            }
            plainClaims += plainClaimed ? 1 : 0;
            repeatedClaims += repeatedClaimed ? 1 : 0;
        }
        double plainRate = (double) plainClaims / runs;
        double repeatedRate = (double) repeatedClaims / runs;
        assertTrue(plainRate > 0.10, "looking 8 times at plain 95% intervals: " + plainRate);
        assertTrue(repeatedRate <= 0.058, "repeated intervals: " + repeatedRate);
        assertTrue(repeatedRate >= 0.02, "repeated intervals should not be needlessly wide: " + repeatedRate);
    }

    /** The p-value is below the look's nominal level exactly when the look's repeated 95% interval excludes no change. */
    @Test
    void pValueAgreesWithTheInterval() {
        SequentialDesign design = new SequentialDesign(3, 8);
        EffectEstimator repeated = new EffectEstimator(EffectMethod.FORKS_T, 0.95, Optional.of(design));
        SplittableRandom random = new SplittableRandom(7);
        int agree = 0;
        for (int run = 0; run < 300; run++) {
            List<double[]> a = new ArrayList<>();
            List<double[]> b = new ArrayList<>();
            int forks = 3 + random.nextInt(6);
            for (int fork = 0; fork < forks; fork++) {
                double shared = 0.03 * random.nextGaussian();
                a.add(slices(random, shared));
                b.add(slices(random, shared + 0.01));
            }
            Effect e = repeated.estimate(NestedSample.of(a), NestedSample.of(b), true);
            double p = repeated.pValue(NestedSample.of(a), NestedSample.of(b), true);
            double level = repeated.nominalLevel(NestedSample.of(a), NestedSample.of(b), true, 0.05);
            agree += excludesOne(e) == (p < level) ? 1 : 0;
        }
        assertTrue(agree >= 298, agree + " of 300 agree");
    }

    private static double[] slices(SplittableRandom random, double shared) {
        double[] s = new double[4];
        for (int i = 0; i < s.length; i++) {
            s[i] = 1000 * Math.exp(shared + 0.01 * random.nextGaussian());
        }
        return s;
    }

    private static boolean excludesOne(Effect e) {
        return e.hasInterval() && (e.low() > 1 || e.high() < 1);
    }
}

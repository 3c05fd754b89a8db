package benchkit.core.api;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpectationsTest {
    /** A result whose tps and p95 forks are given as raw data (one array per fork). */
    private static VariantResult result(List<double[]> tps, List<double[]> p95) {
        Map<String, MetricResult> metrics = new LinkedHashMap<>();
        metrics.put(VariantResult.PRIMARY, metric(tps, "ops/s"));
        metrics.put("latency.p95", metric(p95, "ms"));
        return new VariantResult("benchkit.point-select", "v", 8, Map.of(), Map.of(), metrics);
    }

    private static MetricResult metric(List<double[]> forks, String unit) {
        double mean = forks.stream().flatMapToDouble(Arrays::stream).average().orElse(Double.NaN);
        return new MetricResult(mean, Double.NaN, Double.NaN, Double.NaN, unit, forks);
    }

    private static List<double[]> forks(double... means) {
        return Arrays.stream(means).mapToObj(m -> new double[]{m * 0.99, m * 1.01}).toList();
    }

    @Test
    void throughputRegressionOnlyWhenTheIntervalExcludesNoChangeAndPassesTheTolerance() {
        List<double[]> p95 = forks(1, 1, 1);
        // forks at 900, 905, 895 against 1000: -10% [-11.5, -8.5]: slower beyond 5%
        AssertionError e = assertThrows(AssertionError.class,
                () -> Expectations.throughputNotBelow(result(forks(900, 905, 895), p95), 1000, 5));
        assertTrue(e.getMessage().contains("is slower -10.0% [") && e.getMessage().contains("3 forks, 6 iterations")
                && e.getMessage().contains("tolerance 5%"), e.getMessage());
        // the same forks against 920: -2.2%, below the 5% tolerance: passes
        assertDoesNotThrow(() -> Expectations.throughputNotBelow(result(forks(900, 905, 895), p95), 920, 5));
        // forks spread widely around 1000: the point is on the baseline but the interval reaches -5% and beyond: a
        // strict gate cannot rule out a regression and fails, saying what would settle it; a lenient one passes
        VariantResult wide = result(forks(800, 1200, 1000), p95);
        AssertionError undecided = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(wide, 1000, 5));
        assertTrue(undecided.getMessage().contains("the interval cannot rule out a change beyond the tolerance (3 forks, "
                + "6 iterations; 95% interval over forks; tolerance 5%)") && undecided.getMessage().contains("forks would "
                + "probably settle it (have 3)") && undecided.getMessage().contains("Expectations.Gate.LENIENT"),
                undecided.getMessage());
        assertDoesNotThrow(() -> Expectations.throughputNotBelow(wide, 1000, 5, Expectations.Gate.LENIENT));
        // lenient still fails a point estimate beyond the tolerance
        AssertionError point = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(
                result(forks(700, 1100, 900), p95), 1000, 5, Expectations.Gate.LENIENT));
        assertTrue(point.getMessage().contains("against 1000.000, beyond the tolerance on its point estimate"),
                point.getMessage());
    }

    /** A JUnit check written against VariantResult's former name still compiles and judges the same. */
    @Test
    @SuppressWarnings({"removal", "deprecation"})
    void codeWrittenAgainstTheFormerNameStillWorks() {
        benchkit.core.result.BenchmarkResult old = result(forks(900, 905, 895), forks(1, 1, 1));
        assertTrue(old.primary().score() > 899 && old.forkCount() == 3 && old.threads() == 8
                && benchkit.core.result.BenchmarkResult.PRIMARY.equals("tps"));
        AssertionError e = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(old, 1000, 5));
        assertTrue(e.getMessage().contains("is slower -10.0% ["), e.getMessage());
        assertDoesNotThrow(() -> Expectations.metricNotAbove(old, "latency.p95", 2));
        assertThrows(AssertionError.class, () -> Expectations.metricNotAbove(old, "latency.p95", 0.5, 0,
                Expectations.Gate.LENIENT));
    }

    /** One fork of two iterations, a baseline ten times what was measured: fails, strict or lenient (issue #50). */
    @Test
    void aShortCheckCannotPassATenfoldSlowdown() {
        List<double[]> oneForkTwoIterations = List.of(new double[]{2_000, 40_000});
        VariantResult r = result(oneForkTwoIterations, forks(1));
        AssertionError strict = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(r, 210_000, 5));
        assertTrue(strict.getMessage().contains("cannot rule out") || strict.getMessage().contains("is slower"),
                strict.getMessage());
        assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(r, 210_000, 5, Expectations.Gate.LENIENT));
    }

    /** A percentage, as --min-effect: 5 is 5% (it was read as 500% and passed a result 89% below); 0.05 and 95 refused. */
    @Test
    void theToleranceIsAPercentageAndOneThatPassesEverythingIsRefused() {
        VariantResult farBelow = result(forks(27_000, 27_500, 26_500), forks(1, 1, 1));
        AssertionError e = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(farBelow, 250_000, 5));
        assertTrue(e.getMessage().contains("is slower -89.2% ["), e.getMessage());
        for (double refused : new double[]{0.05, 0.5, 51, 95, 100, 500, -1, Double.NaN}) {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> Expectations.throughputNotBelow(farBelow, 250_000, refused));
            assertTrue(bad.getMessage().contains("expected 0 (the interval alone) or a percentage from 1 to 50"),
                    bad.getMessage());
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Expectations.throughputNotBelow(farBelow, 250_000,
                0.05)).getMessage().endsWith("0.05 looks like a fraction"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Expectations.throughputNotBelow(farBelow, 250_000,
                95)).getMessage().endsWith("a gate that wide catches nothing"));
        AssertionError none = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(farBelow, 0, 5));
        assertTrue(none.getMessage().equals("no baseline for v at 8 threads (0.0): this run measured tps = 27000.000"
                + " ops/s; store that as the baseline"), none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Expectations.metricNotAbove(farBelow, "latency.p95", 2, 100));
    }

    @Test
    void oneForkIsJudgedOnItsIterationsAndSaysSo() {
        List<double[]> one = List.of(new double[]{880, 900, 920, 890});
        AssertionError e = assertThrows(AssertionError.class,
                () -> Expectations.throughputNotBelow(result(one, forks(1)), 1000, 5));
        assertTrue(e.getMessage().contains("one fork: the interval covers its iterations only"), e.getMessage());
    }

    @Test
    void latencyPassesOnlyWhenTheWholeIntervalIsWithinTheBound() {
        List<double[]> tps = forks(1000, 1000, 1000);
        assertThrows(AssertionError.class,
                () -> Expectations.metricNotAbove(result(tps, forks(2.5, 2.6, 2.4)), "latency.p95", 2.0));
        // an interval across the bound: not shown within it, so a strict check fails
        assertThrows(AssertionError.class, () -> Expectations.metricNotAbove(result(tps, forks(1.5, 2.9, 2.2)), "latency.p95", 2.0));
        assertDoesNotThrow(() -> Expectations.metricNotAbove(result(tps, forks(1.80, 1.82, 1.78)), "latency.p95", 2.0));
        AssertionError missing = assertThrows(AssertionError.class,
                () -> Expectations.metricNotAbove(result(tps, tps), "server.rss", 2.0));
        assertTrue(missing.getMessage().contains("was not measured"), missing.getMessage());
    }
}

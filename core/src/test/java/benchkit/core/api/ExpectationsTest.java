package benchkit.core.api;

import benchkit.core.result.BenchmarkResult;
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
    private static BenchmarkResult result(List<double[]> tps, List<double[]> p95) {
        Map<String, MetricResult> metrics = new LinkedHashMap<>();
        metrics.put(BenchmarkResult.PRIMARY, metric(tps, "ops/s"));
        metrics.put("latency.p95", metric(p95, "ms"));
        return new BenchmarkResult("benchkit.point-select", "v", 8, Map.of(), Map.of(), metrics);
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
        // forks spread widely around 900: the interval reaches 1000, no claim
        assertDoesNotThrow(() -> Expectations.throughputNotBelow(result(forks(700, 1100, 900), p95), 1000, 5));
    }

    /** A percentage, as --min-effect: 5 is 5% (it was read as 500% and passed a result 89% below), 0.05 is 0.05%. */
    @Test
    void theToleranceIsAPercentageAndOneThatPassesEverythingIsRefused() {
        BenchmarkResult farBelow = result(forks(27_000, 27_500, 26_500), forks(1, 1, 1));
        AssertionError e = assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(farBelow, 250_000, 5));
        assertTrue(e.getMessage().contains("is slower -89.2% ["), e.getMessage());
        assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(farBelow, 250_000, 0.05));
        for (double refused : new double[]{100, 500, -1, Double.NaN}) {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> Expectations.throughputNotBelow(farBelow, 250_000, refused));
            assertTrue(bad.getMessage().contains("expected a percentage from 0 to below 100"), bad.getMessage());
        }
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
    void latencyAboveBoundOnlyWhenTheWholeIntervalIsAbove() {
        List<double[]> tps = forks(1000, 1000, 1000);
        assertThrows(AssertionError.class,
                () -> Expectations.metricNotAbove(result(tps, forks(2.5, 2.6, 2.4)), "latency.p95", 2.0));
        assertDoesNotThrow(() -> Expectations.metricNotAbove(result(tps, forks(1.5, 2.9, 2.2)), "latency.p95", 2.0));
        assertDoesNotThrow(() -> Expectations.metricNotAbove(result(tps, forks(1.8, 1.9, 1.7)), "latency.p95", 2.0));
        AssertionError missing = assertThrows(AssertionError.class,
                () -> Expectations.metricNotAbove(result(tps, tps), "server.rss", 2.0));
        assertTrue(missing.getMessage().contains("was not measured"), missing.getMessage());
    }
}

package benchkit.core.api;

import benchkit.core.result.MetricScore;
import benchkit.core.result.Score;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpectationsTest {
    private static Score score(double tps, double error, double p95, double p95Error) {
        return new Score("v", 8, Map.of(), tps, error, "ops/s", 1, 3,
                Map.of("latency.p95", new MetricScore(p95, p95Error, "ms")));
    }

    @Test
    void throughputRegressionOnlyWhenTheWholeIntervalIsBelow() {
        // 900 ± 60 reaches 960 >= 1000 * (1 - 0.05) = 950: not a regression.
        assertDoesNotThrow(() -> Expectations.throughputNotBelow(score(900, 60, 1, 0), 1000, 0.05));
        // 900 ± 40 reaches only 940 < 950: a regression, and the message says why.
        AssertionError e = assertThrows(AssertionError.class,
                () -> Expectations.throughputNotBelow(score(900, 40, 1, 0), 1000, 0.05));
        assertTrue(e.getMessage().contains("900.0 ± 40.0 ops/s is below the baseline 1000.0"), e.getMessage());
        // An unknown error (NaN) is judged on the mean.
        assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(score(900, Double.NaN, 1, 0), 1000, 0.05));
    }

    @Test
    void latencyAboveBoundOnlyWhenTheWholeIntervalIsAbove() {
        assertDoesNotThrow(() -> Expectations.metricNotAbove(score(1, 0, 2.5, 0.6), "latency.p95", 2.0));
        assertThrows(AssertionError.class, () -> Expectations.metricNotAbove(score(1, 0, 2.5, 0.4), "latency.p95", 2.0));
        AssertionError missing = assertThrows(AssertionError.class,
                () -> Expectations.metricNotAbove(score(1, 0, 1, 0), "server.rss", 2.0));
        assertTrue(missing.getMessage().contains("was not measured"), missing.getMessage());
    }
}

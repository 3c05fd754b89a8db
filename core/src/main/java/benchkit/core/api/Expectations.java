package benchkit.core.api;

import benchkit.core.result.MetricScore;
import benchkit.core.result.Score;

import java.util.Locale;

/**
 * Assertions for benchmark checks in CI that respect noise: a regression is only called when the
 * measured 99.9% confidence interval lies wholly on the wrong side of the bound.
 */
public final class Expectations {
    private Expectations() {
    }

    /** Fails when throughput is below {@code baseline} by more than its confidence interval (and {@code tolerance}, e.g. 0.05). */
    public static void throughputNotBelow(Score score, double baseline, double tolerance) {
        double upper = score.score() + finite(score.scoreError());
        double bound = baseline * (1 - tolerance);
        if (upper < bound) {
            throw new AssertionError(String.format(Locale.ROOT,
                    "%s at %d threads: %.1f ± %.1f %s is below the baseline %.1f (-%.0f%% tolerance = %.1f)",
                    score.variant(), score.threads(), score.score(), finite(score.scoreError()), score.unit(),
                    baseline, tolerance * 100, bound));
        }
    }

    /** Fails when a lower-is-better metric (e.g. {@code latency.p95} in ms) is above {@code bound} by more than its interval. */
    public static void metricNotAbove(Score score, String metric, double bound) {
        MetricScore m = score.metric(metric)
                .orElseThrow(() -> new AssertionError("metric " + metric + " was not measured; have: " + score.secondary().keySet()));
        double lower = m.score() - finite(m.error());
        if (lower > bound) {
            throw new AssertionError(String.format(Locale.ROOT, "%s at %d threads: %s = %.3f ± %.3f %s is above %.3f",
                    score.variant(), score.threads(), metric, m.score(), finite(m.error()), m.unit(), bound));
        }
    }

    /** An unknown (NaN, fewer than 3 iterations) error counts as zero: the check is then on the mean alone. */
    private static double finite(double error) {
        return Double.isFinite(error) ? error : 0;
    }
}

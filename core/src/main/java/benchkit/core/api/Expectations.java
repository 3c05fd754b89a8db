package benchkit.core.api;

import benchkit.core.result.BenchmarkResult;
import benchkit.core.result.MetricResult;
import benchkit.core.stats.Direction;
import benchkit.core.stats.Effect;
import benchkit.core.stats.EffectEstimator;
import benchkit.core.stats.EffectMethod;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.NestedSample;
import benchkit.core.stats.Verdict;

import java.util.Locale;

/**
 * Assertions for benchmark checks in CI, judged as {@code bench compare} judges: the ratio of the
 * result to a stored baseline value with its 95% interval over forks (the t interval on log fork
 * means), and a regression only when the interval excludes no change <em>and</em> the change is at
 * least the tolerance. A result of one fork is judged on its iterations, which leaves out the
 * server-to-server variance; the failure message says so. A tolerance is a percentage, as {@code --min-effect}
 * is on the command line: 5 means 5%; one outside 0 to below 100 is refused, since it would pass whatever
 * was measured.
 */
public final class Expectations {
    private static final EffectEstimator ESTIMATOR = new EffectEstimator(EffectMethod.FORKS_T, 0.95);

    private Expectations() {
    }

    /**
     * Fails when throughput is slower than {@code baseline} (ops/s) by at least {@code tolerancePercent}
     * (5 for 5%) beyond doubt.
     */
    public static void throughputNotBelow(BenchmarkResult result, double baseline, double tolerancePercent) {
        judge(result, BenchmarkResult.PRIMARY, result.primary(), baseline, tolerancePercent, Direction.HIGHER_IS_BETTER,
                Verdict.SLOWER);
    }

    /**
     * Fails when a lower-is-better metric (e.g. {@code latency.p95} in ms) is above {@code bound} by at
     * least {@code tolerancePercent} (5 for 5%) beyond doubt.
     */
    public static void metricNotAbove(BenchmarkResult result, String metric, double bound, double tolerancePercent) {
        MetricResult m = result.metric(metric).orElseThrow(() -> new AssertionError(
                "metric " + metric + " was not measured; have: " + result.metrics().keySet()));
        judge(result, metric, m, bound, tolerancePercent, Direction.LOWER_IS_BETTER, Verdict.WORSE);
    }

    /** {@link #metricNotAbove(BenchmarkResult, String, double, double)} with no tolerance beyond the interval. */
    public static void metricNotAbove(BenchmarkResult result, String metric, double bound) {
        metricNotAbove(result, metric, bound, 0);
    }

    private static void judge(BenchmarkResult result, String metric, MetricResult m, double reference,
                              double tolerancePercent, Direction direction, Verdict failing) {
        if (!(tolerancePercent >= 0 && tolerancePercent < 100)) {
            throw new IllegalArgumentException("tolerance " + tolerancePercent + " is not valid; expected a percentage"
                    + " from 0 to below 100 (5 for 5%), as --min-effect on the command line");
        }
        if (!(reference > 0) || !Double.isFinite(reference)) {
            // a check with no baseline yet fails, and says what to store: it never passes unjudged
            throw new AssertionError(String.format(Locale.ROOT, "no baseline for %s at %d threads (%s): this run measured"
                    + " %s = %.3f %s; store that as the baseline", result.variant(), result.threads(), reference, metric,
                    m.score(), m.unit()));
        }
        double tolerance = tolerancePercent / 100;
        Effect effect = ESTIMATOR.againstReference(reference, NestedSample.of(m.rawData()));
        Judgement judgement = Judgement.of(effect, direction, tolerance, ESTIMATOR);
        if (judgement.verdict() == failing) {
            throw new AssertionError(String.format(Locale.ROOT,
                    "%s at %d threads: %s = %.3f %s is %s against %.3f (%d forks, %d iterations; 95%% interval over %s;"
                            + " tolerance %s%%)",
                    result.variant(), result.threads(), metric, m.score(), m.unit(), judgement.describe(), reference,
                    effect.forksB(), effect.iterationsB(), effect.note().isEmpty() ? "forks" : effect.note(),
                    java.math.BigDecimal.valueOf(tolerancePercent).stripTrailingZeros().toPlainString()));
        }
    }
}

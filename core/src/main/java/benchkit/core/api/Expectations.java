package benchkit.core.api;

import benchkit.core.result.VariantResult;
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
 * Assertions for benchmark checks in CI, judged on the ratio of the result to a stored baseline value with its 95%
 * interval over forks (the t interval on log fork means, as {@code bench compare}); a result of one fork is judged on
 * its iterations, which leaves out the server-to-server variance, and the message says so.
 * <p>
 * A check never passes what it could not rule out. {@link Gate#STRICT} (the default) passes only a result the
 * interval shows no worse than the tolerance; an interval too wide to tell fails, with the numbers and the forks
 * that would probably settle it. {@link Gate#LENIENT}, which a check must name, passes when the point estimate is
 * within the tolerance, however wide the interval: for a check too short to settle anything, which then catches
 * only large regressions. A tolerance is a percentage (5 means 5%): 0, the interval alone, or 1 to 50; a value
 * below 1 (0.05) is most likely a fraction, and above 50 a gate catches nothing: both refused.
 */
@SuppressWarnings("removal")   // the overloads that take VariantResult's old name, below
public final class Expectations {
    private static final EffectEstimator ESTIMATOR = new EffectEstimator(EffectMethod.FORKS_T, 0.95);

    /** How a check judges: on the interval (strict), or on the point estimate (lenient, named by the check). */
    public enum Gate {
        /** Passes only a result whose 95% interval lies within the tolerance on the good side. */
        STRICT,
        /** Passes when the point estimate is within the tolerance, however wide its interval. */
        LENIENT
    }

    private Expectations() {
    }

    /** Fails unless throughput is shown no slower than {@code baseline} (ops/s) by more than {@code tolerancePercent}. */
    public static void throughputNotBelow(VariantResult result, double baseline, double tolerancePercent) {
        throughputNotBelow(result, baseline, tolerancePercent, Gate.STRICT);
    }

    /** As {@link #throughputNotBelow(VariantResult, double, double)}, judged as {@code gate} says. */
    public static void throughputNotBelow(VariantResult result, double baseline, double tolerancePercent, Gate gate) {
        judge(result, VariantResult.PRIMARY, result.primary(), baseline, tolerancePercent, Direction.HIGHER_IS_BETTER,
                gate);
    }

    /**
     * Fails unless a lower-is-better metric (e.g. {@code latency.p95} in ms) is shown no higher than {@code bound} by
     * more than {@code tolerancePercent}.
     */
    public static void metricNotAbove(VariantResult result, String metric, double bound, double tolerancePercent) {
        metricNotAbove(result, metric, bound, tolerancePercent, Gate.STRICT);
    }

    /** As {@link #metricNotAbove(VariantResult, String, double, double)}, judged as {@code gate} says. */
    public static void metricNotAbove(VariantResult result, String metric, double bound, double tolerancePercent,
                                      Gate gate) {
        MetricResult m = result.metric(metric).orElseThrow(() -> new AssertionError(
                "metric " + metric + " was not measured; have: " + result.metrics().keySet()));
        judge(result, metric, m, bound, tolerancePercent, Direction.LOWER_IS_BETTER, gate);
    }

    /** {@link #metricNotAbove(VariantResult, String, double, double)} with no tolerance beyond the interval. */
    public static void metricNotAbove(VariantResult result, String metric, double bound) {
        metricNotAbove(result, metric, bound, 0);
    }

    // Code written against VariantResult's former name still compiles and runs: its result is a VariantResult,
    // the only class that implements BenchmarkResult (once a record, so none of a user's own can).

    /** @deprecated use {@link #throughputNotBelow(VariantResult, double, double)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static void throughputNotBelow(benchkit.core.result.BenchmarkResult result, double baseline, double tolerancePercent) {
        throughputNotBelow((VariantResult) result, baseline, tolerancePercent);
    }

    /** @deprecated use {@link #throughputNotBelow(VariantResult, double, double, Gate)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static void throughputNotBelow(benchkit.core.result.BenchmarkResult result, double baseline, double tolerancePercent,
                                          Gate gate) {
        throughputNotBelow((VariantResult) result, baseline, tolerancePercent, gate);
    }

    /** @deprecated use {@link #metricNotAbove(VariantResult, String, double, double)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static void metricNotAbove(benchkit.core.result.BenchmarkResult result, String metric, double bound,
                                      double tolerancePercent) {
        metricNotAbove((VariantResult) result, metric, bound, tolerancePercent);
    }

    /** @deprecated use {@link #metricNotAbove(VariantResult, String, double, double, Gate)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static void metricNotAbove(benchkit.core.result.BenchmarkResult result, String metric, double bound,
                                      double tolerancePercent, Gate gate) {
        metricNotAbove((VariantResult) result, metric, bound, tolerancePercent, gate);
    }

    /** @deprecated use {@link #metricNotAbove(VariantResult, String, double)} */
    @Deprecated(since = "0.1.0", forRemoval = true)
    public static void metricNotAbove(benchkit.core.result.BenchmarkResult result, String metric, double bound) {
        metricNotAbove((VariantResult) result, metric, bound);
    }

    /**
     * The forks that would probably let the 95% interval fall on one side of {@code limit}, at the fork-to-fork spread
     * seen and centred where the result is (the one-sample t interval on log fork means); empty past 200 forks or
     * without a spread.
     */
    static java.util.OptionalInt forksToDecide(Effect effect, double limit) {
        double sd = effect.forkLogSd();
        if (!Double.isFinite(sd) || sd <= 0 || !(effect.ratio() > 0)) {
            return java.util.OptionalInt.empty();
        }
        double distance = Math.abs(Math.log(effect.ratio()) - Math.log(limit));
        for (int n = Math.max(2, effect.forksB() + 1); n <= 200; n++) {
            double t = new org.apache.commons.math3.distribution.TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
            if (t * sd / Math.sqrt(n) < distance) {
                return java.util.OptionalInt.of(n);
            }
        }
        return java.util.OptionalInt.empty();
    }

    private static void judge(VariantResult result, String metric, MetricResult m, double reference,
                              double tolerancePercent, Direction direction, Gate gate) {
        if (!(tolerancePercent == 0 || tolerancePercent >= 1 && tolerancePercent <= 50)) {
            throw new IllegalArgumentException("tolerance " + tolerancePercent + " is not valid; expected 0 (the interval"
                    + " alone) or a percentage from 1 to 50 (5 for 5%)" + (tolerancePercent > 0 && tolerancePercent < 1
                    ? ": " + tolerancePercent + " looks like a fraction" : tolerancePercent > 50 ? ": a gate that wide catches nothing" : ""));
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
        boolean higherIsBetter = direction == Direction.HIGHER_IS_BETTER;
        // the worst the result may be: the ratio's bound on the bad side
        double limit = higherIsBetter ? 1 - tolerance : 1 + tolerance;
        String what = String.format(Locale.ROOT, "%s at %d threads: %s = %.3f %s", result.variant(), result.threads(),
                metric, m.score(), m.unit());
        String design = String.format(Locale.ROOT, "%d forks, %d iterations; 95%% interval over %s; tolerance %s%%",
                effect.forksB(), effect.iterationsB(), effect.note().isEmpty() ? "forks" : effect.note(),
                java.math.BigDecimal.valueOf(tolerancePercent).stripTrailingZeros().toPlainString());
        if (gate == Gate.LENIENT) {
            boolean pointWorse = higherIsBetter ? effect.ratio() < limit : effect.ratio() > limit;
            if (pointWorse) {
                throw new AssertionError(String.format(Locale.ROOT, "%s is %+.1f%% against %.3f, beyond the tolerance on"
                        + " its point estimate (%s; lenient gate)", what, effect.changePercent(), reference, design));
            }
            return;
        }
        boolean shownWithin = effect.hasInterval() && (higherIsBetter ? effect.low() >= limit : effect.high() <= limit);
        if (shownWithin) {
            return;
        }
        boolean shownWorse = effect.hasInterval() && (higherIsBetter ? effect.high() < limit : effect.low() > limit);
        if (shownWorse) {
            throw new AssertionError(String.format(Locale.ROOT, "%s is %s against %.3f (%s)", what, judgement.describe(),
                    reference, design));
        }
        java.util.OptionalInt forks = forksToDecide(effect, limit);
        throw new AssertionError(String.format(Locale.ROOT, "%s against %.3f: %s; the interval cannot rule out a change"
                        + " beyond the tolerance (%s): %s, or judge on the point estimate with Expectations.Gate.LENIENT",
                what, reference, effect.hasInterval() ? effect.describe() : "no interval (" + effect.note() + ")", design,
                forks.isPresent() ? "~" + forks.getAsInt() + " forks would probably settle it (have " + effect.forksB() + ")"
                        : "more forks or iterations would narrow it"));
    }
}

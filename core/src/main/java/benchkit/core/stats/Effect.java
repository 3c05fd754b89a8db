package benchkit.core.stats;

import java.util.Locale;

/**
 * The effect of a candidate B against a baseline A on one metric: the ratio B/A with its confidence
 * interval, and what the interval rests on.
 *
 * @param ratio       B/A (1 = no change); NaN when it cannot be estimated
 * @param low         lower end of the interval; NaN when unknown
 * @param high        upper end of the interval; NaN when unknown
 * @param confidence  e.g. 0.95
 * @param method      how the interval was computed
 * @param paired      whether forks were paired (variants measured side by side in the same forks)
 * @param forksA      forks of A the estimate used
 * @param forksB      forks of B the estimate used
 * @param iterationsA measurement iterations of A in those forks
 * @param iterationsB measurement iterations of B in those forks
 * @param forkLogSd   standard deviation of one fork's contribution on the log scale (the paired
 *                    difference, or both sides' fork-to-fork spread added); what more forks average away
 * @param note        why there is no interval, or empty
 */
public record Effect(double ratio, double low, double high, double confidence, EffectMethod method, boolean paired,
                     int forksA, int forksB, int iterationsA, int iterationsB, double forkLogSd, String note) {

    public static Effect unknown(String note, double ratio, double confidence, EffectMethod method, boolean paired,
                                 NestedSample a, NestedSample b) {
        return new Effect(ratio, Double.NaN, Double.NaN, confidence, method, paired, a.forkCount(), b.forkCount(),
                a.iterationCount(), b.iterationCount(), Double.NaN, note);
    }

    public boolean hasInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /** The change in percent, e.g. +4.1 for a ratio of 1.041. */
    public double changePercent() {
        return (ratio - 1) * 100;
    }

    public double lowPercent() {
        return (low - 1) * 100;
    }

    public double highPercent() {
        return (high - 1) * 100;
    }

    /** e.g. {@code +4.1% [+1.2, +7.0]}, or {@code +4.1% (no interval: one fork)}. */
    public String describe() {
        if (!Double.isFinite(ratio)) {
            return "n/a" + (note.isEmpty() ? "" : " (" + note + ")");
        }
        if (!hasInterval()) {
            return percent(changePercent()) + "% (no interval: " + note + ")";
        }
        return percent(changePercent()) + "% [" + percent(lowPercent()) + ", " + percent(highPercent()) + "]";
    }

    /** How many forks per variant the estimate rests on, e.g. {@code 5 forks x 4 iterations}. */
    public String replication() {
        int forks = Math.min(forksA, forksB);
        double iterations = forks == 0 ? 0 : (double) (iterationsA + iterationsB) / (forksA + forksB);
        return String.format(Locale.ROOT, "%d fork%s x %s iteration%s%s", forks, forks == 1 ? "" : "s",
                iterations == Math.rint(iterations) ? String.valueOf((long) iterations) : String.format(Locale.ROOT, "%.1f", iterations),
                iterations == 1 ? "" : "s", paired ? ", paired" : "");
    }

    /** Beyond a hundredfold, a bound's digits say nothing but "unbounded" (two forks give t = 12.7). */
    static final double SHOWN_PERCENT_LIMIT = 9999;

    /**
     * A signed percentage with one decimal below 100, e.g. {@code +4.1}, {@code -12.0}, {@code 0.0}; above
     * +9999% it is {@code >+9999}, not +47703651694234.
     */
    public static String percent(double p) {
        if (!Double.isFinite(p)) {
            return "n/a";
        }
        if (p > SHOWN_PERCENT_LIMIT) {
            return ">+" + (long) SHOWN_PERCENT_LIMIT;
        }
        String s = String.format(Locale.ROOT, Math.abs(p) >= 100 ? "%.0f" : "%.1f", p);
        if (s.equals("-0.0") || s.equals("0.0")) {
            return "0.0";
        }
        return p > 0 ? "+" + s : s;
    }
}

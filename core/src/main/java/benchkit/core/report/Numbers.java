package benchkit.core.report;

import benchkit.core.result.MetricResult;
import java.util.Locale;

/** Formats scores for people: about four significant digits, no exponent. */
final class Numbers {
    private Numbers() {
    }

    static String format(double v) {
        return format(v, v);
    }

    /** {@code v} with as many decimals as suit {@code magnitude} (so an error reads like its score). */
    private static String format(double v, double magnitude) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        double a = Double.isFinite(magnitude) ? Math.abs(magnitude) : Math.abs(v);
        String pattern = a >= 1000 ? "%.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : a >= 0.01 || a == 0 ? "%.3f" : "%.3g";
        return String.format(Locale.ROOT, pattern, v);
    }

    /** {@code score ± error} (the error with the score's decimals), or just the score when the error is unknown. */
    static String withError(MetricResult m) {
        return Double.isFinite(m.error()) ? format(m.score()) + " ± " + format(m.error(), m.score()) : format(m.score());
    }

    /** A signed percentage, e.g. {@code +12.5%}. */
    static String percent(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (Double.isInfinite(p)) {
            return p > 0 ? "+inf%" : "-inf%";
        }
        return String.format(Locale.ROOT, "%+.1f%%", p);
    }
}

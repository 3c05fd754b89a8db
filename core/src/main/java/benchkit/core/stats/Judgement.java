package benchkit.core.stats;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * An effect with its verdict. A difference is claimed only when the interval excludes 1 <em>and</em>
 * the estimated change is at least the minimum effect that matters; "same" only when the whole interval
 * lies within ± that minimum; anything else is inconclusive, with the forks that would probably settle it.
 *
 * @param effect       the effect B/A with its interval
 * @param verdict      the one-word verdict
 * @param minEffect    the minimum effect that matters, e.g. 0.02 for 2%
 * @param forksNeeded  forks per variant that would probably settle an inconclusive verdict; empty when
 *                     settled or out of reach
 * @param heldBack     why a difference this effect's own interval shows is not claimed (the comparisons
 *                     it was judged among), or empty
 */
public record Judgement(Effect effect, Verdict verdict, double minEffect, OptionalInt forksNeeded, String heldBack) {

    /** Judges {@code effect} of a metric whose better direction is {@code direction}. */
    public static Judgement of(Effect effect, Direction direction, double minEffect, EffectEstimator estimator) {
        Verdict verdict = verdict(effect, direction, minEffect);
        OptionalInt forks = verdict == Verdict.INCONCLUSIVE ? estimator.forksToSettle(effect, minEffect) : OptionalInt.empty();
        return new Judgement(effect, verdict, minEffect, forks, "");
    }

    /**
     * An effect whose interval excludes no change but which is not claimed, because among the comparisons
     * judged together its evidence falls short of the false discovery rate: inconclusive, saying why.
     *
     * @param forks what would probably let it through, from the estimator a further claim would need
     */
    public static Judgement heldBack(Effect effect, double minEffect, OptionalInt forks, String why) {
        return new Judgement(effect, Verdict.INCONCLUSIVE, minEffect, forks, why);
    }

    static Verdict verdict(Effect e, Direction direction, double minEffect) {
        return e.hasInterval() ? Verdict.of(e.ratio(), e.low(), e.high(), direction, minEffect) : Verdict.INCONCLUSIVE;
    }

    /**
     * The verdict in words a DBA reads at a glance, e.g. {@code faster +4.1% [+1.2, +7.0]},
     * {@code same within ±1.8%}, {@code inconclusive -1.0% [-5.2, +3.4]: ~6 forks would settle it}.
     */
    public String describe() {
        String hint = settleHint();
        return verdict.word() + " " + magnitude() + (hint.isEmpty() ? "" : ": " + hint);
    }

    /** The size of the effect as the verdict puts it: {@code +4.1% [+1.2, +7.0]}, or {@code within ±1.8%} when same. */
    public String magnitude() {
        if (verdict == Verdict.SAME) {
            return within(Math.max(Math.abs(effect.lowPercent()), Math.abs(effect.highPercent())));
        }
        return effect.describe();
    }

    /** {@code within ±1.8%} for a band of 1.71%: rounded up, so the words never claim a narrower band than measured. */
    public static String within(double percent) {
        return "within ±" + String.format(Locale.ROOT, "%.1f", Math.ceil(percent * 10) / 10) + "%";
    }

    /** For an inconclusive effect with an interval, what would settle it; otherwise empty. */
    public String settleHint() {
        if (verdict != Verdict.INCONCLUSIVE || !effect.hasInterval()) {
            return "";
        }
        int have = Math.min(effect.forksA(), effect.forksB());
        String why = heldBack.isEmpty() ? "" : heldBack + "; ";
        return why + (forksNeeded.isPresent()
                ? "~" + forksNeeded.getAsInt() + " forks would probably settle it (have " + have + ")"
                : "an effect this close to the " + Effect.percent(minEffect * 100).substring(1)
                  + "% minimum needs more forks than is practical");
    }
}

package benchkit.core.stats;

/** What a DBA may conclude from an effect, in one word. */
public enum Verdict {
    /** Throughput went up beyond the minimum effect, and the interval excludes no change. */
    FASTER("faster"),
    /** Throughput went down beyond the minimum effect. */
    SLOWER("slower"),
    /** A lower-is-better metric (latency, CPU, memory, errors) went down beyond the minimum effect. */
    BETTER("better"),
    /** A lower-is-better metric went up beyond the minimum effect. */
    WORSE("worse"),
    /** A metric with no better direction went up beyond the minimum effect. */
    HIGHER("higher"),
    /** A metric with no better direction went down beyond the minimum effect. */
    LOWER("lower"),
    /** The whole interval lies inside the band of ± the minimum effect. */
    SAME("same"),
    /** Neither: more forks are needed (or no interval could be computed). */
    INCONCLUSIVE("inconclusive");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    /**
     * The verdict on a ratio B/A with its interval [low, high], for a metric whose better direction is {@code direction}:
     * same when the whole interval lies within ± {@code minEffect}; a difference when the interval excludes 1 and the
     * ratio is at least {@code minEffect} away from it; inconclusive otherwise.
     */
    public static Verdict of(double ratio, double low, double high, Direction direction, double minEffect) {
        if (low >= 1 - minEffect && high <= 1 + minEffect) {
            return SAME;
        }
        boolean up = low > 1;
        boolean down = high < 1;
        if (!(up || down) || Math.abs(ratio - 1) < minEffect) {
            return INCONCLUSIVE;
        }
        return switch (direction) {
            case HIGHER_IS_BETTER -> up ? FASTER : SLOWER;
            case LOWER_IS_BETTER -> up ? WORSE : BETTER;
            case NEUTRAL -> up ? HIGHER : LOWER;
        };
    }

    /** Whether this says the candidate is worse than the baseline (what --fail-on-regression acts on). */
    public boolean isRegression() {
        return this == SLOWER || this == WORSE;
    }

    /** Whether this claims a difference. */
    public boolean claimsDifference() {
        return this != SAME && this != INCONCLUSIVE;
    }
}

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

    /** Whether this says the candidate is worse than the baseline (what --fail-on-regression acts on). */
    public boolean isRegression() {
        return this == SLOWER || this == WORSE;
    }

    /** Whether this claims a difference. */
    public boolean claimsDifference() {
        return this != SAME && this != INCONCLUSIVE;
    }
}

package benchkit.core.report;

/**
 * What a change of one metric means, as benchstat says it: significant only when the two 99.9%
 * confidence intervals do not overlap.
 */
public enum Verdict {
    /** Throughput (higher is better) went up significantly. */
    FASTER("faster"),
    /** Throughput went down significantly. */
    SLOWER("slower"),
    /** A lower-is-better metric (latency, CPU, memory, errors) went down significantly. */
    BETTER("better"),
    /** A lower-is-better metric went up significantly. */
    WORSE("worse"),
    /** A metric with no better direction went up significantly. */
    HIGHER("higher"),
    /** A metric with no better direction went down significantly. */
    LOWER("lower"),
    /** The confidence intervals overlap: no significant difference. */
    SAME("~"),
    /** A confidence interval is unknown (e.g. a single measurement), so significance cannot be judged. */
    UNKNOWN("?");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    /** The word the comparison table prints. */
    public String word() {
        return word;
    }

    /** The verdict for a change from {@code a} to {@code b} of {@code metric}. */
    public static Verdict of(String metric, MetricResult a, MetricResult b) {
        if (!a.hasInterval() || !b.hasInterval() || !Double.isFinite(a.score()) || !Double.isFinite(b.score())) {
            return UNKNOWN;
        }
        if (a.overlaps(b)) {
            return SAME;
        }
        boolean up = b.score() > a.score();
        return switch (MetricCatalog.direction(metric)) {
            case HIGHER_IS_BETTER -> up ? FASTER : SLOWER;
            case LOWER_IS_BETTER -> up ? WORSE : BETTER;
            case NEUTRAL -> up ? HIGHER : LOWER;
        };
    }
}

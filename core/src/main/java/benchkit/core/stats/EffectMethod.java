package benchkit.core.stats;

/** How an effect's confidence interval is computed; both respect that iterations nest inside forks. */
public enum EffectMethod {
    /**
     * The two-level nested (random-effects) model: forks are the replicates, so the interval is a
     * Student-t interval on the logs of the fork means (paired by fork when the variants ran side by
     * side, else Welch's). For a balanced design this is the mixed model's own interval for the fixed
     * effect; the iterations of a fork enter through its mean. Calibrated by the A/A runs in docs.
     */
    FORKS_T("nested model: t interval on log fork means"),
    /**
     * Kalibera and Jones's hierarchical bootstrap (ISMM 2013): forks resampled with replacement, then the
     * iterations inside each chosen fork; percentile interval of the ratio of means. Needs many forks:
     * with few, every resample draws from the same handful and the interval is too narrow.
     */
    BOOTSTRAP("hierarchical bootstrap (Kalibera & Jones 2013)");

    private final String description;

    EffectMethod(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** {@code forks-t} or {@code bootstrap}, case-insensitive. */
    public static EffectMethod parse(String name) {
        return switch (name.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "forks-t", "t", "mixed", "nested" -> FORKS_T;
            case "bootstrap", "hierarchical-bootstrap" -> BOOTSTRAP;
            default -> throw new IllegalArgumentException("unknown method '" + name + "'; expected forks-t or bootstrap");
        };
    }

    public String cliName() {
        return this == FORKS_T ? "forks-t" : "bootstrap";
    }
}

package benchkit.spi;

import java.util.Objects;

/**
 * One measured value of an iteration, e.g. {@code new Metric("server.rss", 812.5, "MB", Aggregation.MAX)}.
 * The aggregation says how iterations and forks combine into one score.
 */
public record Metric(String name, double value, String unit, Aggregation aggregation) {
    public Metric {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(aggregation, "aggregation");
    }
}

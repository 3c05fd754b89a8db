package benchkit.core.result;

import java.util.Map;
import java.util.Optional;

/**
 * The aggregated result of one variant at one thread count over all forks: events per second
 * with its 99.9% error, and every secondary metric (qps, latency.p95, server.rss, ...).
 */
public record Score(String variant, int threads, Map<String, String> params, double score, double scoreError,
                    String unit, int forks, int iterations, Map<String, MetricScore> secondary) {
    public Score {
        params = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(params));
        secondary = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(secondary));
    }

    public Optional<MetricScore> metric(String name) {
        return Optional.ofNullable(secondary.get(name));
    }
}

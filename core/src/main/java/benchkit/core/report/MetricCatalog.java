package benchkit.core.report;

import benchkit.core.result.JmhResults;
import benchkit.spi.StandardMetrics;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Direction;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What benchkit knows about its metric names: display titles, display order, and which way is better. */
public final class MetricCatalog {
    /** Known metrics in display order: the headline ones first (as the report charts them). */
    private static final Map<String, String> TITLES = orderedTitles();

    private MetricCatalog() {
    }

    private static Map<String, String> orderedTitles() {
        var m = new java.util.LinkedHashMap<String, String>();
        m.put(VariantResult.PRIMARY, "TPS (primary score)");
        m.put("qps", "QPS");
        m.put("latency.p95", "Latency p95");
        m.put(StandardMetrics.SERVER_CPU_USER, "Server CPU user");
        m.put(StandardMetrics.SERVER_RSS, "Server RSS");
        m.put(StandardMetrics.SERVER_VSZ, "Server VSZ");
        m.put(JmhResults.SERVER_CPU_PER_QUERY, "Server CPU per query");
        m.put(JmhResults.CLIENT_CPU_PER_QUERY, "Client CPU per query");
        m.put(StandardMetrics.SERVER_CPU_ALLOCATOR, "Server CPU in the allocator (share)");
        m.put(JmhResults.ALLOCATOR_PER_QUERY, "Server CPU in the allocator per query");
        m.put(StandardMetrics.SERVER_CPU_LOCKS, "Server CPU in locks and spin waits (share)");
        m.put(StandardMetrics.SERVER_CPU_KERNEL, "Server CPU in the kernel, locks aside (share)");
        m.put("latency.p50", "Latency p50");
        m.put("latency.p99", "Latency p99");
        m.put(StandardMetrics.SERVER_CPU_SYSTEM, "Server CPU system");
        m.put(StandardMetrics.CLIENT_CPU, "Client CPU");
        m.put("errors", "Errors");
        m.put("reconnects", "Reconnects");
        m.put(PublishedBeside.CLIENT_CPU_SHARE, "Client share of CPU per query");
        m.put("memslap.seconds", "Time per run (memslap)");
        return m;
    }

    /** Column heads of the effects table, short so that the study metrics fit the page's width. */
    private static final Map<String, String> SHORT = Map.of(VariantResult.PRIMARY, "TPS", "latency.p95", "p95 latency",
            StandardMetrics.SERVER_CPU_USER, "CPU user", StandardMetrics.SERVER_RSS, "RSS", StandardMetrics.SERVER_VSZ, "VSZ",
            JmhResults.SERVER_CPU_PER_QUERY, "server CPU/query", JmhResults.CLIENT_CPU_PER_QUERY, "client CPU/query");

    /** A short title for a column head, e.g. {@code RSS} for {@code server.rss}. */
    public static String shortTitle(String metric) {
        return SHORT.getOrDefault(metric, title(metric));
    }

    /** A unit as shown to a reader: {@code µs} for {@code us}. */
    public static String displayUnit(String unit) {
        return "us".equals(unit) ? "\u00b5s" : unit;
    }

    /** A human title, e.g. {@code Latency p95} for {@code latency.p95}; unknown names as they are. */
    public static String title(String metric) {
        String known = TITLES.get(metric);
        if (known != null) {
            return known;
        }
        if (metric.startsWith(KIND_TPS)) {
            return "TPS of " + metric.substring(KIND_TPS.length());
        }
        int p = metric.lastIndexOf(".p");
        if (metric.startsWith("latency.") && p > "latency.".length()) {
            return "Latency " + metric.substring(p + 1) + " of " + metric.substring("latency.".length(), p);
        }
        return metric;
    }

    /** The prefix of a kind of event's throughput ({@code tps.new_order}), as the runner names it. */
    private static final String KIND_TPS = "tps.";

    public static Direction direction(String metric) {
        if (metric.equals(VariantResult.PRIMARY) || metric.equals("qps") || metric.endsWith(".qps")
                || metric.endsWith(".tps") || metric.equals("tps") || metric.startsWith(KIND_TPS)) {
            return Direction.HIGHER_IS_BETTER;
        }
        if (metric.startsWith("latency.") || metric.contains(".cpu") || metric.endsWith(".rss")
                || metric.endsWith(".vsz") || metric.equals("errors") || metric.equals("reconnects")) {
            return Direction.LOWER_IS_BETTER;
        }
        return Direction.NEUTRAL;
    }

    /** All metric names present in the results: known ones in catalog order, then others sorted. */
    public static List<String> present(Collection<VariantResult> results) {
        Set<String> names = new LinkedHashSet<>();
        results.forEach(r -> names.addAll(r.metrics().keySet()));
        List<String> ordered = new ArrayList<>(names);
        List<String> known = new ArrayList<>(TITLES.keySet());
        ordered.sort(Comparator.comparingInt((String n) -> known.contains(n) ? known.indexOf(n) : known.size())
                .thenComparing(Comparator.naturalOrder()));
        return ordered;
    }
}

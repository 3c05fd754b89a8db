package benchkit.memcached.stats;

import benchkit.spi.Aggregation;
import benchkit.spi.Metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns two {@code stats} snapshots (summed over servers) taken {@code seconds} apart into
 * {@code memcached.*} metrics. A field the server does not report (e.g. the InnoDB memcached
 * plugin's shorter stats) yields no metric rather than a made-up zero.
 */
public final class MemcachedStats {
    private MemcachedStats() {
    }

    public static List<Metric> metrics(Map<String, Double> before, Map<String, Double> after, double seconds) {
        List<Metric> out = new ArrayList<>();
        level(out, after, "curr_connections", "memcached.curr_connections", "connections", 1);
        level(out, after, "curr_items", "memcached.curr_items", "items", 1);
        level(out, after, "bytes", "memcached.bytes", "MB", 1.0 / (1024 * 1024));
        rate(out, before, after, seconds, "cmd_get", "memcached.cmd_get", "ops/s", 1);
        rate(out, before, after, seconds, "cmd_set", "memcached.cmd_set", "ops/s", 1);
        rate(out, before, after, seconds, "get_hits", "memcached.get_hits", "ops/s", 1);
        rate(out, before, after, seconds, "get_misses", "memcached.get_misses", "ops/s", 1);
        rate(out, before, after, seconds, "evictions", "memcached.evictions", "items/s", 1);
        rate(out, before, after, seconds, "bytes_read", "memcached.bytes_read", "MB/s", 1.0 / (1024 * 1024));
        rate(out, before, after, seconds, "bytes_written", "memcached.bytes_written", "MB/s", 1.0 / (1024 * 1024));
        // rusage_* are CPU seconds; per wall second x 100 = % of one core
        rate(out, before, after, seconds, "rusage_user", "memcached.cpu.user", "%", 100);
        rate(out, before, after, seconds, "rusage_system", "memcached.cpu.system", "%", 100);
        Double hits = delta(before, after, "get_hits");
        Double misses = delta(before, after, "get_misses");
        if (hits != null && misses != null && hits + misses > 0) {
            out.add(new Metric("memcached.hit_ratio", 100.0 * hits / (hits + misses), "%", Aggregation.AVG));
        }
        return out;
    }

    private static void level(List<Metric> out, Map<String, Double> after, String field, String name, String unit, double scale) {
        Double v = after.get(field);
        if (v != null) {
            out.add(new Metric(name, v * scale, unit, Aggregation.MAX));
        }
    }

    private static void rate(List<Metric> out, Map<String, Double> before, Map<String, Double> after, double seconds,
                             String field, String name, String unit, double scale) {
        Double d = delta(before, after, field);
        if (d != null && seconds > 0) {
            out.add(new Metric(name, d * scale / seconds, unit, Aggregation.AVG));
        }
    }

    private static Double delta(Map<String, Double> before, Map<String, Double> after, String field) {
        Double a = after.get(field);
        Double b = before.get(field);
        return a == null || b == null ? null : Math.max(0, a - b);
    }
}

package benchkit.core.report;

import benchkit.core.result.VariantResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes small {@code jmh-result.json} files in JMH's JSON format (the shape JMH 1.37's
 * ResultFormatType.JSON writes) from hand-chosen scores and errors, so tests can compute
 * confidence intervals by hand: CI = [score - error, score + error].
 */
final class JmhFixture {
    private final List<String> entries = new ArrayList<>();

    /** Adds one entry; {@code metrics} maps name to {score, error}; "tps" is the primary metric. */
    JmhFixture entry(String benchmark, int threads, Map<String, String> params, Map<String, double[]> metrics) {
        StringBuilder p = new StringBuilder();
        params.forEach((k, v) -> p.append(p.length() == 0 ? "" : ",\n").append("            ")
                .append(quote(k)).append(" : ").append(quote(v)));
        StringBuilder secondary = new StringBuilder();
        String primary = null;
        for (var e : metrics.entrySet()) {
            String m = metric(e.getValue()[0], e.getValue()[1], unit(e.getKey()));
            if (e.getKey().equals("tps")) {
                primary = m;
            } else {
                secondary.append(secondary.length() == 0 ? "" : ",\n").append("            ")
                        .append(quote(e.getKey())).append(" : ").append(m);
            }
        }
        entries.add("""
                    {
                        "jmhVersion" : "1.37",
                        "benchmark" : %s,
                        "mode" : "thrpt",
                        "threads" : %d,
                        "forks" : 2,
                        "jvm" : "/usr/lib/jvm/java-17-openjdk-amd64/bin/java",
                        "jvmArgs" : [ ],
                        "jdkVersion" : "17.0.13",
                        "vmName" : "OpenJDK 64-Bit Server VM",
                        "vmVersion" : "17.0.13+11-Debian-2deb12u1",
                        "warmupIterations" : 1,
                        "warmupTime" : "10 s",
                        "warmupBatchSize" : 1,
                        "measurementIterations" : 2,
                        "measurementTime" : "30 s",
                        "measurementBatchSize" : 1,
                        "params" : {
                %s
                        },
                        "primaryMetric" : %s,
                        "secondaryMetrics" : {
                %s
                        }
                    }""".formatted(quote(benchmark), threads, p, primary, secondary));
        return this;
    }

    String json() {
        return "[\n" + String.join(",\n", entries) + "\n]\n";
    }

    static List<VariantResult> parse(JmhFixture f) {
        return JmhResultReader.parse(f.json(), "fixture");
    }

    Path writeTo(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("jmh-result.json"), json());
        return dir;
    }

    /** Adds one entry whose metrics hold the given raw data (per fork, per iteration); "tps" is the primary metric. */
    JmhFixture rawEntry(String benchmark, int threads, Map<String, String> params, Map<String, double[][]> raw) {
        Map<String, double[]> scores = new LinkedHashMap<>();
        raw.forEach((name, forks) -> scores.put(name, new double[] {
                java.util.Arrays.stream(forks).flatMapToDouble(java.util.Arrays::stream).average().orElse(Double.NaN), Double.NaN}));
        entry(benchmark, threads, params, scores);
        String last = entries.remove(entries.size() - 1);
        for (var e : raw.entrySet()) {
            StringBuilder data = new StringBuilder("[ ");
            for (int f = 0; f < e.getValue().length; f++) {
                data.append(f == 0 ? "" : ", ").append(java.util.Arrays.toString(e.getValue()[f]));
            }
            data.append(" ]");
            int at = e.getKey().equals("tps") ? last.indexOf("\"primaryMetric\"") : last.indexOf(quote(e.getKey()) + " : {");
            int rawAt = last.indexOf("\"rawData\" : ", at);
            int end = last.indexOf('\n', rawAt);
            last = last.substring(0, rawAt) + "\"rawData\" : " + data + last.substring(end);
        }
        entries.add(last);
        return this;
    }

    /** A metric as JMH writes it; raw data of 2 forks x 2 iterations averaging to the score. */
    private static String metric(double score, double error, String unit) {
        double d = error / 4;
        return String.format(Locale.ROOT, """
                {
                                "score" : %s,
                                "scoreError" : %s,
                                "scoreConfidence" : [ %s, %s ],
                                "scorePercentiles" : { "0.0" : %s, "50.0" : %s, "90.0" : %s, "95.0" : %s, "99.0" : %s, "99.9" : %s, "99.99" : %s, "99.999" : %s, "99.9999" : %s, "100.0" : %s },
                                "scoreUnit" : %s,
                                "rawData" : [ [ %s, %s ], [ %s, %s ] ]
                            }""", n(score), n(error), n(score - error), n(score + error),
                n(score - d), n(score), n(score + d), n(score + d), n(score + d), n(score + d), n(score + d), n(score + d),
                n(score + d), n(score + d), quote(unit), n(score - d), n(score + d), n(score - d), n(score + d));
    }

    static String unit(String metric) {
        if (metric.startsWith("latency.")) {
            return "ms";
        }
        if (metric.contains("cpu")) {
            return "%";
        }
        if (metric.endsWith("rss") || metric.endsWith("vsz")) {
            return "MB";
        }
        return "ops/s";
    }

    private static String n(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%s", v) : "\"" + v + "\"";
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> sb.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return sb.append('"').toString();
    }

    /** {name → {score, error}} in the order given: {@code metrics("tps", 100, 2, "qps", 2000, 40)}. */
    static Map<String, double[]> metrics(Object... nameScoreError) {
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int i = 0; i < nameScoreError.length; i += 3) {
            m.put((String) nameScoreError[i], new double[] {
                    ((Number) nameScoreError[i + 1]).doubleValue(), ((Number) nameScoreError[i + 2]).doubleValue()});
        }
        return m;
    }

    /**
     * The standard study: sysbench read-only on MySQL 8.0.15, glibc vs jemalloc at 1, 4 and 16
     * client threads, with every metric of the result contract.
     */
    static JmhFixture allocatorStudy(String glibcLabel) {
        return allocatorMatrix(List.of("oltp-read-only"), List.of(glibcLabel, "jemalloc"));
    }

    /**
     * The statistics issue's matrix: each workload with each allocator (the first in the glibc role, any other
     * as jemalloc) at 1, 4 and 16 client threads; the second workload runs ten times the first's rate.
     */
    static JmhFixture allocatorMatrix(List<String> workloads, List<String> allocators) {
        JmhFixture f = new JmhFixture();
        int[] threads = {1, 4, 16};
        double[] tpsGlibc = {250, 900, 1500};
        double[] tpsJemalloc = {255, 980, 1900};
        for (int w = 0; w < workloads.size(); w++)
        for (int i = 0; i < threads.length; i++) {
            for (String allocator : allocators) {
                boolean je = !allocator.equals(allocators.get(0));
                double tps = (je ? tpsJemalloc[i] : tpsGlibc[i]) * (w == 0 ? 1 : 10) * (1 + 0.01 * Math.max(0, allocators.indexOf(allocator) - 1));
                Map<String, String> params = new LinkedHashMap<>();
                params.put("allocator", allocator);
                params.put("allocator.proof", je ? "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2" : "glibc");
                params.put("server", "MySQL 8.0.15");
                params.put("distribution", "mysql-8.0");
                params.put("tables", "4");
                params.put("table-size", "10000");
                f.entry("benchkit." + workloads.get(w), threads[i], params, metrics(
                        "tps", tps, tps * 0.02,
                        "qps", tps * 16, tps * 16 * 0.02,
                        "latency.p50", threads[i] * 3.0 / (je ? 1.1 : 1), 0.2,
                        "latency.p95", threads[i] * 5.0 / (je ? 1.1 : 1), 0.4,
                        "latency.p99", threads[i] * 8.0 / (je ? 1.1 : 1), 0.9,
                        "errors", 0, 0,
                        "reconnects", 0, 0,
                        "server.cpu.user", 40.0 * (i + 1) / (je ? 1.1 : 1), 3,
                        "server.cpu.system", 10.0 * (i + 1), 1,
                        "server.rss", je ? 420 + 10 * i : 480 + 20 * i, 5,
                        "server.vsz", je ? 1800 : 2400, 10,
                        "client.cpu", 20.0 * (i + 1), 2));
            }
        }
        return f;
    }
}

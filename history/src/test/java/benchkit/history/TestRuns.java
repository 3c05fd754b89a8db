package benchkit.history;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** Result directories and stored runs of a given shape, as bench writes them (jmh-result.json, run.json). */
final class TestRuns {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private TestRuns() {
    }

    /** jmh-result.json of point-select at {@code threads}: tps per fork and iteration, and a p99 latency of 1000/tps. */
    static String jmhResult(int threads, double[][] tpsPerFork) {
        return jmhResult(threads, tpsPerFork, Map.of());
    }

    /** As {@link #jmhResult(int, double[][])}, with more secondary metrics: each a value per fork (its iterations alike). */
    static String jmhResult(int threads, double[][] tpsPerFork, Map<String, double[]> perFork) {
        ArrayNode root = MAPPER.createArrayNode();
        ObjectNode e = root.addObject();
        e.put("benchmark", "benchkit.point-select");
        e.put("mode", "thrpt");
        e.put("threads", threads);
        e.put("forks", tpsPerFork.length);
        e.putObject("params").put("allocator", "glibc");
        ObjectNode primary = e.putObject("primaryMetric");
        double sum = 0;
        int n = 0;
        ArrayNode raw = primary.putArray("rawData");
        ArrayNode latency = MAPPER.createArrayNode();
        for (double[] fork : tpsPerFork) {
            ArrayNode f = raw.addArray();
            ArrayNode l = latency.addArray();
            for (double v : fork) {
                f.add(v);
                l.add(1000 / v);
                sum += v;
                n++;
            }
        }
        primary.put("score", sum / n);
        primary.put("scoreError", 0.0);
        primary.put("scoreUnit", "ops/s");
        ObjectNode p99 = e.putObject("secondaryMetrics").putObject("latency.p99");
        p99.put("score", 1000 / (sum / n));
        p99.put("scoreUnit", "ms");
        p99.set("rawData", latency);
        ObjectNode secondary = (ObjectNode) e.get("secondaryMetrics");
        perFork.forEach((name, forks) -> {
            ObjectNode metric = secondary.putObject(name);
            metric.put("score", java.util.Arrays.stream(forks).average().orElseThrow());
            metric.put("scoreUnit", name.endsWith(".per.query") ? "us" : "%");
            ArrayNode rows = metric.putArray("rawData");
            for (double v : forks) {
                rows.addArray().add(v).add(v).add(v);
            }
        });
        e.putObject("benchkit").put("variant", "");
        return root.toString();
    }

    /** A result directory under {@code parent} holding such a run, started at {@code started}. */
    static Path directory(Path parent, String name, Instant started, int threads, double[][] tpsPerFork)
            throws IOException {
        Path dir = Files.createDirectories(parent.resolve(name));
        Files.writeString(dir.resolve("jmh-result.json"), jmhResult(threads, tpsPerFork));
        ObjectNode run = MAPPER.createObjectNode();
        run.put("format", 1);
        run.put("startedAt", started.toString());
        run.put("finishedAt", started.plusSeconds(60).toString());
        run.putObject("settings").put("workload", "point-select");
        ObjectNode m = run.putObject("machine");
        m.put("cpuModel", "Test CPU");
        m.put("logicalCpus", 2);
        m.put("memoryMb", 24000);
        Files.writeString(dir.resolve("run.json"), run.toString());
        // the journal of a run that completed, as every run keeps
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(dir)) {
            journal.start(new benchkit.core.result.RunDescription("point-select", Map.of(), java.util.List.of(""),
                    Map.of("", Map.of()), java.util.List.of(threads), tpsPerFork.length, 0, java.time.Duration.ZERO, 1,
                    java.time.Duration.ofSeconds(1), 0, 0));
            journal.end(true, null);
        }
        // its start line dated as run.json says the run started, as a run writes them a moment apart
        Path journalFile = dir.resolve("journal.jsonl");
        Files.writeString(journalFile, Files.readString(journalFile).replaceFirst("\"time\":\"[^\"]*\"",
                "\"time\":\"" + started.plusMillis(100) + "\""));
        return dir;
    }

    /** A stored run without a directory. */
    static StoredRun run(String key, Instant started, Map<String, String> labels, double[][] tpsPerFork) {
        return run(key, started, labels, tpsPerFork, Map.of());
    }

    /** A stored run without a directory, with more secondary metrics (a value per fork). */
    static StoredRun run(String key, Instant started, Map<String, String> labels, double[][] tpsPerFork,
                         Map<String, double[]> perFork) {
        return new StoredRun(key, started, "Test CPU, 2 CPUs, 24000 MB", labels, "/runs/" + key,
                jmhResult(8, tpsPerFork, perFork), "");
    }
}

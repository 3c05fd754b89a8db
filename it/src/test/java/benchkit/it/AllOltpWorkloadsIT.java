package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every sysbench-compatible workload, through bench.jar, against the embedded MySQL 8.0.15. */
class AllOltpWorkloadsIT {
    private static final List<String> WORKLOADS = List.of("oltp-read-only", "oltp-read-write", "oltp-write-only",
            "point-select", "oltp-update-index", "oltp-update-non-index", "oltp-insert", "oltp-delete",
            "select-random-points", "select-random-ranges");

    @TempDir
    Path dir;

    @Test
    void everyWorkloadRunsOnEmbeddedMysql() throws Exception {
        Path out = dir.resolve("all");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 1200, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", String.join(",", WORKLOADS), "--server", "mysql-8.0", "--threads", "2",
                "--table-size", "1000", "--time", "1", "--iterations", "1", "--warmup-iterations", "0",
                "--report-interval", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);

        Map<String, JsonNode> byWorkload = new TreeMap<>();
        for (JsonNode e : new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile())) {
            byWorkload.put(e.path("benchmark").asText().replace("benchkit.", ""), e);
        }
        assertEquals(new java.util.TreeSet<>(WORKLOADS), byWorkload.keySet());
        assertReasonable(byWorkload);
    }

    @Test
    void everyPreparedStatementScriptRunsOnEventLoopsWithTheWireClient() throws Exception {
        List<String> scripts = List.of("oltp-read-only", "oltp-read-write", "oltp-write-only", "point-select",
                "oltp-update-index", "oltp-update-non-index", "oltp-delete");
        Path out = dir.resolve("wire");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 1200, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", String.join(",", scripts), "--server", "mysql-8.0", "--threads", "2",
                "--driver", "wire", "--client-threads", "loop", "--transport", "socket",
                "--table-size", "1000", "--time", "1", "--iterations", "1", "--warmup-iterations", "0",
                "--report-interval", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.all().contains("# Client threads: loop"), r.all());
        ServerProcesses.assertNoneLeft(mark);
        Map<String, JsonNode> byWorkload = new TreeMap<>();
        for (JsonNode e : new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile())) {
            byWorkload.put(e.path("benchmark").asText().replace("benchkit.", ""), e);
        }
        assertEquals(new java.util.TreeSet<>(scripts), byWorkload.keySet());
        assertReasonable(byWorkload);
    }

    /** Every workload ran on MySQL 8.0.15 with some throughput, and few ignored errors. */
    private static void assertReasonable(Map<String, JsonNode> byWorkload) {
        for (Map.Entry<String, JsonNode> e : byWorkload.entrySet()) {
            JsonNode entry = e.getValue();
            assertTrue(entry.path("params").path("server").asText().startsWith("MySQL 8.0.15"), entry.toString());
            assertTrue(entry.path("primaryMetric").path("score").asDouble() > 0, e.getKey() + ": tps > 0");
            // Ignored errors (deadlocks between writers, as sysbench also sees them) stay a small fraction.
            double tps = entry.path("primaryMetric").path("score").asDouble();
            double errors = entry.path("secondaryMetrics").path("errors").path("score").asDouble();
            assertTrue(errors < 0.1 * tps, e.getKey() + ": " + errors + " errors/s at " + tps + " tps");
        }
    }
}

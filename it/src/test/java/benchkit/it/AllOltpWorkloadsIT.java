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
    void everyWorkloadRunsOnEmbeddedMysqlOnEventLoops() throws Exception {
        // bench's own client (the default) on an event loop, for every script; the other runs' defaults give 2 sessions a
        // thread each
        BenchJar.Result r = runEveryWorkload("loops", "--client-threads", "loop");
        assertTrue(r.all().contains("# Client threads: loop\n"), r.all());
    }

    @Test
    void everyWorkloadRunsOnMariaDbConnectorOnAThreadPerSession() throws Exception {
        BenchJar.Result r = runEveryWorkload("jdbc", "--driver", "mariadb", "--client-threads", "platform", "--transport", "socket");
        assertTrue(r.all().contains("# Client threads: platform"), r.all());
    }

    /** Runs every workload with 2 threads for 1 s each on MySQL 8.0.15 and checks its results. */
    private BenchJar.Result runEveryWorkload(String name, String... options) throws Exception {
        Path out = dir.resolve(name);
        String mark = ServerProcesses.newMark();
        List<String> args = new java.util.ArrayList<>(List.of("--workload", String.join(",", WORKLOADS),
                "--server", "mysql-8.0", "--threads", "2", "--table-size", "1000", "--time", "1", "--iterations", "1",
                "--warmup-iterations", "0", "--report-interval", "0", "--out", out.toString()));
        args.addAll(List.of(options));
        BenchJar.Result r = BenchJar.run(dir, 1200, Map.of(ServerProcesses.MARK_VARIABLE, mark), args.toArray(new String[0]));
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);

        Map<String, JsonNode> byWorkload = new TreeMap<>();
        for (JsonNode e : new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile())) {
            byWorkload.put(e.path("benchmark").asText().replace("benchkit.", ""), e);
        }
        assertEquals(new java.util.TreeSet<>(WORKLOADS), byWorkload.keySet());
        assertReasonable(byWorkload);
        return r;
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

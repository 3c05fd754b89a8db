package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The foundation's vertical slice, end to end: bench.jar launches a real server, loads it, measures, writes results. */
class PointSelectRunIT {
    @TempDir
    Path dir;

    @Test
    void embeddedMysql80() throws Exception {
        JsonNode entry = runPointSelect("mysql-8.0", "MySQL 8.0.15");
        assertEquals("glibc", entry.path("params").path("allocator").asText());
    }

    @Test
    void debianMariadb() throws Exception {
        runPointSelect("system", "MariaDB");
    }

    @Test
    void failedServerStartLeavesNoServerAndExplains() throws Exception {
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 240, Map.of(ServerProcesses.MARK_VARIABLE, mark), "--workload", "point-select", "--server", "system",
                "--mysqld", "no_such_variable_xyz=1", "--threads", "1", "--time", "1", "--warmup-iterations", "0",
                "--iterations", "1", "--out", dir.resolve("out").toString());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("no_such_variable_xyz"), "error should quote the server log: " + r.err());
        // the error line names the server's own first error; its log is shown once, without the routine
        // warnings every start logs (#34)
        assertTrue(r.err().lines().anyMatch(l -> l.startsWith("bench: error: ") && l.contains("unknown variable")), r.err());
        assertEquals(1, r.all().split("\\[ERROR\\] Aborting", -1).length - 1, r.all());
        assertFalse(r.all().contains("[Warning]"), r.all());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        ServerProcesses.assertNoneLeft(mark);
    }

    private JsonNode runPointSelect(String server, String expectedServer) throws Exception {
        String mark = ServerProcesses.newMark();
        Path out = dir.resolve("out");
        BenchJar.Result r;
        try (ServerProcesses.Watch watch = new ServerProcesses.Watch(mark)) {
            r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark), "--workload", "point-select",
                    "--server", server, "--threads", "1,4", "--time", "2", "--iterations", "2", "--warmup-time", "1",
                    "--warmup-iterations", "1", "--report-interval", "1", "--table-size", "2000", "--out", out.toString());
            assertFalse(watch.seen().isEmpty(), "the launched server was never seen carrying the run's marker");
        }
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("thds: 4 tps: "), "sysbench-style progress lines expected:\n" + r.out());

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size(), "one entry per thread count");
        for (JsonNode entry : results) {
            assertEquals("benchkit.point-select", entry.path("benchmark").asText());
            assertEquals("thrpt", entry.path("mode").asText());
            assertEquals(1, entry.path("forks").asInt());
            assertEquals(2, entry.path("measurementIterations").asInt());
            assertTrue(entry.path("params").path("server").asText().contains(expectedServer), entry.toString());
            JsonNode primary = entry.path("primaryMetric");
            assertTrue(primary.path("score").asDouble() > 0, "tps > 0: " + primary);
            assertEquals("ops/s", primary.path("scoreUnit").asText());
            assertTrue(primary.has("scoreError") && primary.has("scoreConfidence"), primary.toString());
            assertEquals(2, primary.path("rawData").path(0).size(), "two measured iterations in fork 1");
            JsonNode secondary = entry.path("secondaryMetrics");
            for (String m : List.of("qps", "latency.p50", "latency.p95", "latency.p99", "errors", "reconnects",
                    "server.cpu.user", "server.cpu.system", "server.rss", "server.vsz", "client.cpu")) {
                assertTrue(secondary.has(m), "secondary metric " + m + " missing: " + secondary.fieldNames());
            }
            assertTrue(secondary.path("server.rss").path("score").asDouble() > 0, "RSS > 0");
            assertTrue(secondary.path("server.vsz").path("score").asDouble()
                    >= secondary.path("server.rss").path("score").asDouble(), "VSZ >= RSS");
            assertTrue(secondary.path("latency.p95").path("score").asDouble() > 0);
        }
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertEquals(3, csv.size(), "header and one row per thread count: " + csv);
        List<String> journal = Files.readAllLines(out.resolve("journal.jsonl"));
        assertTrue(journal.size() >= 6, "one line per iteration: " + journal.size());
        assertTrue(journal.get(journal.size() - 1).contains("\"complete\":true"), journal.get(journal.size() - 1));
        for (int threads : List.of(1, 4)) {
            assertLatencyLogHoldsTheMeasuredEvents(out, journal, threads);
        }
        ServerProcesses.assertNoneLeft(mark);
        return results.get(0);
    }

    /** HdrHistogram's own reader reads each trial's log; its measured intervals hold the journal's measured events. */
    private static void assertLatencyLogHoldsTheMeasuredEvents(Path out, List<String> journal, int threads) throws Exception {
        ObjectMapper json = new ObjectMapper();
        long events = 0;
        for (String line : journal) {
            JsonNode l = json.readTree(line);
            if (l.path("threads").asInt() == threads && l.has("warmup") && !l.get("warmup").asBoolean()) {
                events += l.get("events").asLong();
            }
        }
        org.HdrHistogram.Histogram measured = new org.HdrHistogram.Histogram(3);
        int intervals = 0;
        try (var in = Files.newInputStream(out.resolve("latency/glibc-t" + threads + "-f1.hlog"))) {
            var reader = new org.HdrHistogram.HistogramLogReader(in);
            for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                intervals++;
                if ("measure".equals(h.getTag())) {
                    measured.add((org.HdrHistogram.Histogram) h);
                }
            }
        }
        assertTrue(intervals >= 5, "a warmup second and 2 x 2 measured seconds: " + intervals + " intervals");
        assertTrue(events > 0);
        assertEquals(events, measured.getTotalCount(), "measured events in the log at " + threads + " threads");
    }
}

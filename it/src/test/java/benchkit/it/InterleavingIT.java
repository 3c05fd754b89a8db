package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Variants' time slices pause and resume the load on open sessions. A transaction cut at a pause would
 * be committed half done by the next BEGIN and its unread replies taken for the next event's: on a small
 * table, read-write transactions then collide (duplicate key 1062 at the second or third slice, as the
 * event loop did before it let in-flight events end at a pause).
 */
class InterleavingIT {
    @TempDir
    Path dir;

    @Test
    void readWriteTransactionsSurviveManySlices() throws Exception {
        Path out = dir.resolve("rw");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "oltp-read-write", "--server", "system", "--allocator", "glibc,jemalloc",
                "--threads", "4", "--table-size", "100", "--forks", "1", "--warmup-iterations", "0",
                "--iterations", "8", "--time", "1", "--report-interval", "0",
                // what is tested is the transactions across slices; a 1-s slice is invalid after 0.75 s with no
                // commit, which a shared machine's fsync gives now and then (CI, 2026-11-26); TrustIT tests stalls
                "--stall-limit", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size(), results.toString());
        for (JsonNode e : results) {
            assertEquals(8, e.path("primaryMetric").path("rawData").get(0).size(), "every slice ran");
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
        }
    }

    /**
     * With progress lines on (the default), a variant that resumes after the others' slices goes on with its own
     * lines; it neither prints the paused seconds as catch-up lines of 0 tps nor takes their deadlines for a bench
     * that was held up (which marked valid slices invalid).
     */
    @Test
    void progressLinesDoNotCatchUpTheOthersSlices() throws Exception {
        Path out = dir.resolve("progress");
        BenchJar.Result r = BenchJar.run(dir, 300, "--workload", "point-select", "--server", "system",
                "--allocator", "glibc,jemalloc", "--threads", "4", "--table-size", "1000", "--forks", "1",
                "--warmup-iterations", "1", "--iterations", "4", "--time", "2", "--report-interval", "1",
                "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        assertTrue(!r.out().contains("INVALID"), r.out());
        long progress = r.out().lines().filter(l -> l.startsWith("[ ")).count();
        assertTrue(progress >= 16, "about one line per second of each variant's 10 s: " + r.out());
        assertTrue(r.out().lines().filter(l -> l.startsWith("[ ")).noneMatch(l -> l.contains("tps: 0.00")), r.out());
    }
}

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
                "--iterations", "8", "--time", "1", "--report-interval", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size(), results.toString());
        for (JsonNode e : results) {
            assertEquals(8, e.path("primaryMetric").path("rawData").get(0).size(), "every slice ran");
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
        }
    }
}

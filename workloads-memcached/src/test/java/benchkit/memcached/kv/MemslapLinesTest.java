package benchkit.memcached.kv;

import benchkit.memcached.sql.SqlKvWorkloadFactory;
import benchkit.memcached.workload.MemcachedWorkloadFactory;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code --format memslap}: one memslap line per key-value workload, variant and thread count; nothing for others. */
class MemslapLinesTest {
    private static MemslapLines.Score result(String workload, int threads, double eventsPerSecond) {
        return new MemslapLines.Score("glibc", threads, eventsPerSecond);
    }

    @Test
    void theOperationComesFromTheWorkloadNotItsName() {
        Map<String, WorkloadFactory> factories = Map.of("memcached-set", new MemcachedWorkloadFactory.Set(),
                "sql-kv-mixed", new SqlKvWorkloadFactory.Mixed(), "point-select", new WorkloadFactory() {
                    @Override public String name() { return "point-select"; }
                    @Override public String description() { return ""; }
                    @Override public benchkit.spi.Workload create(Map<String, String> options) { return null; }
                });
        Map<String, List<MemslapLines.Score>> scores = new LinkedHashMap<>();
        scores.put("memcached-set", List.of(result("memcached-set", 4, 20_000)));
        scores.put("sql-kv-mixed", List.of(result("sql-kv-mixed", 2, 1_000)));
        scores.put("point-select", List.of(result("point-select", 2, 5_000)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        MemslapLines.print(scores, factories::get, 5_000, 10, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals("Time to set 20000 keys by 4 threads: 1.000 s (memcached-set, glibc)\n"
                + "Time to set/get 10000 keys by 2 threads: 10.000 s (sql-kv-mixed, glibc)\n",
                bytes.toString(StandardCharsets.UTF_8));
    }
}

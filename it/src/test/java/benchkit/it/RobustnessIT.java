package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Load and broken plugins: bench neither dies nor leaves servers behind, and says what went wrong. */
class RobustnessIT {
    @TempDir
    Path dir;

    /** A small soak: 1024 client threads (so 1024 connections) against one server for a bounded time. */
    @Test
    void soakWith1024Threads() throws Exception {
        Path out = dir.resolve("soak");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 600, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "point-select", "--server", "system", "--threads", "1024", "--table-size", "10000",
                "--mysqld", "max_connections=1200", "--time", "5", "--iterations", "2", "--warmup-time", "2",
                "--report-interval", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        JsonNode e = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile()).get(0);
        double tps = e.path("primaryMetric").path("score").asDouble();
        double clientRss = e.path("secondaryMetrics").path("client.rss").path("score").asDouble();
        double errors = e.path("secondaryMetrics").path("errors").path("score").asDouble();
        System.out.printf("soak: 1024 threads: %.0f tps, %.1f errors/s, bench RSS max %.0f MB, p99 %.1f ms%n",
                tps, errors, clientRss, e.path("secondaryMetrics").path("latency.p99").path("score").asDouble());
        assertTrue(tps > 0, e.toString());
        assertTrue(clientRss > 0 && clientRss < 2048, "bench's own RSS stays bounded: " + clientRss + " MB");
    }

    @Test
    void brokenPluginJarIsNamedAndOtherPluginsStillLoad() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Path jar = plugins.resolve("broken-plugin.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry("META-INF/services/benchkit.spi.WorkloadFactory"));
            out.write("com.example.NoSuchWorkloadFactory\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        BenchJar.Result r = BenchJar.run(dir, 120, "list", "--plugin-dir", plugins.toString());
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.all().contains("com.example.NoSuchWorkloadFactory"), "names the class: " + r.all());
        assertTrue(r.out().contains("point-select") && r.out().contains("oltp-read-write"), "others still listed");
        assertFalse(r.all().contains("\tat "), "no stack trace");
    }

    @Test
    void workloadFailingInPrepareIsNamedAndLeavesNoServer() throws Exception {
        Path script = Files.writeString(dir.resolve("broken.sql"), """
                -- @prepare
                CREATE TABLE kv (id BIGINT PRIMARY KEY) ENGINE=NoSuchEngineXyz;
                -- @event get
                -- @param uniform 1 10
                SELECT id FROM kv WHERE id = ?;
                """);
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "sql", "--script", script.toString(), "--server", "system", "--threads", "1",
                "--time", "1", "--iterations", "1", "--warmup-iterations", "0", "--out", dir.resolve("out").toString());
        assertEquals(1, r.exit(), r.all());
        assertTrue(r.err().contains("workload sql: prepare failed"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        ServerProcesses.assertNoneLeft(mark);
    }
}

package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin SDK end to end: the example plugin jar (built separately, against the SPI only) loaded
 * with --plugin-dir, and the SQL template workload, both against Debian's mariadbd.
 */
class CustomWorkloadsIT {
    @TempDir
    Path dir;

    @Test
    void examplePluginFromPluginDir() throws Exception {
        Path jar = Path.of(System.getProperty("example.plugin.jar",
                "../examples/custom-workload/target/custom-workload.jar"));
        assertTrue(Files.isRegularFile(jar), "the example plugin is not built: " + jar.toAbsolutePath()
                + " (scripts/test-all.sh builds it before the tests)");
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.copy(jar, plugins.resolve("custom-workload.jar"));

        BenchJar.Result list = BenchJar.run(dir, 120, "list", "--plugin-dir", plugins.toString());
        assertEquals(0, list.exit(), list.all());
        assertTrue(list.out().contains("example-orders") && list.out().contains("--orders"), list.out());

        JsonNode entry = run("--plugin-dir", plugins.toString(), "--workload", "example-orders", "--orders", "500");
        assertEquals("500", entry.path("params").path("orders").asText());
    }

    @Test
    void sqlTemplateWorkload() throws Exception {
        Path script = Path.of("../examples/sql/kv.sql").toAbsolutePath().normalize();
        JsonNode entry = run("--workload", "sql", "--script", script.toString());
        assertTrue(entry.path("secondaryMetrics").path("qps").path("score").asDouble() > 0, entry.toString());
    }

    @Test
    void sqlTemplateWorkloadOnBenchsOwnClientRunsOnEventLoops() throws Exception {
        Path script = Path.of("../examples/sql/kv.sql").toAbsolutePath().normalize();
        // --client-threads loop refuses sessions that cannot be polled: the template's wire sessions can
        JsonNode entry = run("--workload", "sql", "--script", script.toString(), "--driver", "wire", "--client-threads", "loop");
        assertEquals("wire", entry.path("params").path("driver").asText(), entry.toString());
        assertTrue(entry.path("secondaryMetrics").path("qps").path("score").asDouble() > 0, entry.toString());
    }

    private JsonNode run(String... workloadArgs) throws Exception {
        Path out = dir.resolve("out-" + System.nanoTime());
        String[] common = {"--server", "system", "--threads", "2", "--time", "1", "--iterations", "1",
            "--warmup-iterations", "0", "--report-interval", "0", "--out", out.toString()};
        String[] args = new String[workloadArgs.length + common.length];
        System.arraycopy(workloadArgs, 0, args, 0, workloadArgs.length);
        System.arraycopy(common, 0, args, workloadArgs.length, common.length);
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark), args);
        assertEquals(0, r.exit(), r.all());
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(1, results.size());
        JsonNode entry = results.get(0);
        assertTrue(entry.path("primaryMetric").path("score").asDouble() > 0, entry.toString());
        ServerProcesses.assertNoneLeft(mark);
        return entry;
    }
}

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

    /**
     * Plugin errors in one format, naming jar, class and cause: a class without its constructor, a jar that lists
     * nothing, a file that is no jar, a second plugin with a taken name, a create() that throws; the run's
     * "unknown workload" points back at them, --stacktrace shows the plugin's frames, list still works.
     */
    @Test
    void pluginErrorsNameTheJarTheClassAndTheCause() throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("broken-plugins"));
        String header = "package com.example.broken;\nimport benchkit.spi.*;\nimport java.util.*;\n";
        Path jar = plugins.resolve("broken.jar");
        PluginJar.build(dir, jar, Map.of(
                "com.example.broken.NoCtor", header + "public final class NoCtor implements WorkloadFactory {"
                        + " public NoCtor(int x) { } public String name() { return \"no-ctor\"; }"
                        + " public String description() { return \"d\"; }"
                        + " public Workload create(Map<String, String> o) { return null; } }",
                "com.example.broken.Boom", header + "public final class Boom implements WorkloadFactory {"
                        + " public String name() { return \"boom\"; } public String description() { return \"d\"; }"
                        + " public Workload create(Map<String, String> o) { throw new IllegalStateException(\"boom in create\"); } }",
                "com.example.broken.Dup", header + "public final class Dup implements WorkloadFactory {"
                        + " public String name() { return \"oltp-delete\"; } public String description() { return \"d\"; }"
                        + " public Workload create(Map<String, String> o) { return null; } }"),
                Map.of("benchkit.spi.WorkloadFactory", "com.example.broken.NoCtor\ncom.example.broken.Boom\ncom.example.broken.Dup\n"));
        new java.util.jar.JarOutputStream(Files.newOutputStream(plugins.resolve("empty.jar"))).close();
        Files.writeString(plugins.resolve("junk.jar"), "not a jar");

        BenchJar.Result list = BenchJar.run(dir, 120, "list", "--plugin-dir", plugins.toString());
        assertEquals(0, list.exit(), list.all());
        assertTrue(list.out().contains("boom") && list.out().contains("point-select"), list.out());
        List<String> warnings = list.err().lines().toList();
        assertEquals(List.of(
                "bench: warning: plugin " + plugins.resolve("empty.jar") + " provides no plugin: it has none of"
                        + " META-INF/services/benchkit.spi.WorkloadFactory, META-INF/services/benchkit.spi.annotations.AnnotatedWorkload,"
                        + " META-INF/services/benchkit.spi.CollectorFactory, META-INF/services/benchkit.spi.ServerLauncher",
                "bench: warning: plugin " + plugins.resolve("junk.jar") + " is not a jar (zip END header not found)",
                "bench: warning: plugin " + jar + ": com.example.broken.NoCtor (WorkloadFactory) has no public no-arg"
                        + " constructor, which bench creates it with"), warnings.subList(0, 3));
        assertEquals(4, warnings.size(), list.err());
        assertTrue(warnings.get(3).startsWith("bench: warning: plugin " + jar + ": com.example.broken.Dup (WorkloadFactory)"
                + " is named 'oltp-delete', as benchkit.sysbench.OltpWorkloadFactory$Delete (")
                && warnings.get(3).endsWith("bench.jar) is: 'oltp-delete' is refused until one of them is removed"), warnings.get(3));

        BenchJar.Result missing = BenchJar.run(dir, 60, "--plugin-dir", plugins.toString(), "--workload", "no-ctor");
        assertEquals(2, missing.exit(), missing.all());
        assertTrue(missing.err().contains("bench: unknown workload 'no-ctor'; valid: ") && missing.err().contains(
                "; 4 plugins could not be loaded (the warnings above, and bench list, say why)"), missing.err());
        BenchJar.Result ambiguous = BenchJar.run(dir, 60, "--plugin-dir", plugins.toString(), "--workload", "oltp-delete");
        assertEquals(2, ambiguous.exit(), ambiguous.all());
        assertTrue(ambiguous.err().contains("bench: two workload plugins are named 'oltp-delete': "), ambiguous.err());

        BenchJar.Result boom = BenchJar.run(dir, 60, "--plugin-dir", plugins.toString(), "--workload", "boom");
        assertEquals(1, boom.exit(), boom.all());
        assertTrue(boom.err().contains("bench: error: workload boom of com.example.broken.Boom (" + jar
                + ") failed in create(): boom in create\nbench: --stacktrace shows where in the plugin it failed"), boom.err());
        BenchJar.Result traced = BenchJar.run(dir, 60, "--plugin-dir", plugins.toString(), "--workload", "boom", "--stacktrace");
        assertEquals(1, traced.exit(), traced.all());
        assertTrue(traced.err().contains("Caused by: java.lang.IllegalStateException: boom in create")
                && traced.err().contains("com.example.broken.Boom.create(Boom.java"), traced.err());
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

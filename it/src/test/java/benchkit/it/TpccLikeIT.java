package benchkit.it;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/tpcc/tpcc_like.lua, our TPC-C-like script: sysbench 1.0.20 and bench's launcher load the same tables from
 * it, and as a bench workload with two variants it has each transaction type's throughput and latency in the results,
 * compared between the variants, and in the report.
 */
class TpccLikeIT {
    private static final Path SCRIPT = Path.of("../examples/tpcc/tpcc_like.lua").toAbsolutePath().normalize();
    private static final List<String> KINDS = List.of("new_order", "payment", "order_status", "delivery", "stock_level");
    private static final List<String> SCALE = List.of("--warehouses=2", "--items=2000", "--customers=300");

    @TempDir
    Path dir;

    @Test
    void sysbenchAndBenchLoadTheSameTablesAndRunIt() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M", "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""))) {
            Target t = server.target();
            Path config = Files.writeString(dir.resolve("sysbench.cfg"), "mysql-host=127.0.0.1\nmysql-port=" + t.port()
                    + "\nmysql-user=" + t.user() + "\nmysql-password=" + t.password() + "\nmysql-db=" + t.database() + "\n");
            Map<String, Map<String, Long>> rows = new LinkedHashMap<>();
            for (String program : List.of("sysbench", BenchJar.jar().toAbsolutePath().resolveSibling("sysbench").toString())) {
                List<String> common = new ArrayList<>(List.of(program, SCRIPT.toString(), "--config-file=" + config,
                        "--threads=2"));
                common.addAll(SCALE);
                run(common, "prepare");
                rows.put(program, counts(t));
                String ran = run(common, "--events=300", "run");
                assertTrue(ran.contains("\n    transactions:                        300    ("), program + ":\n" + ran);
                run(common, "cleanup");
                assertEquals(0, counts(t).size(), program + " left tables: " + counts(t));
            }
            List<Map<String, Long>> both = new ArrayList<>(rows.values());
            Map<String, Long> bySysbench = both.get(0);
            Map<String, Long> byBench = both.get(1);
            // 2 warehouses, 10 districts each, 300 customers (and orders) per district, 30% of those orders new
            assertEquals(Map.of("warehouse", 2L, "district", 20L, "customer", 6000L, "history", 6000L, "orders", 6000L,
                    "new_orders", 1800L, "item", 2000L, "stock", 4000L), without(bySysbench, "order_line"), rows.toString());
            assertEquals(without(bySysbench, "order_line"), without(byBench, "order_line"), rows.toString());
            for (Map<String, Long> r : both) {   // 5 to 15 lines per order, at random
                long lines = r.get("order_line");
                assertTrue(lines >= 6000 * 9 && lines <= 6000 * 11, rows.toString());
            }
        }
    }

    @Test
    void asABenchWorkloadEachTransactionTypeIsMeasuredAndCompared() throws Exception {
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>();
        args.addAll(List.of("--workload", SCRIPT.toString(), "--server", "system", "--allocator", "glibc,jemalloc",
                "--forks", "2", "--threads", "2", "--warmup-iterations", "1", "--warmup-time", "1", "--iterations", "3", "--time", "1",
                "--report-interval", "0", "--out", out.toString(), "--warehouses", "2", "--items", "2000",
                "--customers", "300"));
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 600, Map.of(ServerProcesses.MARK_VARIABLE, mark), args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size(), results.toString());
        for (JsonNode entry : results) {
            JsonNode metrics = entry.path("secondaryMetrics");
            JsonNode total = entry.path("primaryMetric").path("rawData").get(0);
            double[] summed = new double[total.size()];
            for (String kind : KINDS) {
                JsonNode tps = metrics.path("tps." + kind);
                assertEquals("ops/s", tps.path("scoreUnit").asText(), kind + ": " + metrics);
                assertTrue(tps.path("score").asDouble() > 0, kind + ": " + tps);
                for (int i = 0; i < summed.length; i++) {
                    summed[i] += tps.path("rawData").get(0).get(i).asDouble();
                }
                for (String p : List.of("p50", "p95", "p99")) {
                    JsonNode latency = metrics.path("latency." + kind + "." + p);
                    assertEquals("ms", latency.path("scoreUnit").asText(), kind + " " + p + ": " + metrics);
                    assertTrue(latency.path("score").asDouble() > 0, kind + " " + p + ": " + latency);
                }
            }
            // the five types add up to the total, iteration by iteration (each event is of one type)
            for (int i = 0; i < summed.length; i++) {
                double events = total.get(i).asDouble();
                assertEquals(events, summed[i], events * 0.01, "iteration " + (i + 1) + ": " + entry);
            }
            // the standard mix: New-Order 45%, Payment 43%
            double newOrders = metrics.path("tps.new_order").path("score").asDouble();
            double all = entry.path("primaryMetric").path("score").asDouble();
            assertTrue(newOrders / all > 0.35 && newOrders / all < 0.55, newOrders + " of " + all);
        }
        BenchJar.Result compared = BenchJar.run(dir, 120, "compare", out.toString(), "--json");
        assertTrue(compared.exit() == 0 || compared.exit() == 3, compared.all());
        for (String kind : KINDS) {
            assertTrue(compared.out().contains("\"latency." + kind + ".p95\"") && compared.out().contains("\"tps." + kind + "\""),
                    kind + ":\n" + compared.out());
        }
        String report = Files.readString(out.resolve("report.html"));
        String table = report.substring(report.indexOf("id=\"event-kinds-table\""));
        table = table.substring(0, table.indexOf("</table>"));
        for (String kind : KINDS) {
            assertTrue(table.contains("<strong>" + kind + "</strong>"), kind + " in the report's table of kinds:\n" + table);
        }
        assertTrue(table.contains("baseline") && table.contains("class=\"verdict "), table);
    }

    private static Map<String, Long> without(Map<String, Long> counts, String table) {
        Map<String, Long> m = new LinkedHashMap<>(counts);
        m.remove(table);
        return m;
    }

    /** Rows of each table in the target's database. */
    private static Map<String, Long> counts(Target t) throws Exception {
        Map<String, Long> counts = new java.util.TreeMap<>();
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + t.port() + "/" + t.database(),
                t.user(), t.password()); Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet r = s.executeQuery("SHOW TABLES")) {
                while (r.next()) {
                    tables.add(r.getString(1));
                }
            }
            for (String table : tables) {
                try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    r.next();
                    counts.put(table, r.getLong(1));
                }
            }
        }
        return counts;
    }

    /** Runs a sysbench line in the test's directory: its output, after exit 0 and nothing on standard error. */
    private String run(List<String> common, String... more) throws Exception {
        List<String> command = new ArrayList<>(common);
        command.addAll(List.of(more));
        Path stdout = Files.createTempFile(dir, "out", ".txt");
        Path stderr = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile()).redirectInput(new java.io.File("/dev/null"));
        pb.environment().put("BENCHKIT_CACHE", dir.resolve("cache").toString());
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish: " + command);
        }
        String all = Files.readString(stdout) + Files.readString(stderr);
        assertEquals(0, p.exitValue(), command + ":\n" + all);
        assertEquals("", Files.readString(stderr), command + ":\n" + all);
        return Files.readString(stdout);
    }
}

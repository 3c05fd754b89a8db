package benchkit.it;

import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.innodb.InnodbMemcachedLauncher;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Study D's subject for real: MySQL 8.0.33's InnoDB memcached plugin, obtained from Maven Central on first use
 * (a machine that has it cached reuses it), started by bench and loaded by the memcached workloads as native
 * memcached is.
 */
class InnodbMemcachedIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    private static ServerHandle launchPlugin() throws Exception {
        return new InnodbMemcachedLauncher().launch(new ServerSpec("", Map.of(), AllocatorSpec.GLIBC, ""));
    }

    /** The study's advice end to end: sets through memcached become rows, rows written by SQL are read through it. */
    @Test
    void writesThroughMemcachedAreRowsAndRowsWrittenBySqlAreReadThroughMemcached() throws Exception {
        try (ServerHandle plugin = launchPlugin()) {
            Target mc = plugin.target();
            assertEquals(InnodbMemcachedLauncher.PRODUCT, mc.product());
            assertEquals("8.0.33", mc.version());
            assertTrue(MemcachedText.store(mc.host(), mc.port(), "set", "from-memcached", "value set through memcached", 5000));
            try (Connection sql = SqlConnector.to(SqlEndpoint.of(InnodbMemcachedLauncher.sqlTarget(plugin))).open()) {
                try (PreparedStatement s = sql.prepareStatement("SELECT v FROM " + InnodbMemcachedLauncher.DATABASE + "."
                        + InnodbMemcachedLauncher.TABLE + " WHERE k = ?")) {
                    s.setString(1, "from-memcached");
                    try (ResultSet rs = s.executeQuery()) {
                        assertTrue(rs.next(), "the memcached set is a row of the InnoDB table");
                        assertEquals("value set through memcached", new String(rs.getBytes(1), java.nio.charset.StandardCharsets.UTF_8));
                    }
                }
                try (PreparedStatement s = sql.prepareStatement("INSERT INTO " + InnodbMemcachedLauncher.DATABASE + "."
                        + InnodbMemcachedLauncher.TABLE + " (k, v, flags, cas, expiry) VALUES (?, ?, 0, 0, 0)")) {
                    s.setString(1, "from-sql");
                    s.setBytes(2, "row inserted by SQL".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    s.executeUpdate();
                }
            }
            assertEquals(Map.of("from-sql", "row inserted by SQL", "from-memcached", "value set through memcached"),
                    MemcachedText.getAll(mc.host(), mc.port(), List.of("from-sql", "from-memcached", "absent"), 5000));
            assertEquals(String.valueOf(plugin.pid()), MemcachedText.stats(mc.host(), mc.port(), 5000).get("pid"),
                    "the memcached that answers is mysqld's plugin");
        }
    }

    /** bench's own counts against the plugin's counters: every get and set bench counted reached the server. */
    @Test
    void benchJarsGetsAndSetsAreThePluginsOwnCounts() throws Exception {
        try (ServerHandle plugin = launchPlugin()) {
            Target mc = plugin.target();
            String address = mc.host() + ":" + mc.port();
            Map<String, String> before = MemcachedText.stats(mc.host(), mc.port(), 5000);
            Path sets = dir.resolve("set");
            BenchJar.Result r = BenchJar.run(dir, 300, "--workload", "memcached-set", "--memcached-servers", address,
                    "--threads", "2,4", "--execute-number", "500", "--keys", "3000", "--value-size", "300",
                    "--report-interval", "0", "--out", sets.toString());
            assertEquals(0, r.exit(), r.all());
            Map<String, String> afterSets = MemcachedText.stats(mc.host(), mc.port(), 5000);
            long[] counted = counted(sets);   // writes, reads, others, errors
            assertEquals(500L * 2 + 500L * 4, counted[0], "--execute-number 500 per thread at 2 and at 4 threads");
            assertEquals(counted[0] + counted[3], delta(before, afterSets, "cmd_set"),
                    "every set bench counted, stored or refused, is one the plugin counted: " + r.out());

            Path gets = dir.resolve("get");
            r = BenchJar.run(dir, 300, "--workload", "memcached-get", "--memcached-servers", address,
                    "--threads", "4", "--execute-number", "1000", "--keys", "3000", "--value-size", "300",
                    "--report-interval", "0", "--out", gets.toString());
            assertEquals(0, r.exit(), r.all());
            Map<String, String> afterGets = MemcachedText.stats(mc.host(), mc.port(), 5000);
            long[] read = counted(gets);
            assertEquals(4000, read[1] + read[2], "hits and misses of 4 x 1000 gets");
            // before the run, bench asks for the first and the last key to see whether the data is loaded
            long extra = delta(afterSets, afterGets, "cmd_get") - (read[1] + read[2]);
            assertTrue(extra >= 0 && extra <= 2, "gets the plugin counted beyond bench's: " + extra);
            long hits = delta(afterSets, afterGets, "get_hits") - read[1];
            assertTrue(hits >= 0 && hits <= extra, "the plugin's hits beyond bench's: " + hits);
        }
    }

    private static long delta(Map<String, String> before, Map<String, String> after, String stat) {
        return Long.parseLong(after.get(stat)) - Long.parseLong(before.get(stat));
    }

    /** Writes, reads, others and errors of every iteration in the run's journal. */
    private static long[] counted(Path run) throws Exception {
        long[] sums = new long[4];
        for (String line : Files.readAllLines(run.resolve("journal.jsonl"))) {
            JsonNode n = JSON.readTree(line);
            if (n.path("event").asText().equals("iteration")) {
                sums[0] += n.path("writes").asLong();
                sums[1] += n.path("reads").asLong();
                sums[2] += n.path("others").asLong();
                sums[3] += n.path("errors").asLong();
            }
        }
        return sums;
    }

    /**
     * Launched by bench, the plugin has what the other servers have: allocators with proof, a CPU set, mysqld and
     * plugin settings, data prepared once and copied, variants side by side; the process measured is mysqld.
     */
    @Test
    void benchLaunchesThePluginAsAnyServerWithAllocatorsCpusSettingsAndCopiedData() throws Exception {
        Path out = dir.resolve("launched");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 600, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "memcached-get", "--server", "innodb-memcached", "--allocator", "glibc,jemalloc",
                "--server-cpus", "1", "--mysqld", "daemon_memcached_r_batch_size=1,16", "--forks", "1",
                "--collectors", "process,client,memcached-stats", "--threads", "4", "--keys", "2000", "--value-size", "512",
                "--time", "1", "--iterations", "2", "--warmup-time", "1", "--report-interval", "0", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        assertTrue(r.out().contains("(MySQL InnoDB memcached 8.0.33)"), r.out());
        JsonNode results = JSON.readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(4, results.size(), "glibc and jemalloc x r_batch_size 1 and 16");
        List<String> origins = new ArrayList<>();
        for (JsonNode e : results) {
            JsonNode params = e.path("params");
            assertEquals("innodb-memcached", params.path("distribution").asText());
            assertEquals("0", params.path("server.cpus").asText());
            if (params.path("allocator").asText().equals("jemalloc")) {
                assertTrue(params.path("allocator.proof").asText().contains("libjemalloc"), params.toString());
            }
            origins.add(params.path("data.proof").asText());
            JsonNode metrics = e.path("secondaryMetrics");
            assertTrue(metrics.path("server.rss").path("score").asDouble() > 100, "mysqld's RSS, not a client's: " + metrics);
            assertTrue(metrics.path("memcached.get_hits").path("score").asDouble() > 0, "the plugin's stats: " + metrics);
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
        }
        assertEquals(3, origins.stream().filter(o -> o.startsWith("copied")).count(), "prepared once, copied thrice: " + origins);
    }

    @Test
    void aServerWithoutThePluginIsOneLineAndExit2BeforeAnythingStarts() throws Exception {
        for (String server : List.of("innodb-memcached:mariadb-11.4", "innodb-memcached:mysql-8.0")) {
            Path out = dir.resolve(server.replace(':', '_'));
            BenchJar.Result r = BenchJar.run(dir, 120, "--workload", "memcached-get", "--server", server, "--out", out.toString());
            assertEquals(2, r.exit(), r.all());
            String line = r.err().strip();
            assertFalse(line.contains("\n"), "one line: " + line);
            assertTrue(line.startsWith("bench: --server " + server + ": "), line);
            assertTrue(line.contains(server.endsWith("mariadb-11.4") ? "MariaDB 11.4.5 has no InnoDB memcached plugin"
                    : "has no lib/plugin/libmemcached.so"), line);
            assertTrue(line.contains("--server innodb-memcached runs MySQL 8.0.33"), "and what has it: " + line);
            assertFalse(Files.exists(out), "nothing was created for a refused run");
        }
    }
}

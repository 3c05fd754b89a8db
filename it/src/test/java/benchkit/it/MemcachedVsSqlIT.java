package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Native memcached (launched by bench) against the SQL key-value baseline on Debian's MariaDB, across a
 * concurrency list, in one result set and one report; and study D in one command, with its third leg, the InnoDB
 * memcached plugin.
 */
class MemcachedVsSqlIT {
    @TempDir
    Path dir;

    @Test
    void nativeMemcachedAndSqlBaselineSideBySide() throws Exception {
        Path out = dir.resolve("kv");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 600, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "memcached-get,sql-kv-get", "--server", "memcached,system", "--forks", "1",
                "--collectors", "process,client,memcached-stats",
                "--threads", "4,16", "--keys", "5000", "--value-size", "512", "--time", "1", "--iterations", "2",
                "--warmup-time", "1", "--report-interval", "0", "--out", out.toString());
        // memcached-stats cannot read a MySQL server: the SQL baseline's collectors must not make the run fail.
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        Map<String, Integer> entries = new HashMap<>();
        for (JsonNode e : results) {
            String key = e.path("benchmark").asText() + "@" + e.path("params").path("distribution").asText();
            entries.merge(key, 1, Integer::sum);
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
            assertTrue(e.path("secondaryMetrics").path("server.rss").path("score").asDouble() > 0, "RSS of " + key);
            if (key.startsWith("benchkit.memcached-get")) {
                assertTrue(e.path("secondaryMetrics").path("memcached.get_hits").path("score").asDouble() > 0,
                        "memcached stats: " + e.path("secondaryMetrics"));
            }
        }
        assertEquals(Map.of("benchkit.memcached-get@memcached", 2, "benchkit.sql-kv-get@system", 2), entries);
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("memcached-get") && html.contains("sql-kv-get"), "one report shows both");
        assertTrue(html.contains("memcached-get vs sql-kv-get"), "and compares memcached with its SQL baseline");
    }

    @Test
    void studyDInOneCommandRunsAllThreeLegsAndPutsThePublishedFindingsBesideItsOwn() throws Exception {
        Path out = dir.resolve("study-d");
        String mark = ServerProcesses.newMark();
        // the study file as shipped, made small by typed options (a typed option replaces the file's)
        BenchJar.Result r = BenchJar.run(dir, 900, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--experiment", Path.of("../examples/studies/study-d-innodb-memcached.json").toAbsolutePath().toString(),
                "--threads", "4", "--keys", "2000", "--value-size", "512", "--forks", "2", "--execute-number", "300",
                "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        for (String leg : new String[]{"memcached-get, memcached", "memcached-get, innodb-memcached",
                "sql-kv-get, mysql-8.0.33", "memcached-set, innodb-memcached", "sql-kv-set, mysql-8.0.33"}) {
            assertTrue(r.out().matches("(?s).*Time to (get|set) 1200 keys by 4 threads: [0-9.]+ s \\(" + leg + "\\).*"),
                    "memslap's line for " + leg + ": " + r.out());
        }
        assertTrue(r.out().contains("memcached-get: innodb-memcached vs memcached, 4 threads"), "native against the plugin: " + r.out());
        assertTrue(r.out().contains("memcached-get (innodb-memcached) vs sql-kv-get, 4 threads"), "the plugin against SQL: " + r.out());
        assertTrue(Files.isRegularFile(out.resolve("study.json")), "the study is kept beside the results");
        String html = Files.readString(out.resolve("report.html"));
        String published = html.substring(html.indexOf("<h2 id=\"published\">Published beside here</h2>"));
        assertTrue(published.contains("<td>innodb-memcached vs memcached</td><td>-39.3% at 4 threads: get, 4 threads"), published);
        assertTrue(published.contains("<td>innodb-memcached</td><td>110.4 s at 4 threads: InnoDB memcached, set, 4 threads x 100,000"
                + "</td><td>"), "memslap's time, published beside here: " + published);
        assertTrue(published.matches("(?s).*InnoDB memcached, set, 4 threads x 100,000</td><td>[0-9.]+ s for 1,200 events "
                + "\\(300 per thread\\)</td>.*"), published);
        assertTrue(published.contains("not run at 256 threads here (ran 4)"), "a figure of a thread count not run: " + published);
    }

    @Test
    void memslapStyleExecuteNumber() throws Exception {
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "memcached-set", "--server", "memcached", "--threads", "4", "--execute-number", "5000",
                "--format", "memslap", "--report-interval", "0", "--out", dir.resolve("memslap").toString());
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().matches("(?s).*Time to set 20000 keys by 4 threads: [0-9.]+ s.*"), r.out());
        JsonNode entry = new ObjectMapper().readTree(dir.resolve("memslap/jmh-result.json").toFile()).get(0);
        long events = Math.round(entry.path("primaryMetric").path("score").asDouble()
                * entry.path("primaryMetric").path("rawData").get(0).size());
        assertTrue(events > 0, entry.toString());
        ServerProcesses.assertNoneLeft(mark);
    }

    @Test
    void anExistingMemcachedGivenByAddress() throws Exception {
        try (benchkit.spi.ServerHandle memcached = new benchkit.memcached.launcher.MemcachedLauncher().launch(
                new benchkit.spi.ServerSpec("system", Map.of(), benchkit.spi.AllocatorSpec.GLIBC, ""))) {
            String address = memcached.target().host() + ":" + memcached.target().port();
            Path out = dir.resolve("existing");
            BenchJar.Result r = BenchJar.run(dir, 300, "--workload", "memcached-set", "--memcached-servers", address,
                    "--threads", "2", "--time", "1", "--iterations", "1", "--warmup-iterations", "0",
                    "--report-interval", "0", "--out", out.toString());
            assertEquals(0, r.exit(), r.all());
            JsonNode entry = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile()).get(0);
            assertEquals("external", entry.path("params").path("distribution").asText());
            assertTrue(entry.path("primaryMetric").path("score").asDouble() > 0, entry.toString());
            assertTrue(memcached.isAlive(), "bench leaves a server it does not own running");
        }
    }
}

package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 4: data is prepared once per server flavour and data-shaping setting, and every other variant
 * and fork starts from a copy of the prepared datadir; the snapshots go when the run ends.
 */
class PreparedDataIT {
    @TempDir
    Path dir;

    @Test
    void preparesOncePerPageSizeAndCopiesForAllocatorsAndForks() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path out = dir.resolve("out");
        String mark = ServerProcesses.newMark();
        // 2 allocators x 2 page sizes x 2 forks = 8 launches; the page size shapes the data, the allocator does not.
        // No stall limit: a 1-s slot allows 0.5 s without an answer, and a just-restarted server on a busy CI
        // machine has stalled that long (an invalid iteration, rightly); stalls are TrustIT's subject
        BenchJar.Result r = BenchJar.run(dir, 900, Map.of(ServerProcesses.MARK_VARIABLE, mark,
                        "JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp),
                "--workload", "oltp-read-write", "--server", "system", "--allocator", "glibc,jemalloc",
                "--mysqld", "innodb_page_size=16K,8K", "--forks", "2", "--tables", "2", "--table-size", "2000",
                "--threads", "2", "--time", "1", "--iterations", "1", "--warmup-iterations", "0",
                "--report-interval", "0", "--stall-limit", "0", "--keep-datadir", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);

        assertEquals(2, count(r.out(), "^# Preparing oltp-read-write "), r.out());
        assertEquals(1, count(r.out(), "^# Saved the prepared data of oltp-read-write on system innodb_page_size=16K "
                + "for 3 more launches \\(\\d+ MB, [0-9.]+ s: shutdown [0-9.]+ s, copy [0-9.]+ s, restart [0-9.]+ s\\)$"), r.out());
        assertEquals(1, count(r.out(), "^# Saved the prepared data of oltp-read-write on system innodb_page_size=8K "), r.out());
        assertEquals(3, count(r.out(), "^# Using prepared data of oltp-read-write on system innodb_page_size=16K "
                + "\\(copied, [0-9.]+ s\\)$"), r.out());
        assertEquals(3, count(r.out(), "^# Using prepared data of oltp-read-write on system innodb_page_size=8K "
                + "\\(copied, [0-9.]+ s\\)$"), r.out());

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(4, results.size(), "one entry per allocator and page size");
        for (JsonNode e : results) {
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
            assertEquals(2, e.path("primaryMetric").path("rawData").size(), "both forks measured: " + e);
            assertTrue(e.path("params").path("data.proof").asText().startsWith(
                    e.path("params").path("allocator").asText().equals("glibc") ? "prepared on this server" : "copied from"), e.toString());
        }
        JsonNode settings = new ObjectMapper().readTree(out.resolve("run.json").toFile()).path("settings");
        assertTrue(settings.path("data").asText().contains("(3 copies)"), settings.toString());

        // --keep-datadir keeps every launch directory, each with its own data; the run's snapshots are gone
        List<Path> left;
        try (Stream<Path> s = Files.list(tmp)) {
            left = s.filter(p -> p.getFileName().toString().startsWith("benchkit-")).toList();
        }
        assertEquals(8, left.size(), left.toString());
        for (Path launch : left) {
            assertTrue(launch.getFileName().toString().startsWith("benchkit-mysql-"), launch.toString());
            assertTrue(Files.isDirectory(launch.resolve("data/sbtest")), "kept datadir with the tables: " + launch);
        }
    }

    private static long count(String text, String regex) {
        return Pattern.compile(regex, Pattern.MULTILINE).matcher(text).results().count();
    }
}

package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 4's experiment at small size: two workloads x three allocators x four thread counts in one
 * command, each allocator proven loaded, the data prepared once per workload and copied for the other
 * allocators, then the report redrawn and two variants compared.
 */
class AllocatorMatrixIT {
    @TempDir
    Path dir;

    @Test
    void workloadsTimesAllocatorsTimesThreads() throws Exception {
        Path out = dir.resolve("matrix");
        String mark = ServerProcesses.newMark();
        BenchJar.Result r = BenchJar.run(dir, 900, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--workload", "oltp-read-only,point-select", "--forks", "1", "--allocator", "glibc,jemalloc,tcmalloc",
                "--threads", "1,4,16,64", "--server", "system", "--table-size", "1000",
                "--time", "1", "--iterations", "1", "--warmup-iterations", "0", "--report-interval", "0",
                "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        ServerProcesses.assertNoneLeft(mark);
        // data is prepared once per workload on this server; the other allocators start from a copy
        for (String workload : new String[]{"oltp-read-only", "point-select"}) {
            assertEquals(1, count(r.out(), "^# Preparing " + workload + " "), r.out());
            assertEquals(2, count(r.out(), "^# Using prepared data of " + workload + " on system \\(copied, [0-9.]+ s\\)$"), r.out());
        }

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2 * 3 * 4, results.size(), "one entry per workload, allocator and thread count");
        Set<String> seen = new HashSet<>();
        for (JsonNode e : results) {
            String allocator = e.path("params").path("allocator").asText();
            String proof = e.path("params").path("allocator.proof").asText();
            switch (allocator) {
                case "glibc" -> assertEquals("glibc; version_malloc_library=system", proof);
                case "jemalloc" -> assertTrue(proof.contains("libjemalloc") && proof.contains("version_malloc_library=jemalloc"), proof);
                case "tcmalloc" -> assertTrue(proof.contains("libtcmalloc"), proof);
                default -> throw new AssertionError("unexpected allocator " + allocator);
            }
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
            seen.add(e.path("benchmark").asText() + "/" + allocator + "/" + e.path("threads").asInt());
        }
        assertEquals(24, seen.size(), seen.toString());
        assertEquals(25, Files.readAllLines(out.resolve("results.csv")).size(), "header + 24 rows");
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("jemalloc") && html.contains("oltp-read-only") && html.contains("<canvas"), "report");

        Files.delete(out.resolve("report.html"));
        BenchJar.Result report = BenchJar.run(dir, 120, "report", out.toString());
        assertEquals(0, report.exit(), report.all());
        assertTrue(Files.size(out.resolve("report.html")) > 100_000, "report redrawn with Chart.js inlined");

        BenchJar.Result compare = BenchJar.run(dir, 120, "compare", out.toString(),
                "--variants", "allocator=glibc,allocator=jemalloc");
        assertEquals(0, compare.exit(), compare.all());
        assertTrue(compare.out().contains("verdict") && compare.out().contains("oltp-read-only")
                && compare.out().contains("point-select"), compare.out());

        BenchJar.Result bad = BenchJar.run(dir, 120, "compare", out.toString(), "--variants", "allocator=glibc,allocator=hoard");
        assertEquals(2, bad.exit(), bad.all());
    }

    private static long count(String text, String regex) {
        return java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.MULTILINE).matcher(text).results().count();
    }
}

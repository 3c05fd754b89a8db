package benchkit.core.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scores and errors are chosen so every interval is [score - error, score + error] by hand. */
class CompareTest {
    private static final Map<String, String> GLIBC = Map.of("allocator", "glibc", "server", "MySQL 8.0.15");
    private static final Map<String, String> JEMALLOC = Map.of("allocator", "jemalloc", "server", "MySQL 8.0.15");

    @Test
    void verdictsFollowOverlapOfConfidenceIntervals(@TempDir Path tmp) throws Exception {
        Path a = new JmhFixture()
                // tps [95, 105]; latency [9, 11]; rss [495, 505]; cpu [48, 52]; custom [1, 3]
                .entry("benchkit.oltp", 4, GLIBC, JmhFixture.metrics("tps", 100, 5, "latency.p95", 10, 1,
                        "server.rss", 500, 5, "server.cpu.user", 50, 2, "custom.thing", 2, 1))
                // tps [190, 210]
                .entry("benchkit.oltp", 16, GLIBC, JmhFixture.metrics("tps", 200, 10))
                .writeTo(tmp.resolve("a"));
        Path b = new JmhFixture()
                // tps [99, 109] overlaps -> ~; latency [7.5, 8.5] below -> better; rss [545, 555] above -> worse;
                // cpu [51, 53] overlaps -> ~; custom [5, 7] above -> higher
                .entry("benchkit.oltp", 4, JEMALLOC, JmhFixture.metrics("tps", 104, 5, "latency.p95", 8, 0.5,
                        "server.rss", 550, 5, "server.cpu.user", 52, 1, "custom.thing", 6, 1))
                // tps [150, 170] below [190, 210] -> slower
                .entry("benchkit.oltp", 16, JEMALLOC, JmhFixture.metrics("tps", 160, 10))
                .writeTo(tmp.resolve("b"));

        Comparison c = Compare.directories(a, b);

        assertEquals(a + " (allocator=glibc)", c.baseline());
        assertEquals(b + " (allocator=jemalloc)", c.candidate());
        assertRow(c, "tps", 4, 4.0, Verdict.SAME);
        assertRow(c, "latency.p95", 4, -20.0, Verdict.BETTER);
        assertRow(c, "server.rss", 4, 10.0, Verdict.WORSE);
        assertRow(c, "server.cpu.user", 4, 4.0, Verdict.SAME);
        assertRow(c, "custom.thing", 4, 200.0, Verdict.HIGHER);
        assertRow(c, "tps", 16, -20.0, Verdict.SLOWER);
        assertEquals(6, c.rows().size(), "metrics missing at 16 threads are left out, not failed");
        assertEquals(List.of(), c.unmatched());
        Comparison.Row tps = c.row("tps", 4).orElseThrow();
        assertEquals(95.0, tps.a().ciLow(), 1e-9);
        assertEquals(109.0, tps.b().ciHigh(), 1e-9);
        assertEquals(Map.of("server", "MySQL 8.0.15"), tps.params(), "allocator is the contrast, server is shared");
    }

    @Test
    void fasterWhenThroughputIntervalsAreDisjoint() {
        Comparison c = Compare.compare("a", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 100, 5, "qps", 2000, 10))),
                "b", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 120, 5, "qps", 2000, 10))));
        assertRow(c, "tps", 1, 20.0, Verdict.FASTER); // [95, 105] vs [115, 125]
        assertRow(c, "qps", 1, 0.0, Verdict.SAME);
        assertEquals("a", c.baseline(), "nothing contrasts when params are equal");
    }

    @Test
    void unknownIntervalGivesNoVerdict() {
        Comparison c = Compare.compare("a", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 100, Double.NaN))),
                "b", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 300, 1))));
        assertRow(c, "tps", 1, 200.0, Verdict.UNKNOWN);
    }

    @Test
    void comparesTwoVariantsOfOneDirectory(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc");
        assertEquals(dir + " allocator=glibc", c.baseline());
        assertEquals(3 * 12, c.rows().size(), "3 thread counts x 12 metrics");
        assertRow(c, "tps", 1, 2.0, Verdict.SAME);        // [245, 255] vs [249.9, 260.1]
        assertRow(c, "tps", 16, 100.0 * 400 / 1500, Verdict.FASTER); // [1470, 1530] vs [1862, 1938]
        assertRow(c, "server.vsz", 4, -25.0, Verdict.BETTER);
        assertRow(c, "errors", 4, 0.0, Verdict.SAME);

        String table = c.render();
        assertTrue(table.contains("A (baseline):  " + dir + " allocator=glibc"), table);
        List<String> lines = table.lines().toList();
        String header = lines.stream().filter(l -> l.startsWith("metric")).findFirst().orElseThrow();
        int verdictColumn = header.indexOf("verdict");
        int changeEnd = header.indexOf("change") + "change".length();
        List<String> tpsRows = lines.stream().filter(l -> l.startsWith("tps (ops/s)")).toList();
        assertEquals(3, tpsRows.size());
        for (String row : tpsRows) {
            assertEquals(verdictColumn, row.indexOf(row.endsWith("~") ? "~" : "faster"), "verdict column aligned: " + row);
            assertEquals('%', row.charAt(changeEnd - 1), "change column right-aligned: " + row);
        }
        assertTrue(tpsRows.get(2).contains("1500  [1470, 1530]") && tpsRows.get(2).contains("+26.7%"), tpsRows.get(2));
    }

    @Test
    void reportsEntriesOnOneSideOnly(@TempDir Path dir) throws Exception {
        new JmhFixture()
                .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 100, 5))
                .entry("benchkit.oltp", 64, GLIBC, JmhFixture.metrics("tps", 100, 5))
                .entry("benchkit.oltp", 1, JEMALLOC, JmhFixture.metrics("tps", 100, 5))
                .writeTo(dir);
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc");
        assertEquals(1, c.rows().size());
        assertEquals(List.of("only in A: oltp threads=64 {server=MySQL 8.0.15}"), c.unmatched());
        assertTrue(c.render().contains("only in A: oltp threads=64"));
    }

    @Test
    void badVariantsFailWithOneLine(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        var e = assertThrows(IllegalArgumentException.class, () -> Compare.variants(dir, "glibc", "allocator=jemalloc"));
        assertTrue(e.getMessage().startsWith("variant 'glibc' is not key=value (e.g. allocator=glibc); params in "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Compare.variants(dir, "allocator=glibc", "allocator=tcmalloc"));
        assertTrue(e.getMessage().startsWith("no entry in " + dir + " has allocator=tcmalloc; params there: "
                + "allocator=glibc|jemalloc, distribution=mysql-8.0, server=MySQL 8.0.15"), e.getMessage());
    }

    @Test
    void nothingSharedSaysSo() {
        Comparison c = Compare.compare("a", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 1, 1))),
                "b", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 2, GLIBC, JmhFixture.metrics("tps", 1, 1))));
        assertTrue(c.isEmpty());
        assertTrue(c.render().contains("nothing to compare"));
        assertEquals(2, c.unmatched().size());
    }

    private static void assertRow(Comparison c, String metric, int threads, double change, Verdict verdict) {
        Comparison.Row row = c.row(metric, threads).orElseThrow(() -> new AssertionError("no row " + metric + "@" + threads));
        assertEquals(change, row.changePercent(), 1e-9, metric + "@" + threads + " change");
        assertEquals(verdict, row.verdict(), metric + "@" + threads + " verdict");
    }
}

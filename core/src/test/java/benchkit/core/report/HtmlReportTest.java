package benchkit.core.report;

import benchkit.core.result.MachineInfo;
import benchkit.core.result.RunInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlReportTest {
    static final String NASTY = "</script><b>x</b>{{CHARTJS}}<!--\u2028'\"&";
    private static final List<String> METRICS = List.of("tps", "qps", "latency.p50", "latency.p95", "latency.p99",
            "errors", "reconnects", "server.cpu.user", "server.cpu.system", "server.rss", "server.vsz", "client.cpu");

    /** One configuration, one measured iteration: its headline says there is no interval, not "± NaN". */
    @Test
    void aSingleIterationsHeadlineSaysItHasNoInterval(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("jmh-result.json"), """
                [ { "benchmark" : "benchkit.point-select", "mode" : "thrpt", "threads" : 2,
                    "primaryMetric" : { "score" : 28794.2, "scoreError" : "NaN", "scoreConfidence" : [ "NaN", "NaN" ],
                                        "scoreUnit" : "ops/s", "rawData" : [ [ 28794.2 ] ] } } ]
                """);
        String html = Files.readString(HtmlReport.write(dir));
        assertTrue(html.contains("28,794.2 tps (one iteration: no interval)"), html);
        assertFalse(html.contains("&plusmn; NaN"), "no ± NaN shown");
    }

    /** Several iterations of one fork: the interval is over forks, so the headline says one fork, not one iteration. */
    @Test
    void oneForksHeadlineSaysItIsOneFork(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("jmh-result.json"), """
                [ { "benchmark" : "benchkit.point-select", "mode" : "thrpt", "threads" : 2,
                    "primaryMetric" : { "score" : 56561.0, "scoreError" : "NaN", "scoreConfidence" : [ "NaN", "NaN" ],
                                        "scoreUnit" : "ops/s", "rawData" : [ [ 51310.7, 61811.3 ] ] } } ]
                """);
        String html = Files.readString(HtmlReport.write(dir));
        assertTrue(html.contains("56,561.0 tps (one fork: no interval; --forks 2 or more gives one)"), html);
    }

    /** A latency log that cannot be read is named on the page, where the chart it would be in is (issue #51). */
    @Test
    void aDamagedLatencyLogIsNamedOnThePage(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        Path log = Files.createDirectories(dir.resolve(benchkit.core.result.LatencyLog.DIR).resolve("glibc-t4-f1.hlog"));
        String html = Files.readString(HtmlReport.write(dir));
        assertTrue(html.contains("<h2>Over time</h2>\n<p class=\"note\">" + log + " cannot be read (it is a directory): the "
                + "over-time chart leaves it out.</p>"), html);
    }

    @Test
    void chartsTheStudyMetricsPerWorkloadAndNotesTheSilentOnes(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        JsonNode section = reportData(html).get("sections").get(0);
        assertEquals("oltp-read-only", section.get("workload").asText());
        assertEquals("[\"allocator=glibc\",\"allocator=jemalloc\"]", section.get("variants").toString());
        // the studies' metrics, in this order; errors and reconnects are zero everywhere: a line, not a chart
        assertEquals(List.of("TPS (primary score)", "QPS", "Latency p95", "Server CPU user", "Server RSS", "Server VSZ"),
                Stream.iterate(0, i -> i + 1).limit(section.get("charts").size())
                        .map(i -> section.get("charts").get(i).get("title").asText()).toList());
        assertTrue(html.contains("Errors, reconnects: 0 in every result."), "silent metrics noted");
        for (int i = 0; i < 6; i++) {
            assertTrue(html.contains("<canvas id=\"chart-0-" + i + "\""), "canvas " + i);
            assertEquals(2, section.get("charts").get(i).get("series").size(), "one line per variant");
        }
        for (String metric : METRICS) {
            assertTrue(html.contains("<th>" + metric + " ("), "numbers table lacks " + metric);
        }
        JsonNode tpsJemalloc = section.get("charts").get(0).get("series").get(1).get("points").get(2);
        assertEquals(16, tpsJemalloc.get("x").asInt());
        assertEquals(1900.0, tpsJemalloc.get("y").asDouble());
        assertTrue(html.contains("<td class=\"num\">1900 ± 38</td>"), "numbers table shows score ± error");
        assertTrue(html.contains("allocator.proof=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), "allocator proof shown");
        assertTrue(html.contains("<tr><th>server</th><td>MySQL 8.0.15</td></tr>"), "server version shown");
        // the effects first, then the charts; the variants table names what differs, settings fold away below
        assertTrue(html.indexOf("<h2 id=\"effects\">") < html.indexOf("<h2 class=\"workload\">oltp-read-only</h2>"), "the answer first");
        String variantsTable = html.substring(html.indexOf("<h2>Variants</h2>"), html.indexOf("<h2>All numbers</h2>"));
        assertTrue(variantsTable.contains("<td>allocator=jemalloc</td>") && !variantsTable.contains("server="),
                variantsTable);
        assertTrue(html.indexOf("<details class=\"run\">") > html.indexOf("<canvas"), "settings fold away below");
    }

    @Test
    void bandsAreTIntervalsOverForkMeansAndWorkloadsGetTheirOwnCharts(@TempDir Path dir) throws Exception {
        // fork means 100, 110, 120: mean 110, SD 10, t(0.975, 2) = 4.302653 -> half-width 24.841
        double[][] forks = {{99, 101}, {108, 112}, {120, 120}};
        new JmhFixture()
                .rawEntry("benchkit.point-select", 8, Map.of("allocator", "glibc"), Map.of("tps", forks))
                .rawEntry("benchkit.oltp-read-only", 8, Map.of("allocator", "glibc"), Map.of("tps", new double[][] {{5, 6}}))
                .writeTo(dir);
        JsonNode sections = reportData(Files.readString(HtmlReport.write(dir))).get("sections");
        assertEquals(2, sections.size(), "one section per workload, never two workloads on one axis");
        JsonNode point = sections.get(0).get("charts").get(0).get("series").get(0).get("points").get(0);
        double half = 4.302653 * 10 / Math.sqrt(3);
        assertEquals(110 - half, point.get("lo").asDouble(), 1e-3);
        assertEquals(110 + half, point.get("hi").asDouble(), 1e-3);
        // one fork: over its iterations (5, 6): mean 5.5, SD 0.7071, t(0.975, 1) = 12.7062
        JsonNode one = sections.get(1).get("charts").get(0).get("series").get(0).get("points").get(0);
        assertEquals(5.5 + 12.7062 * 0.70711 / Math.sqrt(2), one.get("hi").asDouble(), 1e-3);
    }

    @Test
    void reservedAddressSpaceAndQpsEqualToTpsAreNotedNotCharted(@TempDir Path dir) throws Exception {
        new JmhFixture()
                .entry("benchkit.point-select", 8, Map.of("allocator", "glibc"),
                        JmhFixture.metrics("tps", 1000, 5, "qps", 1000, 5, "server.vsz", 8_390_234, 1, "server.rss", 460, 2))
                .entry("benchkit.point-select", 8, Map.of("allocator", "jemalloc"),
                        JmhFixture.metrics("tps", 1100, 5, "qps", 1100, 5, "server.vsz", 8_390_300, 1, "server.rss", 420, 2))
                .writeTo(dir);
        new RunInfo(null, null, Map.of(), new MachineInfo("cpu", 2, 2, 24_000, "k", "os", "glibc 2.36", "jvm")).writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        JsonNode charts = reportData(html).get("sections").get(0).get("charts");
        assertEquals(List.of("TPS (primary score)", "Server RSS"),
                List.of(charts.get(0).get("title").asText(), charts.get(1).get("title").asText()));
        assertEquals(2, charts.size());
        assertTrue(html.contains("Server VSZ: 8.39 TB of address space reserved"), "VSZ noted");
        assertTrue(html.contains("QPS equals TPS"), "QPS noted");
        String effects = html.substring(html.indexOf("<h2 id=\"effects\">"), html.indexOf("<h2 class=\"workload\">"));
        assertFalse(effects.contains(">VSZ</th>") || effects.contains(">QPS</th>"), "nor in the effects table");
        assertTrue(effects.contains(">RSS</th>"), effects);
    }

    @Test
    void aTableLongerThanAGlanceIsSummedUpInWordsAboveIt(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorMatrix(List.of("oltp-read-only", "point-select"), List.of("glibc", "jemalloc", "tcmalloc"))
                .writeTo(dir.resolve("twelve"));
        assertFalse(Files.readString(HtmlReport.write(dir.resolve("twelve"))).contains("<ul class=\"short\">"),
                "12 rows are read at a glance");
        JmhFixture.allocatorMatrix(List.of("oltp-read-only", "point-select"), List.of("glibc", "jemalloc", "tcmalloc", "mimalloc"))
                .writeTo(dir.resolve("eighteen"));
        String html = Files.readString(HtmlReport.write(dir.resolve("eighteen")));
        String summary = html.substring(html.indexOf("<ul class=\"short\">"), html.indexOf("</ul>"));
        assertEquals(6, count(summary, "<li>"), "one line per workload and comparison");
        // jemalloc's TPS: +2.0% [+2.0, +2.0] at 1 thread is within the 2% minimum, +8.9% and +26.7% are claimed
        assertTrue(summary.contains("<li>oltp-read-only, allocator=jemalloc vs allocator=glibc: TPS faster +8.9% to +26.7% "
                + "at 4, 16 threads; TPS same within ±2.1% at 1 thread;"), summary);
        assertTrue(summary.contains("RSS better -15.4% to -12.5% at every thread count"), summary);
    }

    @Test
    void inlinesChartJsAndLoadsNothingFromTheNetwork(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        assertTrue(html.contains("Chart.js v4.5.1"), "Chart.js banner inlined");
        assertTrue(html.length() > 200_000, "Chart.js source inlined");
        assertFalse(Pattern.compile("<script[^>]*\\ssrc=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no script src");
        assertFalse(Pattern.compile("<link[^>]*href=", Pattern.CASE_INSENSITIVE).matcher(html).find(), "no stylesheet link");
        assertFalse(html.contains("sourceMappingURL"), "no source map request");
    }

    @Test
    void paramValuesCannotInjectMarkupOrScript(@TempDir Path dir) throws Exception {
        new JmhFixture()
                .entry("benchkit.oltp", 1, Map.of("allocator", NASTY), JmhFixture.metrics("tps", 10, 1))
                .entry("benchkit.oltp", 1, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 12, 1))
                .writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        assertEquals(3, count(html, "</script"), "only the page's own three scripts end");
        assertEquals(0, count(html, "<!--"), "no injected comment");
        assertFalse(html.contains("<b>"), "no injected element");
        String data = html.substring(html.indexOf("id=\"report-data\">"), html.indexOf("</script>"));
        assertFalse(data.contains("\u2028"), "no raw line separator in script data (breaks older JS parsers)");
        assertTrue(data.contains("\\u003c/script\\u003e"), "< and > JSON-escaped in script data");
        assertTrue(html.contains("&lt;/script&gt;&lt;b&gt;x&lt;/b&gt;"), "label HTML-escaped in tables");
        // the data round-trips: the label the browser reads is exactly the param value
        assertEquals("allocator=" + NASTY, reportData(html).get("sections").get(0).get("variants").get(0).asText());
    }

    @Test
    void showsMachineFromRunJson(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        new RunInfo("2026-11-21T01:00:00Z", "2026-11-21T01:30:00Z", Map.of("workload", "oltp-read-only"),
                new MachineInfo("Intel(R) Xeon(R) CPU E5-2630 0 @ 2.30GHz", 24, 12, 196608, "6.1.0-18-amd64",
                        "Debian GNU/Linux 12 (bookworm)", "glibc 2.36", "OpenJDK 17")).writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        for (String expected : List.of("Intel(R) Xeon(R) CPU E5-2630 0 @ 2.30GHz", "24 logical, 12 physical cores",
                "196608 MB", "6.1.0-18-amd64", "glibc 2.36", "<th>workload</th><td>oltp-read-only</td>", "2026-11-21T01:00:00Z")) {
            assertTrue(html.contains(expected), "report lacks " + expected);
        }
    }

    @Test
    void toleratesMissingMetricsAndRunJson(@TempDir Path dir) throws Exception {
        new JmhFixture()
                .entry("benchkit.kv-get", 4, Map.of("allocator", "glibc"), JmhFixture.metrics("tps", 100, 5))
                .entry("benchkit.kv-get", 4, Map.of("allocator", "jemalloc"), JmhFixture.metrics("tps", 110, 5, "server.rss", 64, 1))
                .writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        JsonNode charts = reportData(html).get("sections").get(0).get("charts");
        assertEquals(2, charts.size());
        assertEquals("Server RSS", charts.get(1).get("title").asText());
        assertEquals(1, charts.get(1).get("series").size(), "only jemalloc has RSS");
        assertTrue(html.contains("machine unknown"));
    }

    @Test
    void replacesTheReportAtomically(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        Files.writeString(dir.resolve("report.html"), "old");
        HtmlReport.write(dir);
        assertTrue(Files.readString(dir.resolve("report.html")).startsWith("<!DOCTYPE html>"));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("jmh-result.json", "report.html"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no temp file left");
        }
    }

    @Test
    void templateDoesNotExpandPlaceholdersInsideValues() {
        assertEquals("a{{B}}c", Template.fill("a{{A}}c", Map.of("A", "{{B}}", "B", "x")));
    }

    static JsonNode reportData(String html) throws Exception {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertTrue(m.find(), "report data present");
        return new ObjectMapper().readTree(m.group(1));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

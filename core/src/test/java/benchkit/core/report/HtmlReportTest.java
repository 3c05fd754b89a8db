package benchkit.core.report;

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

    @Test
    void showsEveryVariantAndMetric(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        String html = Files.readString(HtmlReport.write(dir));
        JsonNode data = reportData(html);
        assertEquals("[1,4,16]", data.get("threads").toString());
        assertEquals("[\"allocator=glibc\",\"allocator=jemalloc\"]", data.get("variants").toString());
        assertEquals(METRICS.size(), data.get("charts").size());
        for (String metric : METRICS) {
            assertTrue(html.contains("<th>" + metric + " ("), "numbers table lacks " + metric);
            JsonNode chart = chart(data, metric);
            assertEquals(2, chart.get("series").size(), metric + ": one line per variant");
        }
        // headline charts first, in this order
        assertEquals(List.of("tps", "qps", "latency.p95", "server.cpu.user", "server.rss", "server.vsz"),
                Stream.iterate(0, i -> i + 1).limit(6).map(i -> data.get("charts").get(i).get("metric").asText()).toList());
        for (int i = 0; i < METRICS.size(); i++) {
            assertTrue(html.contains("<canvas id=\"chart-" + i + "\""), "canvas " + i);
        }
        // jemalloc at 16 threads: 1900 ± 38 ops/s, its interval drawn as an error bar
        JsonNode tpsJemalloc = chart(data, "tps").get("series").get(1);
        assertEquals(1900.0, tpsJemalloc.get("y").get(2).asDouble());
        assertEquals(1862.0, tpsJemalloc.get("ciLow").get(2).asDouble(), 1e-9);
        assertEquals(1938.0, tpsJemalloc.get("ciHigh").get(2).asDouble(), 1e-9);
        assertTrue(html.contains("<td class=\"num\">1900 ± 38</td>"), "numbers table shows score ± error");
        assertTrue(html.contains("allocator.proof=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), "allocator proof shown");
        assertTrue(html.contains("<tr><th>server</th><td>MySQL 8.0.15</td></tr>"), "server version shown");
        // the variants table names what differs; what all share sits in the folded run settings
        String variantsTable = html.substring(html.indexOf("<h2>Variants</h2>"), html.indexOf("<h2>Charts</h2>"));
        assertTrue(variantsTable.contains("<td>allocator=jemalloc</td>") && !variantsTable.contains("server="),
                variantsTable);
        assertTrue(html.indexOf("<details class=\"run\">") > html.indexOf("<h2>Charts</h2>"), "settings fold away below");
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
        assertEquals("allocator=" + NASTY, reportData(html).get("variants").get(0).asText());
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
        JsonNode data = reportData(html);
        assertEquals(2, data.get("charts").size());
        assertEquals(1, chart(data, "server.rss").get("series").size(), "only jemalloc has RSS");
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

    private static JsonNode chart(JsonNode data, String metric) {
        for (JsonNode c : data.get("charts")) {
            if (c.get("metric").asText().equals(metric)) {
                return c;
            }
        }
        throw new AssertionError("no chart for " + metric);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}

package benchkit.core.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Renders report.html in a real headless Chromium (Debian package {@code chromium}) and checks,
 * in the DOM it dumps, that every chart was created and painted with its interval bands, and that the
 * first screen holds the answer. Skipped only
 * when Chromium is missing outside CI; in CI (env {@code CI} set) a missing Chromium fails.
 */
class ReportBrowserTest {
    private static final int SCREEN_HEIGHT = 900;
    private static final String INJECTION = "</script><script>document.body.setAttribute('data-pwned','1')</script>";

    @Test
    void theFirstScreenAnswersAndEachWorkloadHasItsOwnCharts(@TempDir Path tmp) throws Exception {
        Path chromium = chromium();
        // the statistics issue's matrix: three allocators, two workloads ten times apart in rate
        Path dir = JmhFixture.allocatorMatrix(List.of("oltp-read-only", "point-select"), List.of(INJECTION, "jemalloc", "tcmalloc"))
                .writeTo(tmp.resolve("result"));
        Path report = HtmlReport.write(dir);

        String dom = dumpDom(chromium, report, tmp.resolve("profile"));

        Optional<String> error = attribute(dom, "body", "data-render-error");
        assertTrue(error.isEmpty(), "report script failed: " + error.orElse(""));
        assertTrue(attribute(dom, "body", "data-pwned").isEmpty(), "a param value ran as script");
        assertEquals("12", attribute(dom, "body", "data-rendered").orElse("none"), "2 workloads x 6 study metrics");
        assertEquals("true", attribute(dom, "body", "data-checked").orElse("none"), "pixels checked after paint");
        List<String> canvases = tags(dom, "canvas");
        assertEquals(12, canvases.size());
        for (String canvas : canvases) {
            assertTrue(number(canvas, "width") > 100 && number(canvas, "height") > 100, "canvas has a size: " + canvas);
            assertTrue(number(canvas, "data-painted") > 500, "canvas painted: " + canvas);
            assertEquals(9, number(canvas, "data-bands"), "3 variants x 3 thread counts in bands: " + canvas);
        }
        assertTrue(canvases.get(0).contains("oltp-read-only: ") && canvases.get(6).contains("point-select: "),
                "each workload has its own charts");
        // the first screen (1280 x 900) holds the whole effects table and the first chart
        long effectsBottom = number(tags(dom, "body").get(0), "data-effects-bottom");
        long firstChart = number(tags(dom, "body").get(0), "data-first-chart-top");
        long firstChartEnd = number(tags(dom, "body").get(0), "data-first-chart-bottom");
        assertTrue(effectsBottom > 0 && effectsBottom <= SCREEN_HEIGHT, "effects table ends at " + effectsBottom);
        assertTrue(firstChart > effectsBottom && firstChartEnd <= SCREEN_HEIGHT,
                "first chart from " + firstChart + " to " + firstChartEnd + " px");
        assertTrue(dom.contains("allocator=&lt;/script&gt;&lt;script&gt;"), "the param is shown as text");
    }

    /**
     * A profiled run (--profile cpu): the page opens on the first variant that has a baseline to differ from, and
     * draws its flame graph and the differential one.
     */
    @Test
    void aProfiledRunDrawsItsFlameGraphAndTheDifferentialOne(@TempDir Path tmp) throws Exception {
        Path chromium = chromium();
        Path dir = JmhFixture.allocatorMatrix(List.of("point-select"), List.of("glibc", "jemalloc")).writeTo(tmp.resolve("result"));
        Path profiles = Files.createDirectories(dir.resolve(FlameGraphs.DIR));
        for (String variant : List.of("jemalloc", "glibc")) {
            Files.writeString(profiles.resolve(variant + "-t4-f1.json"),
                    "{\"variant\":\"" + variant + "\",\"threads\":4,\"fork\":1}");
            Files.writeString(profiles.resolve(variant + "-t4-f1.folded"), variant.equals("glibc")
                    ? "mariadbd;do_command;dispatch_command;malloc;_int_malloc 300\nmariadbd;do_command;dispatch_command;JOIN::optimize 700\n"
                    : "mariadbd;do_command;dispatch_command;malloc;je_arena 100\nmariadbd;do_command;dispatch_command;JOIN::optimize 900\n");
        }
        Path report = HtmlReport.write(dir);

        String dom = dumpDom(chromium, report, tmp.resolve("profile"));

        assertTrue(attribute(dom, "body", "data-render-error").isEmpty(), "report script failed");
        int plain = dom.indexOf("id=\"flame-graph\"");
        int diff = dom.indexOf("id=\"flame-diff\"");
        assertTrue(plain > 0 && diff > plain, "both flame graph boxes are there");
        String plainBox = dom.substring(plain, diff);
        assertTrue(tags(plainBox, "rect").size() >= 5, "the picked variant's frames are drawn: " + plainBox.length() + " chars");
        assertTrue(plainBox.contains("JOIN::optimize"), "frames are labelled");
        String diffBox = dom.substring(diff);
        assertTrue(tags(diffBox, "rect").size() >= 5, "the differential graph is drawn for the variant shown first");
        assertTrue(dom.contains("jemalloc against glibc at 4 threads: red where jemalloc spends more"), "its caption");
    }

    /** The README's quick start, one configuration: its numbers in a line and its course over time, no one-dot charts. */
    @Test
    void aSingleConfigurationShowsItsNumbersAndItsCourseOverTime(@TempDir Path tmp) throws Exception {
        Path chromium = chromium();
        Path dir = new JmhFixture().entry("benchkit.point-select", 8, java.util.Map.of("allocator", "glibc"),
                JmhFixture.metrics("tps", 16000, 300, "latency.p95", 0.6, 0.05)).writeTo(tmp.resolve("result"));
        long t0 = 1_790_000_000_000L;
        try (benchkit.core.result.LatencyLog log = benchkit.core.result.LatencyLog.open(dir, "glibc", 8, 1, t0)) {
            for (int s = 0; s < 6; s++) {
                org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
                h.recordValueWithCount(500_000, 16_000);
                log.interval(h, t0 + s * 1000L, t0 + (s + 1) * 1000L, s < 2);
            }
        }
        Path report = HtmlReport.write(dir);

        String dom = dumpDom(chromium, report, tmp.resolve("profile"));

        assertTrue(attribute(dom, "body", "data-render-error").isEmpty(), "report script failed: " + dom.length());
        assertEquals("1", attribute(dom, "body", "data-overtime").orElse("none"), "one trial drawn over time");
        assertFalse(dom.contains("id=\"chart-0-0\""), "no chart of one dot per metric");
        assertTrue(dom.contains("16,000.0 tps"), "the headline numbers");
        List<String> canvases = tags(dom, "canvas");
        assertEquals(2, canvases.size(), "events/s and p95 over time");
        String variants = dom.substring(dom.indexOf("<h2>Variants</h2>"), dom.indexOf("<h2>All numbers</h2>"));
        assertFalse(variants.contains("params that differ"), "nothing differs with one variant: " + variants);
    }

    /** Runs chromium --dump-dom with a fresh profile, offline-friendly flags, and a time limit. */
    private static String dumpDom(Path chromium, Path report, Path profile) throws Exception {
        Files.createDirectories(profile);
        Path stdout = profile.resolveSibling("dom.html");
        Path stderr = profile.resolveSibling("chromium.log");
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--virtual-time-budget=5000", "--window-size=1280," + SCREEN_HEIGHT,
                "--dump-dom", report.toUri().toString()));
        Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("chromium did not finish within 120 s; log tail: " + tail(stderr));
        }
        String dom = Files.readString(stdout, StandardCharsets.UTF_8);
        if (p.exitValue() != 0 || !dom.contains("<body")) {
            fail("chromium exited " + p.exitValue() + " without a DOM; log tail: " + tail(stderr));
        }
        return dom;
    }

    private static Path chromium() {
        return Chromium.requireOrSkip(System.getenv());
    }

    private static List<String> tags(String html, String tag) {
        List<String> found = new ArrayList<>();
        Matcher m = Pattern.compile("<" + tag + "\\b[^>]*>").matcher(html);
        while (m.find()) {
            found.add(m.group());
        }
        return found;
    }

    private static Optional<String> attribute(String html, String tag, String name) {
        return tags(html, tag).stream().findFirst().flatMap(t -> attr(t, name));
    }

    private static Optional<String> attr(String tag, String name) {
        Matcher m = Pattern.compile("\\s" + Pattern.quote(name) + "=\"([^\"]*)\"").matcher(tag);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static long number(String tag, String name) {
        return attr(tag, name).map(Long::parseLong).orElse(-1L);
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.contains("dbus")).toList();
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (Exception e) {
            return "(no log)";
        }
    }

}

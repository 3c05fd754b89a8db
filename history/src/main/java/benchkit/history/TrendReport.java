package benchkit.history;

import benchkit.core.report.Html;
import benchkit.core.report.HtmlReport;
import benchkit.core.report.MetricCatalog;
import benchkit.core.report.Template;
import benchkit.core.stats.ChangePoints;
import benchkit.core.stats.Verdict;
import org.apache.commons.math3.distribution.TDistribution;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code bench history report}: one self-contained HTML page (Chart.js inlined, as report.html) with, per series, the
 * runs over time or over a label such as a commit, each point with its interval over forks, the change points found
 * (E-divisive means) marked, and the runs on each side of each change summarised: their means and the effect with its
 * 95% interval (Welch's t on the logs of the runs' values).
 */
public final class TrendReport {
    /**
     * A stretch of a series between change points and its level, for the page's script; a record, so its fields keep
     * their order in the page (Map.of's order changes from one JVM to the next, and so did the page's bytes).
     */
    record Segment(int from, int to, double level) {
    }

    /** The significance of a change point the report marks (its false-alarm rate per series, docs/history.md). */
    public static final double CHANGE_SIGNIFICANCE = 0.05;
    private static final ChangePoints CHANGES = new ChangePoints(CHANGE_SIGNIFICANCE, 199, 2);
    private static final long SEED = 20261128L;
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** A change between two segments of a series: where it begins, and the effect from the segment before. */
    public record Change(int index, StoredRun run, double pValue, int runsBefore, int runsAfter, double before,
                         double after, double ratio, double low, double high, Verdict verdict) {
    }

    private TrendReport() {
    }

    /** The page's title: with report.html's generator line, what tells a page of bench history report (see isOwnPage). */
    private static final String TITLE = "Benchmark history";

    /**
     * Whether {@code file} is a trend page bench wrote, which a new page may replace: it opens as report.html's template
     * does (its generator line, benchkit) with this page's title; any other file is the user's, or a run's report.
     */
    public static boolean isOwnPage(java.nio.file.Path file) {
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
            String head = new String(in.readNBytes(1024), java.nio.charset.StandardCharsets.UTF_8);
            return head.startsWith("<!DOCTYPE html>") && head.contains("<meta name=\"generator\" content=\"benchkit\">")
                    && head.contains("<title>" + TITLE + "</title>");
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** The changes of one series, oldest first. */
    public static List<Change> changes(Series s, double minEffect) {
        double[] values = s.values();
        if (values.length < 4 || Arrays.stream(values).anyMatch(v -> !(v > 0))) {
            return List.of();
        }
        double[] logs = Arrays.stream(values).map(Math::log).toArray();
        List<ChangePoints.ChangePoint> found = new ArrayList<>(CHANGES.find(logs, SEED));
        found.sort(java.util.Comparator.comparingInt(ChangePoints.ChangePoint::index));
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            int from = i == 0 ? 0 : found.get(i - 1).index();
            int at = found.get(i).index();
            int to = i + 1 < found.size() ? found.get(i + 1).index() : values.length;
            double[] a = Arrays.copyOfRange(logs, from, at);
            double[] b = Arrays.copyOfRange(logs, at, to);
            double ma = mean(a);
            double mb = mean(b);
            double va = variance(a) / a.length;
            double vb = variance(b) / b.length;
            double se = Math.sqrt(va + vb);
            double df = se == 0 ? 1 : Math.pow(va + vb, 2) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
            double half = new TDistribution(Math.max(1, df)).inverseCumulativeProbability(0.975) * se;
            double d = mb - ma;
            Verdict v = Verdict.of(Math.exp(d), Math.exp(d - half), Math.exp(d + half),
                    MetricCatalog.direction(s.key().metric()), minEffect);
            changes.add(new Change(at, s.points().get(at).run(), found.get(i).pValue(), a.length, b.length,
                    Math.exp(ma), Math.exp(mb), Math.exp(d), Math.exp(d - half), Math.exp(d + half), v));
        }
        return changes;
    }

    /**
     * The page for {@code series}; {@code xLabel} names the label the x axis shows (e.g. {@code commit}), or is empty
     * for the runs' start times.
     */
    public static String render(String store, List<StoredRun> runs, List<Series> series, String xLabel,
                                double minEffect) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>" + TITLE + "</h1>\n<p class=\"sub\">").append(Html.escape(store)).append(": ")
                .append(runs.size()).append(" run").append(runs.size() == 1 ? "" : "s");
        if (!runs.isEmpty()) {
            body.append(", ").append(DAY.format(runs.get(0).startedAt())).append(" to ")
                    .append(DAY.format(runs.get(runs.size() - 1).startedAt())).append(" UTC");
        }
        body.append(". Each point is one run: the mean over its forks, with its 95% interval over forks. Dashed lines"
                + " mark change points (E-divisive means, p &le; ").append(CHANGE_SIGNIFICANCE)
                .append("); the level of each segment is drawn across it.</p>\n");
        List<Map<String, Object>> data = new ArrayList<>();
        int i = 0;
        for (Series s : series) {
            List<Change> changes = changes(s, minEffect);
            String id = "trend-" + i++;
            body.append("<section class=\"series\"><h2>").append(Html.escape(s.key().describe())).append("</h2>\n")
                    .append("<p class=\"sub\">").append(Html.escape(s.key().machine())).append("; ")
                    .append(s.points().size()).append(" run").append(s.points().size() == 1 ? "" : "s")
                    .append("</p>\n<div class=\"chart wide\"><canvas id=\"").append(id).append("\"></canvas></div>\n");
            changeTable(body, runs, s, changes, xLabel);
            body.append("</section>\n");
            data.add(chartData(id, s, changes, xLabel));
        }
        if (series.isEmpty()) {
            body.append("<p class=\"note\">The store holds no run with these metrics.</p>\n");
        }
        Map<String, String> values = new LinkedHashMap<>();
        values.put("TITLE", TITLE);
        values.put("CSS", Template.resource("/benchkit/report/report.css") + "\n"
                + Template.resource("/benchkit/history/trend.css"));
        values.put("BODY", body.toString());
        values.put("DATA", Html.scriptJson(data));
        values.put("CHARTJS_VERSION", HtmlReport.CHARTJS_VERSION);
        values.put("CHARTJS", HtmlReport.chartJs());
        values.put("SCRIPT", Template.resource("/benchkit/history/trend.js"));
        values.put("OVERTIME", "");
        values.put("FLAMEGRAPHS", "");
        return Template.fill(Template.resource("/benchkit/report/report.html"), values);   // report.html's page, this script
    }

    private static void changeTable(StringBuilder b, List<StoredRun> runs, Series s, List<Change> changes, String xLabel) {
        if (changes.isEmpty()) {
            b.append("<p class=\"note\">No change point").append(s.points().size() < 4 ? " (4 runs are needed to look for one)"
                    : "").append(".</p>\n");
            return;
        }
        String unit = s.points().get(0).unit() == null ? "" : " " + s.points().get(0).unit();
        b.append("<table class=\"changes\"><tr><th>change begins with</th><th>runs before</th><th>level before</th>"
                + "<th>runs after</th><th>level after</th><th>effect [95% interval]</th><th>p</th></tr>\n");
        for (Change c : changes) {
            b.append("<tr class=\"").append(c.verdict().word()).append("\"><td>").append(Html.escape(x(c.run(), xLabel)))
                    .append(" <small>").append(Html.escape(c.run().shortKey())).append("</small></td><td class=\"num\">")
                    .append(c.runsBefore()).append("</td><td class=\"num\">").append(TrendGate.number(c.before()))
                    .append(Html.escape(unit)).append("</td><td class=\"num\">").append(c.runsAfter())
                    .append("</td><td class=\"num\">").append(TrendGate.number(c.after())).append(Html.escape(unit))
                    .append("</td><td>").append(c.verdict().word()).append(' ').append(TrendGate.percent(c.ratio()))
                    .append(" [").append(TrendGate.percent(c.low())).append(", ").append(TrendGate.percent(c.high()))
                    .append("]</td><td class=\"num\">").append(String.format(Locale.ROOT, "%.3f", c.pValue()))
                    .append("</td></tr>\n");
            ServerCpuAcross.describe(runs, s, c).ifPresent(why -> b.append("<tr class=\"why\"><td colspan=\"7\">")
                    .append(Html.escape(why)).append("</td></tr>\n"));
        }
        b.append("</table>\n");
    }

    private static Map<String, Object> chartData(String id, Series s, List<Change> changes, String xLabel) {
        List<Map<String, Object>> points = new ArrayList<>();
        for (Series.Point p : s.points()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("x", x(p.run(), xLabel));
            m.put("v", p.value());
            if (Double.isFinite(p.low())) {
                m.put("lo", p.low());
                m.put("hi", p.high());
            }
            m.put("run", p.run().describe() + ", " + p.forks() + " fork" + (p.forks() == 1 ? "" : "s"));
            points.add(m);
        }
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= changes.size(); i++) {
            int to = i < changes.size() ? changes.get(i).index() : s.points().size();
            double level = i < changes.size() ? changes.get(i).before() : changes.isEmpty() ? Double.NaN
                    : changes.get(i - 1).after();
            if (Double.isFinite(level)) {
                segments.add(new Segment(from, to - 1, level));
            }
            from = to;
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("id", id);
        d.put("title", s.key().metric());
        d.put("unit", s.points().get(0).unit() == null ? "" : s.points().get(0).unit());
        d.put("points", points);
        d.put("changes", changes.stream().map(Change::index).toList());
        d.put("segments", segments);
        return d;
    }

    /** What the x axis shows for a run: its label, or its start time. */
    static String x(StoredRun run, String xLabel) {
        if (!xLabel.isEmpty() && run.labels().containsKey(xLabel)) {
            return run.labels().get(xLabel);
        }
        return DAY.format(run.startedAt());
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static double variance(double[] v) {
        if (v.length < 2) {
            return 0;
        }
        double m = mean(v);
        return Arrays.stream(v).map(x -> (x - m) * (x - m)).sum() / (v.length - 1);
    }
}

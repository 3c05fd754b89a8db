package benchkit.core.report;

import benchkit.core.result.JmhResults;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Effect;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Each published finding of a study beside what this run measured: for an effect, the comparison of the
 * same candidate and baseline at the published thread count (or, for an "up to" figure, at the thread count
 * where the effect went furthest the published way), with a reading of whether they agree; for a value, the
 * value here.
 */
final class PublishedBeside {
    /** A derived metric: the client's share of the CPU both sides used per query, in percent (study C). */
    static final String CLIENT_CPU_SHARE = "client.cpu.share";
    /**
     * A derived metric: the time memslap reports for a run, "Time to set N keys by T threads: X s", from the events
     * per thread the workload fixed ({@link VariantResult#eventsPerThread()}) and the throughput (study D).
     */
    static final String MEMSLAP_SECONDS = "memslap.seconds";
    private static final double ROUNDING = 0.005;

    /** One line of the table. */
    record Line(Study.Finding finding, String comparison, String published, String here, String reading) {
    }

    private PublishedBeside() {
    }

    static List<Line> lines(Study study, List<VariantResult> results, List<Comparison> comparisons) {
        List<String> workloads = results.stream().map(r -> VariantLine.shortName(r.benchmark())).distinct().toList();
        List<Line> lines = new ArrayList<>();
        for (Study.Finding f : study.published()) {
            if (f.workload() != null && !workloads.contains(f.workload())) {
                continue;                   // a workload of the study this report does not hold
            }
            if (!f.isEffect()) {
                lines.add(value(f, results));
                continue;
            }
            List<Comparison> matching = comparisons.stream()
                    .filter(c -> names(c.candidate(), f.candidate()) && names(c.baseline(), f.baseline())).toList();
            boolean any = false;
            for (Comparison c : matching) {
                List<Comparison.Row> rows = c.rows().stream().filter(r -> r.metric().equals(f.metric())
                        && (f.workload() == null || VariantLine.shortName(r.benchmark()).equals(f.workload()))).toList();
                if (!rows.isEmpty()) {
                    lines.add(effect(f, c, rows));
                    any = true;
                }
            }
            if (!any) {
                lines.add(new Line(f, f.candidate() + " vs " + f.baseline(), published(f), "not measured in this run", ""));
            }
        }
        return lines;
    }

    private static Line effect(Study.Finding f, Comparison c, List<Comparison.Row> rows) {
        Optional<Comparison.Row> atThreads = rows.stream().filter(r -> f.threads() != null && r.threads() == f.threads())
                .findFirst();
        if (f.threads() != null && atThreads.isEmpty()) {
            // a figure of another thread count is not this one's: say what ran instead of judging it
            Comparison.Row last = rows.stream().max(Comparator.comparingInt(Comparison.Row::threads)).orElseThrow();
            return new Line(f, c.candidate() + " vs " + c.baseline(), published(f), "not run at " + f.threads()
                    + " threads here (ran " + rows.stream().map(r -> String.valueOf(r.threads())).distinct()
                    .collect(java.util.stream.Collectors.joining(", ")) + "); at " + last.threads() + ": "
                    + last.judgement().verdict().word() + " " + last.judgement().magnitude(), "other thread count here");
        }
        Comparison.Row row = atThreads.orElseGet(() -> furthest(rows, f.effect() == null ? 0 : Math.signum(f.effect())));
        Judgement j = row.judgement();
        String range = rows.size() < 2 ? "" : "; " + Effect.percent(rows.stream().mapToDouble(r -> r.judgement().effect().changePercent()).min().orElse(0))
                + "% to " + Effect.percent(rows.stream().mapToDouble(r -> r.judgement().effect().changePercent()).max().orElse(0))
                + "% over " + rows.size() + " thread counts";
        String here = j.verdict().word() + " " + j.magnitude() + " at " + row.threads() + " threads" + range;
        return new Line(f, c.candidate() + " vs " + c.baseline(), published(f), here, reading(f, j));
    }

    /** The row whose effect went furthest in the published direction (either way when it was none). */
    private static Comparison.Row furthest(List<Comparison.Row> rows, double sign) {
        Comparator<Comparison.Row> by = Comparator.comparingDouble(r -> sign == 0
                ? Math.abs(r.judgement().effect().changePercent()) : sign * r.judgement().effect().changePercent());
        return rows.stream().filter(r -> Double.isFinite(r.judgement().effect().changePercent())).max(by).orElse(rows.get(0));
    }

    /** Whether here agrees with the published figure, in a few words. */
    static String reading(Study.Finding f, Judgement j) {
        Verdict v = j.verdict();
        if (f.effect() == null) {
            return "no published figure to compare";
        }
        boolean claimed = v != Verdict.SAME && v != Verdict.INCONCLUSIVE;
        double published = f.effect() / 100;
        if (Math.abs(published) < j.minEffect()) {
            return v == Verdict.SAME ? "agrees: no difference" : claimed ? "differs: a difference here" : "not settled here";
        }
        Effect e = j.effect();
        double ratio = 1 + published;
        // published figures are rounded ("~12%"): half a point either way still agrees
        boolean inInterval = ratio >= e.low() - ROUNDING && ratio <= e.high() + ROUNDING;
        if (v == Verdict.INCONCLUSIVE) {
            // no verdict, yet an interval that leaves out the published effect already answers the study
            return e.hasInterval() && !inInterval ? "not reproduced: the interval excludes it" : "not settled here";
        }
        if (v == Verdict.SAME) {
            return "not reproduced: same here";
        }
        if (Math.signum(e.changePercent()) != Math.signum(published)) {
            return "opposite here";
        }
        if (inInterval) {
            return "agrees";
        }
        return ratio > e.high() == published > 0 ? "same direction, smaller here" : "same direction, larger here";
    }

    private static Line value(Study.Finding f, List<VariantResult> results) {
        List<VariantResult> ofWorkload = results.stream()
                .filter(r -> f.workload() == null || VariantLine.shortName(r.benchmark()).equals(f.workload())).toList();
        List<VariantResult> mine = ofWorkload.stream()
                .filter(r -> f.candidate() == null || names(labelOf(r, ofWorkload), f.candidate()))
                .filter(r -> f.threads() == null || r.threads() == f.threads()).toList();
        String compared = f.candidate() == null ? "highest over the variants" : f.candidate();
        if (f.candidate() != null && f.threads() != null) {
            // one cell, e.g. the plugin's memslap time at 4 threads
            Optional<Double> v = mine.isEmpty() ? Optional.empty() : valueOf(mine.get(0), f.metric());
            String here = v.isEmpty() ? "not measured in this run" + (mine.isEmpty() && !ofWorkload.isEmpty()
                    ? " at " + f.threads() + " threads" : "") : number(v.get(), f.unit()) + countedOver(mine.get(0), f.metric());
            return new Line(f, compared, published(f), here, "");
        }
        VariantResult best = null;
        double max = Double.NEGATIVE_INFINITY;
        for (VariantResult r : mine) {
            Optional<Double> v = valueOf(r, f.metric());
            if (v.isPresent() && v.get() > max) {
                max = v.get();
                best = r;
            }
        }
        String here = best == null ? "not measured in this run" : "up to " + number(max, f.unit())
                + " (" + labelOf(best, ofWorkload) + ", " + best.threads() + " threads)";
        return new Line(f, compared, published(f), here, "");
    }

    private static String number(double v, String unit) {
        // as published figures are written: 33,914 s, 110.4 s, 5.078 s
        String n = Math.abs(v) >= 1000 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%.4g", v);
        return n + (unit.isEmpty() ? "" : " " + unit);
    }

    /** For memslap's time: how many events it is the time of, which a scaled run makes fewer than published. */
    private static String countedOver(VariantResult r, String metric) {
        if (!metric.equals(MEMSLAP_SECONDS)) {
            return "";
        }
        long n = r.eventsPerThread();
        return String.format(Locale.ROOT, " for %,d events (%,d per thread)", n * r.threads(), n);
    }

    /** The label of the variant a result belongs to, as the charts name it. */
    private static String labelOf(VariantResult r, List<VariantResult> all) {
        return VariantLine.groupPerBenchmark(all).getOrDefault(r.benchmark(), List.of()).stream()
                .filter(v -> v.results().contains(r)).map(VariantLine::label).findFirst().orElse(r.variant());
    }

    /** A metric's value in one result, with the derived client CPU share and memslap's time. */
    static Optional<Double> valueOf(VariantResult r, String metric) {
        if (metric.equals(MEMSLAP_SECONDS)) {
            long n = r.eventsPerThread();
            double score = r.primary().score();
            if (n == 0 || !(score > 0)) {
                return Optional.empty();
            }
            return Optional.of(n * (double) r.threads() / score);
        }
        if (metric.equals(CLIENT_CPU_SHARE)) {
            Optional<Double> client = r.metric(JmhResults.CLIENT_CPU_PER_QUERY).map(m -> m.score());
            Optional<Double> server = r.metric(JmhResults.SERVER_CPU_PER_QUERY).map(m -> m.score());
            if (client.isEmpty() || server.isEmpty() || client.get() + server.get() <= 0) {
                return Optional.empty();
            }
            return Optional.of(100 * client.get() / (client.get() + server.get()));
        }
        return r.metric(metric).map(m -> m.score());
    }

    private static String published(Study.Finding f) {
        String figure = f.effect() != null ? Effect.percent(f.effect()) + "%"
                : f.value() != null ? number(f.value(), f.unit()) : "";
        String at = f.threads() == null ? "" : " at " + f.threads() + " threads";
        return (figure.isEmpty() ? "" : figure + at + ": ") + f.says();
    }

    /**
     * Whether a comparison side's label names the selector: the label itself, one of its parts
     * ({@code jemalloc} in {@code allocator=jemalloc, server.cpus=1} or {@code jemalloc/cpus=1}), or a
     * {@code key=value} whose value is a part.
     */
    static boolean names(String label, String selector) {
        String s = selector.strip();
        for (String part : label.split("\\s*[,()/]\\s*")) {
            String p = part.strip();
            if (p.isEmpty()) {
                continue;
            }
            if (p.equals(s) || p.endsWith("=" + s) || (s.contains("=") && p.equals(s.substring(s.indexOf('=') + 1)))) {
                return true;
            }
        }
        return label.strip().equals(s);
    }

    /** The study's question and conclusion, above the effects. */
    static void header(StringBuilder b, Study study) {
        b.append("<p class=\"study\"><strong>").append(Html.escape(study.title())).append("</strong>");
        if (!study.conclusion().isEmpty()) {
            b.append(" &middot; published: ").append(Html.escape(study.conclusion()));
        }
        b.append(" <a href=\"#published\">beside here &darr;</a></p>\n");
    }

    static void write(StringBuilder b, Study study, List<Line> lines) {
        b.append("<h2 id=\"published\">Published beside here</h2>\n<p class=\"note\">")
                .append(Html.escape(study.title())).append(". Original: ").append(Html.escape(study.original()))
                .append(". Here: ").append(Html.escape(study.here())).append(".</p>\n");
        if (lines.isEmpty()) {
            b.append("<p>None of the study's findings concern the workloads of this report.</p>\n");
            return;
        }
        b.append("<table class=\"published\">\n<tr><th>workload</th><th>metric</th><th>compared</th><th>published</th>")
                .append("<th>here</th><th>reading</th></tr>\n");
        for (Line l : lines) {
            b.append("<tr><td>").append(Html.escape(l.finding().workload() == null ? "" : l.finding().workload()))
                    .append("</td><td>").append(Html.escape(MetricCatalog.title(l.finding().metric())))
                    .append("</td><td>").append(Html.escape(l.comparison()))
                    .append("</td><td>").append(Html.escape(l.published()))
                    .append("</td><td>").append(Html.escape(l.here()))
                    .append("</td><td>").append(Html.escape(l.reading())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }
}

package benchkit.core.report;

import benchkit.core.stats.Effect;
import benchkit.core.stats.Judgement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The top of report.html: per workload, each variant against its baseline at each thread count, the
 * verdict and effect of the metrics the studies used, one compact row per thread count so that a
 * two-workload matrix fits the first screen. A cell reads {@code faster +4.1%} over {@code [+1.2, +7.0]};
 * its colour repeats the verdict and its tooltip says what would settle an inconclusive one.
 */
final class EffectsTable {
    private EffectsTable() {
    }

    static void write(StringBuilder b, List<Comparison> comparisons, List<String> silentMetrics) {
        if (comparisons.isEmpty() || comparisons.stream().allMatch(Comparison::isEmpty)) {
            return;
        }
        List<String> metrics = EffectSummary.HEADLINE.stream()
                .filter(m -> !silentMetrics.contains(m))
                .filter(m -> comparisons.stream().anyMatch(c -> c.rows().stream().anyMatch(r -> r.metric().equals(m))))
                .toList();
        b.append("<h2 id=\"effects\">Effects against the baseline</h2>\n<p class=\"note\">")
                .append(Html.escape(comparisons.get(0).settings().describe()))
                .append("; forks (a fresh server each) are the replicates. <span class=\"key faster\">faster/better</span> ")
                .append("<span class=\"key slower\">slower/worse</span> <span class=\"key same\">same within the minimum</span> ")
                .append("<span class=\"key inconclusive\">inconclusive</span></p>\n");
        long tableRows = comparisons.stream().mapToLong(c -> c.rows().stream()
                .map(r -> List.of(r.benchmark(), r.threads())).distinct().count()).sum();
        if (tableRows > EffectsInShort.TABLE_ROWS_AT_A_GLANCE) {
            b.append("<ul class=\"short\">\n");
            EffectsInShort.lines(comparisons, metrics).forEach(l -> b.append("<li>").append(Html.escape(l)).append("</li>\n"));
            b.append("</ul>\n");
        }
        b.append("<div class=\"scroll\"><table class=\"effects\">\n<tr>");
        // a workload column only when there is more than one workload: the page's width is for the metrics
        boolean workloads = comparisons.stream().flatMap(c -> c.rows().stream()).map(Comparison.Row::benchmark).distinct().count() > 1;
        b.append(workloads ? "<th>workload</th>" : "").append("<th>variant vs baseline</th><th>threads</th>");
        metrics.forEach(m -> b.append("<th title=\"").append(Html.escape(MetricCatalog.title(m))).append("\">")
                .append(Html.escape(MetricCatalog.shortTitle(m))).append("</th>"));
        b.append("</tr>\n");
        for (Comparison c : comparisons) {
            Map<List<Object>, List<Comparison.Row>> byRow = new LinkedHashMap<>();
            c.rows().forEach(r -> byRow.computeIfAbsent(List.of(r.benchmark(), r.threads()), k -> new ArrayList<>()).add(r));
            boolean first = true;
            for (var e : byRow.entrySet()) {
                b.append("<tr>");
                if (first) {
                    // workload and comparison once per block of thread counts
                    String replication = e.getValue().get(0).judgement().effect().replication();
                    if (workloads) {
                        b.append("<td rowspan=\"").append(byRow.size()).append("\">")
                                .append(Html.escape(VariantLine.shortName((String) e.getKey().get(0)))).append("</td>");
                    }
                    b.append("<td rowspan=\"")
                            .append(byRow.size()).append("\">").append(Html.escape(c.candidate() + " vs " + c.baseline()))
                            .append("<br><small>").append(Html.escape(replication)).append("</small></td>");
                    first = false;
                }
                b.append("<td class=\"num\">").append(e.getKey().get(1)).append("</td>");
                for (String m : metrics) {
                    Optional<Comparison.Row> row = e.getValue().stream().filter(r -> r.metric().equals(m)).findFirst();
                    b.append(row.map(r -> cell(r.judgement())).orElse("<td></td>"));
                }
                b.append("</tr>\n");
            }
        }
        b.append("</table></div>\n");
    }

    /** Verdict and point estimate on one line, the interval under it; the settle hint as the tooltip. */
    static String cell(Judgement j) {
        Effect e = j.effect();
        String verdict = j.verdict().name().toLowerCase(Locale.ROOT);
        String point;
        String interval;
        if (j.verdict() == benchkit.core.stats.Verdict.SAME) {
            point = j.magnitude();
            interval = e.hasInterval() ? "[" + Effect.percent(e.lowPercent()) + ", " + Effect.percent(e.highPercent()) + "]" : "";
        } else if (e.hasInterval()) {
            point = Effect.percent(e.changePercent()) + "%";
            interval = "[" + Effect.percent(e.lowPercent()) + ", " + Effect.percent(e.highPercent()) + "]";
        } else {
            point = e.describe();
            interval = "";
        }
        String title = j.describe() + (e.hasInterval() ? " (" + Compare.Settings.trimPercent(e.confidence()) + "% interval)" : "");
        return "<td class=\"verdict " + verdict + "\" title=\"" + Html.escape(title) + "\"><strong>"
                + Html.escape(j.verdict().word()) + "</strong> <span class=\"effect\">" + Html.escape(point) + "</span>"
                + (interval.isEmpty() ? "" : "<br><small>" + Html.escape(interval) + "</small>") + "</td>";
    }
}

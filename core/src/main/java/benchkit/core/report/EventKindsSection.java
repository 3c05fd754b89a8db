package benchkit.core.report;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The report's table of each kind of event a workload names (TPC-C's five transactions): per kind, thread count and
 * variant, its throughput and latency percentiles, and its throughput and p95 against the baseline with their
 * intervals, judged in the same family as every other comparison of the run.
 */
final class EventKindsSection {
    private static final String TPS = "tps.";
    private static final List<String> PERCENTILES = List.of("p50", "p95", "p99");

    /** One variant's result at one thread count: a row of each kind's block. */
    private record Entry(VariantLine variant, VariantResult result) {
    }

    private EventKindsSection() {
    }

    static void write(StringBuilder b, List<VariantLine> variants, List<Comparison> comparisons) {
        Map<String, Double> busiest = new TreeMap<>();
        variants.forEach(v -> v.results().forEach(r -> r.metrics().forEach((m, value) -> {
            if (m.startsWith(TPS)) {
                busiest.merge(m.substring(TPS.length()), value.score(), Math::max);
            }
        })));
        // the results keep no order of the kinds: the busiest first (New-Order, Payment, then the rarer ones) reads best
        List<String> kinds = busiest.keySet().stream()
                .sorted(Comparator.comparingDouble((String k) -> -busiest.get(k)).thenComparing(Comparator.naturalOrder()))
                .toList();
        if (kinds.isEmpty()) {
            return;
        }
        boolean compared = comparisons.stream().anyMatch(c -> !c.isEmpty());
        b.append("<h2 id=\"event-kinds\">Each kind of event</h2>\n<p class=\"note\">The kinds the workload names (e.g. "
                + "its transactions), each with its own throughput and latency; score &plusmn; 99.9% confidence half-width")
                .append(compared ? "; effects against the baseline as in the table at the top" : "").append(".</p>\n")
                .append("<div class=\"scroll\"><table class=\"effects\" id=\"event-kinds-table\">\n<tr><th>kind</th>")
                .append("<th>threads</th><th>variant</th><th>TPS (ops/s)</th>");
        PERCENTILES.forEach(p -> b.append("<th>latency ").append(p).append(" (ms)</th>"));
        b.append(compared ? "<th>TPS vs baseline</th><th>p95 vs baseline</th>" : "").append("</tr>\n");
        List<Entry> rows = new ArrayList<>();
        for (VariantLine v : variants) {
            for (VariantResult r : v.results()) {
                rows.add(new Entry(v, r));
            }
        }
        rows.sort(Comparator.comparingInt(e -> e.result().threads()));
        for (String kind : kinds) {
            boolean first = true;
            for (Entry e : rows) {
                VariantLine v = e.variant();
                VariantResult r = e.result();
                b.append("<tr>");
                if (first) {
                    b.append("<td rowspan=\"").append(rows.size()).append("\"><strong>").append(Html.escape(kind))
                            .append("</strong></td>");
                    first = false;
                }
                b.append("<td class=\"num\">").append(r.threads()).append("</td><td>").append(Html.escape(v.label()))
                        .append("</td>").append(number(r.metric(TPS + kind)));
                PERCENTILES.forEach(p -> b.append(number(r.metric("latency." + kind + "." + p))));
                if (compared) {
                    b.append(effect(comparisons, v, r, TPS + kind)).append(effect(comparisons, v, r, "latency." + kind + ".p95"));
                }
                b.append("</tr>\n");
            }
        }
        b.append("</table></div>\n");
    }

    private static String number(Optional<MetricResult> m) {
        return "<td class=\"num\">" + Html.escape(m.map(Numbers::withError).orElse("")) + "</td>";
    }

    /** The candidate's verdict cell for {@code metric}; the baseline's own rows say so. */
    private static String effect(List<Comparison> comparisons, VariantLine v, VariantResult r, String metric) {
        for (Comparison c : comparisons) {
            if (c.baseline().equals(v.label())) {
                return "<td class=\"note\">baseline</td>";
            }
            if (c.candidate().equals(v.label())) {
                return c.rows().stream().filter(row -> row.metric().equals(metric) && row.threads() == r.threads()
                                && row.benchmark().equals(r.benchmark())).findFirst()
                        .map(row -> EffectsTable.cell(row.judgement())).orElse("<td></td>");
            }
        }
        return "<td></td>";
    }
}

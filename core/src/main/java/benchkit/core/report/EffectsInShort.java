package benchkit.core.report;

import benchkit.core.stats.Effect;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The effects table of a large matrix in words, one line per comparison, above the table: what was
 * settled and by how much, and which metrics were not, e.g. {@code oltp-read-only, tcmalloc vs glibc:
 * RSS worse +10.5% to +16.6% at every thread count; p95 latency worse +62.0% at 256 threads; not settled:
 * TPS, QPS}. A table of a few rows is read at a glance and gets no such summary.
 */
final class EffectsInShort {
    /** Rows of the effects table beyond which it no longer fits the first screen with a chart below it. */
    static final int TABLE_ROWS_AT_A_GLANCE = 12;

    private EffectsInShort() {
    }

    static List<String> lines(List<Comparison> comparisons, List<String> metrics) {
        List<String> lines = new ArrayList<>();
        for (Comparison c : comparisons) {
            for (String benchmark : new LinkedHashSet<>(c.rows().stream().map(Comparison.Row::benchmark).toList())) {
                List<Comparison.Row> rows = c.rows().stream().filter(r -> r.benchmark().equals(benchmark)).toList();
                int threadCounts = (int) rows.stream().map(Comparison.Row::threads).distinct().count();
                List<String> settled = new ArrayList<>();
                List<String> open = new ArrayList<>();
                for (String metric : metrics) {
                    Map<Verdict, List<Comparison.Row>> byVerdict = new EnumMap<>(Verdict.class);
                    rows.stream().filter(r -> r.metric().equals(metric))
                            .forEach(r -> byVerdict.computeIfAbsent(r.verdict(), v -> new ArrayList<>()).add(r));
                    if (byVerdict.isEmpty()) {
                        continue;
                    }
                    boolean any = false;
                    for (var e : byVerdict.entrySet()) {
                        if (e.getKey() != Verdict.INCONCLUSIVE) {
                            settled.add(MetricCatalog.shortTitle(metric) + " " + phrase(e.getKey(), e.getValue(), threadCounts));
                            any = true;
                        }
                    }
                    if (!any) {
                        open.add(MetricCatalog.shortTitle(metric));
                    }
                }
                String what = VariantLine.shortName(benchmark) + ", " + c.candidate() + " vs " + c.baseline() + ": ";
                String notSettled = open.isEmpty() ? "" : (settled.isEmpty() ? "nothing settled (" : "; not settled: ")
                        + String.join(", ", open) + (settled.isEmpty() ? ")" : "");
                lines.add(what + String.join("; ", settled) + notSettled);
            }
        }
        return lines;
    }

    /** e.g. {@code worse +10.5% to +16.6% at every thread count}, {@code same within ±1.1% at 4, 32 threads}. */
    private static String phrase(Verdict verdict, List<Comparison.Row> rows, int threadCounts) {
        Set<Integer> threads = new LinkedHashSet<>(rows.stream().map(Comparison.Row::threads).sorted().toList());
        String where = threads.size() == threadCounts && threadCounts > 1 ? "at every thread count"
                : "at " + String.join(", ", threads.stream().map(String::valueOf).toList())
                  + (threads.equals(Set.of(1)) ? " thread" : " threads");
        if (verdict == Verdict.SAME) {
            double within = rows.stream().mapToDouble(r -> Math.max(Math.abs(r.judgement().effect().lowPercent()),
                    Math.abs(r.judgement().effect().highPercent()))).max().orElse(0);
            return "same " + Judgement.within(within) + " " + where;
        }
        double lo = rows.stream().mapToDouble(r -> r.judgement().effect().changePercent()).min().orElse(0);
        double hi = rows.stream().mapToDouble(r -> r.judgement().effect().changePercent()).max().orElse(0);
        String size = lo == hi ? Effect.percent(lo) + "%" : Effect.percent(lo) + "% to " + Effect.percent(hi) + "%";
        return verdict.word() + " " + size + " " + where;
    }
}

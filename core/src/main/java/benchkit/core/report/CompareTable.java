package benchkit.core.report;

import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Effect;
import benchkit.core.stats.Judgement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Renders a {@link Comparison} as aligned text, one block per benchmark and param set:
 * <pre>
 * metric        threads        A        B  effect B/A [95% CI]      forks  verdict
 * tps (ops/s)         4    900.0    980.0  +8.9% [+6.1, +11.8]      5x4 p  faster
 * </pre>
 */
final class CompareTable {
    private CompareTable() {
    }

    static String render(Comparison c) {
        StringBuilder out = new StringBuilder();
        out.append("A (baseline):  ").append(c.baseline()).append('\n');
        out.append("B (candidate): ").append(c.candidate()).append('\n');
        out.append("effect: B/A as a change, with ").append(c.settings().describe()).append('\n');
        out.append("verdict: faster/slower (throughput), better/worse (latency, CPU, memory, errors) when the interval ")
                .append("excludes no change and the change is at least the minimum; same when the whole interval is within ")
                .append("± the minimum; else inconclusive\n");
        if (c.isEmpty()) {
            out.append("\nnothing to compare: no benchmark, thread count and params are in both A and B\n");
        }
        Map<List<Object>, List<Comparison.Row>> groups = new LinkedHashMap<>();
        for (Comparison.Row r : c.rows()) {
            groups.computeIfAbsent(List.of(r.benchmark(), r.params()), k -> new ArrayList<>()).add(r);
        }
        Set<String> varying = varyingParams(groups.keySet());
        List<String> metricOrder = metricOrder(c.rows());
        String ci = "effect B/A [" + Compare.Settings.trimPercent(c.settings().confidence()) + "% CI]";
        String[] header = {"metric", "threads", "A", "B", ci, "forks x iter", "verdict"};
        for (var group : groups.entrySet()) {
            out.append('\n').append(heading(group.getKey(), varying)).append('\n');
            List<Comparison.Row> rows = new ArrayList<>(group.getValue());
            rows.sort(Comparator.comparingInt((Comparison.Row r) -> metricOrder.indexOf(r.metric()))
                    .thenComparingInt(Comparison.Row::threads));
            List<String[]> cells = new ArrayList<>();
            cells.add(header);
            for (Comparison.Row r : rows) {
                String unit = r.a().unit().isEmpty() ? "" : " (" + r.a().unit() + ")";
                Judgement j = r.judgement();
                cells.add(new String[] {r.metric() + unit, String.valueOf(r.threads()), Numbers.format(r.a().score()),
                        Numbers.format(r.b().score()), j.effect().describe(), replication(j.effect()), verdict(j)});
            }
            out.append(align(cells, new boolean[] {false, true, true, true, false, false, false}));
        }
        if (!c.unmatched().isEmpty()) {
            out.append('\n');
            c.unmatched().forEach(u -> out.append(u).append('\n'));
        }
        return out.toString();
    }

    /** The verdict with what would settle it, without repeating the effect. */
    private static String verdict(Judgement j) {
        String text = j.verdict().word();
        if (j.verdict() == benchkit.core.stats.Verdict.SAME) {
            return j.describe();
        }
        if (!j.heldBack().isEmpty()) {
            text += " (" + j.heldBack() + ")";
        }
        if (j.forksNeeded().isPresent()) {
            text += " (~" + j.forksNeeded().getAsInt() + " forks would settle it)";
        }
        return text;
    }

    /**
     * e.g. {@code 5x4 paired}; where A and B differ, each side's ({@code A 1x2, B 1x1}): one figure between them (their
     * mean, rounded) would claim a replication neither had.
     */
    static String replication(Effect e) {
        String a = side(e.forksA(), e.iterationsA());
        String b = side(e.forksB(), e.iterationsB());
        return (a.equals(b) ? a : "A " + a + ", B " + b) + (e.paired() ? " paired" : "");
    }

    /** {@code FORKSxITERATIONS}, the iterations per fork rounded where forks ran different numbers. */
    private static String side(int forks, long iterations) {
        return forks + "x" + (forks == 0 ? 0 : Math.round((double) iterations / forks));
    }

    private static List<String> metricOrder(List<Comparison.Row> rows) {
        List<VariantResult> pseudo = new ArrayList<>();
        Map<String, MetricResult> metrics = new LinkedHashMap<>();
        rows.forEach(r -> metrics.put(r.metric(), r.a()));
        pseudo.add(new VariantResult("x", "", 1, Map.of(), Map.of(), metrics));
        return MetricCatalog.present(pseudo);
    }

    @SuppressWarnings("unchecked")
    private static Set<String> varyingParams(Set<List<Object>> groups) {
        Set<String> varying = new TreeSet<>();
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (List<Object> g : groups) {
            ((Map<String, String>) g.get(1)).forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v));
        }
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                varying.add(k);
            }
        });
        return varying;
    }

    @SuppressWarnings("unchecked")
    private static String heading(List<Object> group, Set<String> varying) {
        StringBuilder h = new StringBuilder(VariantLine.shortName((String) group.get(0)));
        ((Map<String, String>) group.get(1)).entrySet().stream()
                .filter(e -> varying.contains(e.getKey())).sorted(Map.Entry.comparingByKey())
                .forEach(e -> h.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return h.toString();
    }

    static String align(List<String[]> rows, boolean[] right) {
        int[] width = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(width[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(right[i] ? pad + row[i] : row[i] + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}

package benchkit.core.report;

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
 * metric        threads        A  A 99.9% CI            B  B 99.9% CI        change  verdict
 * tps (ops/s)         4    900.0  [882.0, 918.0]    980.0  [960.4, 999.6]     +8.9%  faster
 * </pre>
 */
final class CompareTable {
    private static final String[] HEADER = {"metric", "threads", "A", "A 99.9% CI", "B", "B 99.9% CI", "change", "verdict"};
    /** Columns printed right-aligned (numbers). */
    private static final boolean[] RIGHT = {false, true, true, false, true, false, true, false};

    private CompareTable() {
    }

    static String render(Comparison c) {
        StringBuilder out = new StringBuilder();
        out.append("A (baseline):  ").append(c.baseline()).append('\n');
        out.append("B (candidate): ").append(c.candidate()).append('\n');
        out.append("verdict: ~ when the 99.9% confidence intervals overlap (no significant difference); ")
                .append("faster/slower for throughput, better/worse for latency, CPU, memory and errors\n");
        if (c.isEmpty()) {
            out.append("\nnothing to compare: no benchmark, thread count and params are in both A and B\n");
        }
        Map<List<Object>, List<Comparison.Row>> groups = new LinkedHashMap<>();
        for (Comparison.Row r : c.rows()) {
            groups.computeIfAbsent(List.of(r.benchmark(), r.params()), k -> new ArrayList<>()).add(r);
        }
        Set<String> varying = varyingParams(groups.keySet());
        List<String> metricOrder = metricOrder(c.rows());
        for (var group : groups.entrySet()) {
            out.append('\n').append(heading(group.getKey(), varying)).append('\n');
            List<Comparison.Row> rows = new ArrayList<>(group.getValue());
            rows.sort(Comparator.comparingInt((Comparison.Row r) -> metricOrder.indexOf(r.metric()))
                    .thenComparingInt(Comparison.Row::threads));
            List<String[]> cells = new ArrayList<>();
            cells.add(HEADER);
            for (Comparison.Row r : rows) {
                String unit = r.a().unit().isEmpty() ? "" : " (" + r.a().unit() + ")";
                cells.add(new String[] {r.metric() + unit, String.valueOf(r.threads()), Numbers.format(r.a().score()),
                        interval(r.a()), Numbers.format(r.b().score()), interval(r.b()),
                        Numbers.percent(r.changePercent()), r.verdict().word()});
            }
            out.append(align(cells));
        }
        if (!c.unmatched().isEmpty()) {
            out.append('\n');
            c.unmatched().forEach(u -> out.append(u).append('\n'));
        }
        return out.toString();
    }

    private static List<String> metricOrder(List<Comparison.Row> rows) {
        List<BenchmarkResult> pseudo = new ArrayList<>();
        Map<String, MetricResult> metrics = new LinkedHashMap<>();
        rows.forEach(r -> metrics.put(r.metric(), r.a()));
        pseudo.add(new BenchmarkResult("x", 1, Map.of(), Map.of(), metrics));
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
        StringBuilder h = new StringBuilder(Variant.shortName((String) group.get(0)));
        ((Map<String, String>) group.get(1)).entrySet().stream()
                .filter(e -> varying.contains(e.getKey())).sorted(Map.Entry.comparingByKey())
                .forEach(e -> h.append(' ').append(e.getKey()).append('=').append(e.getValue()));
        return h.toString();
    }

    private static String interval(MetricResult m) {
        return m.hasInterval() ? "[" + Numbers.format(m.ciLow()) + ", " + Numbers.format(m.ciHigh()) + "]" : "n/a";
    }

    private static String align(List<String[]> rows) {
        int[] width = new int[HEADER.length];
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
                line.append(i == 0 ? "" : "  ").append(RIGHT[i] ? pad + row[i] : row[i] + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}

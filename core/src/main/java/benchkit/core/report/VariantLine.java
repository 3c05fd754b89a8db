package benchkit.core.report;

import benchkit.core.result.VariantResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One line of a chart: the results of one benchmark with one set of params, across thread counts.
 *
 * @param label     what sets it apart from the other variants, e.g. {@code allocator=jemalloc}
 * @param benchmark JMH benchmark name
 * @param params    its identity params (evidence params such as {@code allocator.proof} left out)
 * @param results   its entries, by ascending threads
 */
public record VariantLine(String label, String benchmark, Map<String, String> params, List<VariantResult> results) {
    public VariantLine {
        params = java.util.Collections.unmodifiableMap(new TreeMap<>(params));     // one order on every call
        results = List.copyOf(results);
    }

    /** The values each evidence param (e.g. {@code allocator.proof}) took in this variant's entries. */
    public Map<String, Set<String>> evidence() {
        Map<String, Set<String>> out = new TreeMap<>();
        for (VariantResult r : results) {
            r.params().forEach((k, v) -> {
                if (VariantResult.isEvidence(k)) {
                    out.computeIfAbsent(k, x -> new TreeSet<>()).add(v);
                }
            });
        }
        return out;
    }

    /** Groups results by benchmark and identity params, in order of first appearance. */
    public static List<VariantLine> group(List<VariantResult> all) {
        Map<List<Object>, List<VariantResult>> groups = new LinkedHashMap<>();
        for (VariantResult r : all) {
            groups.computeIfAbsent(List.of(r.benchmark(), r.identity()), k -> new ArrayList<>()).add(r);
        }
        Set<String> differing = differingKeys(groups.keySet());
        boolean runNamed = runNamesTellApart(groups.values());
        List<VariantLine> variants = new ArrayList<>();
        for (var e : groups.entrySet()) {
            String benchmark = (String) e.getKey().get(0);
            @SuppressWarnings("unchecked")
            Map<String, String> params = (Map<String, String>) e.getKey().get(1);
            List<VariantResult> results = new ArrayList<>(e.getValue());
            results.sort(Comparator.comparingInt(VariantResult::threads));
            String label = runNamed && !differing.contains("benchmark") ? results.get(0).variant() : label(benchmark, params, differing);
            variants.add(new VariantLine(label, benchmark, params, results));
        }
        return variants;
    }

    /** Per benchmark (in order of first appearance), its variants labelled by what sets them apart within it. */
    public static Map<String, List<VariantLine>> groupPerBenchmark(List<VariantResult> all) {
        Map<String, List<VariantResult>> byBenchmark = new LinkedHashMap<>();
        all.forEach(r -> byBenchmark.computeIfAbsent(r.benchmark(), k -> new ArrayList<>()).add(r));
        Map<String, List<VariantLine>> out = new LinkedHashMap<>();
        byBenchmark.forEach((benchmark, results) -> out.put(benchmark, group(results)));
        return out;
    }

    /**
     * Whether the names the run gave its variants (e.g. {@code mysql-8.0/innodb_spin_wait_delay=6}, as the console
     * printed them) tell every group apart: then they are the labels, else labels are built from the params. A run of
     * one variant is labelled by its name, not by its workload's.
     */
    private static boolean runNamesTellApart(java.util.Collection<List<VariantResult>> groups) {
        Set<String> names = new java.util.HashSet<>();
        for (List<VariantResult> g : groups) {
            Set<String> own = new TreeSet<>(g.stream().map(VariantResult::variant).toList());
            if (own.size() != 1 || own.contains("") || !names.add(own.iterator().next())) {
                return false;
            }
        }
        return !groups.isEmpty();      // one variant too: its name (glibc), as the console's lines call it
    }

    /** Param names (and "benchmark") whose value is not the same in every group. */
    private static Set<String> differingKeys(Set<List<Object>> groups) {
        Set<String> keys = new TreeSet<>();
        Set<String> benchmarks = new TreeSet<>();
        for (List<Object> g : groups) {
            benchmarks.add((String) g.get(0));
            @SuppressWarnings("unchecked")
            Map<String, String> params = (Map<String, String>) g.get(1);
            keys.addAll(params.keySet());
        }
        Set<String> differing = new TreeSet<>();
        if (benchmarks.size() > 1) {
            differing.add("benchmark");
        }
        for (String key : keys) {
            Set<String> values = new java.util.HashSet<>();
            for (List<Object> g : groups) {
                @SuppressWarnings("unchecked")
                Map<String, String> params = (Map<String, String>) g.get(1);
                values.add(Objects.toString(params.get(key), null));
            }
            if (values.size() > 1) {
                differing.add(key);
            }
        }
        return differing;
    }

    private static String label(String benchmark, Map<String, String> params, Set<String> differing) {
        List<String> parts = new ArrayList<>();
        if (differing.contains("benchmark")) {
            parts.add(shortName(benchmark));
        }
        for (String key : differing) {
            if (!key.equals("benchmark") && params.containsKey(key)) {
                parts.add(key + "=" + params.get(key));
            }
        }
        return parts.isEmpty() ? shortName(benchmark) : String.join(", ", parts);
    }

    /** {@code benchkit.oltp-read-only} → {@code oltp-read-only}. */
    public static String shortName(String benchmark) {
        return benchmark.startsWith("benchkit.") ? benchmark.substring("benchkit.".length()) : benchmark;
    }
}

package benchkit.core.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a baseline (A) with a candidate (B), metric by metric, as benchstat does: the change of
 * the mean in percent, both 99.9% confidence intervals (JMH's {@code scoreConfidence}), and a
 * verdict that is significant only when the intervals do not overlap.
 *
 * <p>Entries are matched on benchmark, threads and params, except params that hold one value on
 * each side and a different one on the other (e.g. {@code allocator=glibc} in every entry of A and
 * {@code allocator=jemalloc} in every entry of B): those are what is being compared, so they are
 * left out of the match and shown in the headings instead. Evidence params ({@code *.proof}) are
 * never matched on.
 */
public final class Compare {
    private Compare() {
    }

    /** Compares two result directories: {@code a} is the baseline, {@code b} the candidate. */
    public static Comparison directories(Path a, Path b) throws IOException {
        return compare(a.toString(), JmhResultReader.readDirectory(a), b.toString(), JmhResultReader.readDirectory(b));
    }

    /**
     * Compares two variants of one result directory, each chosen by one param as {@code key=value}
     * (e.g. {@code allocator=glibc} as baseline and {@code allocator=jemalloc} as candidate).
     *
     * @throws IllegalArgumentException when a variant is not {@code key=value} or matches no entry
     */
    public static Comparison variants(Path dir, String variantA, String variantB) throws IOException {
        List<BenchmarkResult> all = JmhResultReader.readDirectory(dir);
        return compare(dir + " " + variantA.trim(), select(all, variantA, dir),
                dir + " " + variantB.trim(), select(all, variantB, dir));
    }

    private static List<BenchmarkResult> select(List<BenchmarkResult> all, String selector, Path dir) {
        int eq = selector.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("variant '" + selector + "' is not key=value (e.g. allocator=glibc); "
                    + "params in " + dir + ": " + describeParams(all));
        }
        String key = selector.substring(0, eq).trim();
        String value = selector.substring(eq + 1).trim();
        List<BenchmarkResult> chosen = all.stream().filter(r -> value.equals(r.params().get(key))).toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no entry in " + dir + " has " + key + "=" + value
                    + "; params there: " + describeParams(all));
        }
        return chosen;
    }

    /** e.g. {@code allocator=glibc|jemalloc, server=MySQL 8.0.15}. */
    private static String describeParams(List<BenchmarkResult> all) {
        Map<String, Set<String>> values = new TreeMap<>();
        all.forEach(r -> r.identity().forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
        if (values.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(k + "=" + String.join("|", v)));
        return String.join(", ", parts);
    }

    static Comparison compare(String nameA, List<BenchmarkResult> a, String nameB, List<BenchmarkResult> b) {
        Map<String, String[]> contrast = contrast(a, b);
        Map<List<Object>, BenchmarkResult> byKeyB = new LinkedHashMap<>();
        for (BenchmarkResult r : b) {
            byKeyB.putIfAbsent(matchKey(r, contrast.keySet()), r);
        }
        List<String> metrics = MetricCatalog.present(concat(a, b));
        List<Comparison.Row> rows = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        Set<List<Object>> matchedB = new HashSet<>();
        for (BenchmarkResult ra : a) {
            List<Object> key = matchKey(ra, contrast.keySet());
            BenchmarkResult rb = byKeyB.get(key);
            if (rb == null || !matchedB.add(key)) {
                unmatched.add("only in A: " + describe(ra, contrast.keySet()));
                continue;
            }
            Map<String, String> shared = shared(ra, contrast.keySet());
            for (String metric : metrics) {
                MetricResult ma = ra.metrics().get(metric);
                MetricResult mb = rb.metrics().get(metric);
                if (ma != null && mb != null) {
                    rows.add(new Comparison.Row(ra.benchmark(), shared, ra.threads(), metric, ma, mb,
                            changePercent(ma.score(), mb.score()), Verdict.of(metric, ma, mb)));
                }
            }
        }
        byKeyB.forEach((key, rb) -> {
            if (!matchedB.contains(key)) {
                unmatched.add("only in B: " + describe(rb, contrast.keySet()));
            }
        });
        return new Comparison(label(nameA, contrast, 0), label(nameB, contrast, 1), rows, unmatched);
    }

    /** Params with a single, different value on each side: key → {value in A, value in B}. */
    private static Map<String, String[]> contrast(List<BenchmarkResult> a, List<BenchmarkResult> b) {
        Set<String> keys = new TreeSet<>();
        concat(a, b).forEach(r -> keys.addAll(r.identity().keySet()));
        Map<String, String[]> contrast = new TreeMap<>();
        for (String key : keys) {
            Set<String> va = values(a, key);
            Set<String> vb = values(b, key);
            if (va.size() == 1 && vb.size() == 1 && !va.equals(vb)) {
                contrast.put(key, new String[] {va.iterator().next(), vb.iterator().next()});
            }
        }
        return contrast;
    }

    private static Set<String> values(List<BenchmarkResult> results, String key) {
        Set<String> values = new HashSet<>();
        results.forEach(r -> values.add(Objects.toString(r.identity().get(key), "(unset)")));
        return values;
    }

    private static List<Object> matchKey(BenchmarkResult r, Set<String> contrast) {
        return List.of(r.benchmark(), r.threads(), shared(r, contrast));
    }

    private static Map<String, String> shared(BenchmarkResult r, Set<String> contrast) {
        Map<String, String> params = new TreeMap<>(r.identity());
        params.keySet().removeAll(contrast);
        return params;
    }

    private static String describe(BenchmarkResult r, Set<String> contrast) {
        return Variant.shortName(r.benchmark()) + " threads=" + r.threads() + " " + shared(r, contrast);
    }

    private static String label(String name, Map<String, String[]> contrast, int side) {
        if (contrast.isEmpty()) {
            return name;
        }
        List<String> parts = new ArrayList<>();
        contrast.forEach((k, v) -> parts.add(k + "=" + v[side]));
        String params = String.join(", ", parts);
        return name.endsWith(" " + params) ? name : name + " (" + params + ")";
    }

    static double changePercent(double a, double b) {
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            return Double.NaN;
        }
        if (a == b) {
            return 0;
        }
        return a == 0 ? Math.copySign(Double.POSITIVE_INFINITY, b - a) : (b - a) / Math.abs(a) * 100;
    }

    private static List<BenchmarkResult> concat(List<BenchmarkResult> a, List<BenchmarkResult> b) {
        List<BenchmarkResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}

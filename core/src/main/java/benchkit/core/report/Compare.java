package benchkit.core.report;

import benchkit.core.result.RunInfo;
import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Direction;
import benchkit.core.stats.EffectEstimator;
import benchkit.core.stats.EffectMethod;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.NestedSample;
import benchkit.core.stats.SequentialDesign;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a baseline (A) with a candidate (B), metric by metric: the effect B/A with its confidence
 * interval from the forks and iterations each side measured, and a verdict (see {@link Judgement}).
 * Variants of one run are paired by fork (their servers ran side by side); two runs are not.
 *
 * <p>Entries are matched on benchmark, threads and params, except params that hold one value on
 * each side and a different one on the other (e.g. {@code allocator=glibc} in every entry of A and
 * {@code allocator=jemalloc} in every entry of B): those are what is being compared, so they are
 * left out of the match and shown in the headings instead. Evidence params ({@code *.proof}) are
 * never matched on.
 */
public final class Compare {
    /**
     * How effects are estimated and judged.
     *
     * @param method     how intervals are computed
     * @param confidence e.g. 0.95
     * @param minEffect  the smallest change that matters, e.g. 0.02 for 2%
     * @param sequential the looks of a run that stopped when settled (its intervals are then repeated
     *                   intervals, valid whichever look it stopped at), or empty for a fixed number of forks
     * @param baselineWorkloads workloads compared across, when both ran: each with the workload that is its baseline
     *                   (declared by the workloads, {@link benchkit.spi.WorkloadFactory#baselineWorkload})
     */
    public record Settings(EffectMethod method, double confidence, double minEffect, Optional<SequentialDesign> sequential,
                           Map<String, String> baselineWorkloads) {
        public static final double DEFAULT_CONFIDENCE = 0.95;
        public static final double DEFAULT_MIN_EFFECT = 0.02;
        public static final Settings DEFAULT = new Settings(EffectMethod.FORKS_T, DEFAULT_CONFIDENCE, DEFAULT_MIN_EFFECT);

        public Settings(EffectMethod method, double confidence, double minEffect) {
            this(method, confidence, minEffect, Optional.empty());
        }

        public Settings(EffectMethod method, double confidence, double minEffect, Optional<SequentialDesign> sequential) {
            this(method, confidence, minEffect, sequential, Map.of());
        }

        public Settings {
            Objects.requireNonNull(method, "method");
            baselineWorkloads = Map.copyOf(baselineWorkloads);
            Objects.requireNonNull(sequential, "sequential");
            if (sequential.isPresent() && method != EffectMethod.FORKS_T) {
                throw new IllegalArgumentException("a run that stops when settled judges with forks-t intervals, not "
                        + method.cliName());
            }
            if (!(confidence > 0 && confidence < 1)) {
                throw new IllegalArgumentException("confidence must be between 0 and 1 exclusive (e.g. 0.95), got " + confidence);
            }
            if (!(minEffect >= 0 && minEffect < 1)) {
                throw new IllegalArgumentException("minimum effect must be from 0 to below 1 (e.g. 0.02 for 2%), got " + minEffect);
            }
        }

        EffectEstimator estimator() {
            return new EffectEstimator(method, confidence, sequential);
        }

        /** The same settings for a run that looks at its comparisons as {@code design} says. */
        public Settings withSequential(SequentialDesign design) {
            return new Settings(method, confidence, minEffect, Optional.of(design), baselineWorkloads);
        }

        /** The same settings, comparing these workloads with their baselines when both ran. */
        public Settings withBaselineWorkloads(Map<String, String> pairs) {
            return new Settings(method, confidence, minEffect, sequential, pairs);
        }

        /**
         * e.g. {@code 95% intervals (nested model: t interval on log fork means); minimum effect 2%; differences
         * claimed at a 5% false discovery rate over the comparisons shown (Benjamini-Hochberg), ...}.
         */
        public String describe() {
            return trimPercent(confidence) + "% intervals (" + method.description() + "); minimum effect "
                    + trimPercent(minEffect) + "%; differences claimed at a " + trimPercent(1 - confidence)
                    + "% false discovery rate over the comparisons shown (Benjamini-Hochberg), a claim's interval"
                    + " widened to keep that rate (Benjamini-Yekutieli)"
                    + sequential.map(d -> "; " + d.describe()).orElse("");
        }

        /**
         * How these settings and the baseline the run named are kept in run.json (its settings map), so that
         * {@code bench report} and {@code compare} judge a run's files as the run itself did: the one writer of those
         * keys; {@link #fromRunSettings} is the one reader.
         */
        public Map<String, String> runSettings(Optional<String> baseline) {
            Map<String, String> s = new LinkedHashMap<>();
            baseline.ifPresent(b -> s.put(RunInfo.BASELINE, b));
            s.put(RunInfo.CONFIDENCE, String.valueOf(confidence));
            s.put(RunInfo.MIN_EFFECT, String.valueOf(minEffect));
            s.put(RunInfo.METHOD, method.cliName());
            sequential.ifPresent(d -> s.put(RunInfo.SEQUENTIAL, d.toString()));
            return s;
        }

        /** The settings a run judged its effects with (as {@link #runSettings} keeps them), else the defaults. */
        public static Settings fromRunSettings(Map<String, String> s) {
            try {
                return new Settings(EffectMethod.parse(s.getOrDefault(RunInfo.METHOD, "forks-t")),
                        Double.parseDouble(s.getOrDefault(RunInfo.CONFIDENCE, String.valueOf(DEFAULT_CONFIDENCE))),
                        Double.parseDouble(s.getOrDefault(RunInfo.MIN_EFFECT, String.valueOf(DEFAULT_MIN_EFFECT))),
                        Optional.ofNullable(s.get(RunInfo.SEQUENTIAL)).map(SequentialDesign::parse));
            } catch (IllegalArgumentException e) {
                return DEFAULT;
            }
        }

        /** The baseline the run named, as {@link #runSettings} keeps it. */
        public static Optional<String> baselineOf(Map<String, String> s) {
            return Optional.ofNullable(s.get(RunInfo.BASELINE)).filter(b -> !b.isBlank());
        }

        /** 0.95 → {@code 95}, 0.025 → {@code 2.5}. */
        static String trimPercent(double fraction) {
            double p = Math.round(fraction * 1e6) / 1e4;
            return p == Math.rint(p) ? String.valueOf((long) p) : String.valueOf(p);
        }
    }

    private Compare() {
    }

    /**
     * {@code settings} with the looks of the run in {@code dir} when it ran until settled (its run.json says so):
     * its comparisons must be judged again with the repeated intervals it stopped on, never as a fixed design.
     */
    public static Settings withLooksOf(Path dir, Settings settings) throws IOException {
        Optional<String> looks = RunInfo.read(dir).map(r -> r.settings().get(RunInfo.SEQUENTIAL));
        return looks.isPresent() ? settings.withSequential(SequentialDesign.parse(looks.get())) : settings;
    }

    /** Compares two result directories: {@code a} is the baseline, {@code b} the candidate; forks are not paired. */
    public static Comparison directories(Path a, Path b, Settings settings) throws IOException {
        ClaimFamily family = new ClaimFamily(settings);
        return family.judge(List.of(compare(a.toString(), JmhResultReader.readDirectory(a), b.toString(),
                JmhResultReader.readDirectory(b), false, settings, family))).get(0);
    }

    /**
     * Compares two variants of one result directory, each chosen by one param as {@code key=value}
     * (e.g. {@code allocator=glibc} as baseline and {@code allocator=jemalloc} as candidate); their forks
     * ran side by side, so they are paired.
     *
     * @throws IllegalArgumentException when a variant is not {@code key=value} or matches no entry
     */
    public static Comparison variants(Path dir, String variantA, String variantB, Settings given) throws IOException {
        List<VariantResult> all = JmhResultReader.readDirectory(dir);
        Settings settings = withLooksOf(dir, given);
        ClaimFamily family = new ClaimFamily(settings);
        return family.judge(List.of(compare(dir + " " + variantA.trim(), select(all, variantA, dir.toString()),
                dir + " " + variantB.trim(), select(all, variantB, dir.toString()), true, settings, family))).get(0);
    }

    /**
     * Every variant of one run against the baseline, per benchmark. The baseline is chosen by
     * {@code baseline} (a variant's label, part of it, or a {@code key=value} param) or is each benchmark's
     * first variant. When several variants match it (a factorial run, e.g. {@code allocator=glibc} at 1 and
     * at 2 server CPUs), each other variant is compared with the matching one that shares most of its params,
     * so one comparison changes one factor. Forks are paired (variants of one run ran side by side). Then each
     * memcached workload is compared with its SQL baseline when both ran (see {@link Counterparts}).
     *
     * @throws IllegalArgumentException when {@code baseline} matches no variant
     */
    public static List<Comparison> againstBaseline(List<VariantResult> results, Optional<String> baseline,
                                                   Settings settings) {
        // variants per benchmark, labelled by what sets them apart within it (not by the workload)
        Map<String, List<VariantLine>> byBenchmark = VariantLine.groupPerBenchmark(results);
        List<VariantLine> variants = byBenchmark.values().stream().flatMap(List::stream).toList();
        List<Comparison> comparisons = new ArrayList<>();
        ClaimFamily family = new ClaimFamily(settings);
        boolean baselineFound = baseline.isEmpty();
        for (List<VariantLine> group : byBenchmark.values()) {
            List<VariantLine> bases = baseline.isEmpty() ? List.of(group.get(0))
                    : group.stream().filter(v -> matches(v, baseline.get())).toList();
            baselineFound |= !bases.isEmpty();
            if (bases.isEmpty()) {
                continue;
            }
            for (VariantLine candidate : group) {
                if (!bases.contains(candidate)) {
                    VariantLine base = closest(bases, candidate);
                    Comparison c = compare(base.label(), base.results(), candidate.label(), candidate.results(), true,
                            settings, family);
                    // the variants' own names: the params they differ in are in the report's variants table
                    comparisons.add(new Comparison(base.label(), candidate.label(), c.rows(), c.unmatched(), settings));
                }
            }
        }
        comparisons.addAll(Counterparts.compare(variants, settings, family));
        if (!baselineFound) {
            throw new IllegalArgumentException("no variant matches --baseline " + baseline.get() + "; variants: "
                    + String.join(", ", variants.stream().map(VariantLine::label).distinct().toList()));
        }
        return family.judge(comparisons);
    }

    /** Only the comparisons across workloads (memcached against its SQL baseline); each workload's run prints its own. */
    public static List<Comparison> acrossWorkloads(List<VariantResult> results, Settings settings) {
        ClaimFamily family = new ClaimFamily(settings);
        return family.judge(Counterparts.compare(VariantLine.groupPerBenchmark(results).values().stream()
                .flatMap(List::stream).toList(), settings, family));
    }

    /** The base that shares most identity params with the candidate (the first of equals). */
    private static VariantLine closest(List<VariantLine> bases, VariantLine candidate) {
        VariantLine best = bases.get(0);
        long bestShared = -1;
        for (VariantLine b : bases) {
            long shared = b.params().entrySet().stream()
                    .filter(e -> e.getValue().equals(candidate.params().get(e.getKey()))).count();
            if (shared > bestShared) {
                best = b;
                bestShared = shared;
            }
        }
        return best;
    }

    /** A variant is named by its label, a part of it (e.g. {@code jemalloc} in {@code allocator=jemalloc}) or a param. */
    static boolean matches(VariantLine v, String selector) {
        return selects(selector, v.label(), v.params());
    }

    /**
     * Whether a baseline selector names a variant of this label and params: the label, one of its parts
     * ({@code jemalloc} of {@code mysql-8.0, jemalloc} or of {@code mysql-8.0/jemalloc}), a {@code key=value}
     * param, or a param's value. The run checks {@code --baseline} with it before anything starts.
     */
    public static boolean selects(String selector, String label, Map<String, String> params) {
        String s = selector.strip();
        if (label.equals(s) || List.of(label.split(", |/")).contains(s)) {
            return true;
        }
        int eq = s.indexOf('=');
        if (eq > 0) {
            return s.substring(eq + 1).strip().equals(params.get(s.substring(0, eq).strip()));
        }
        return params.containsValue(s);
    }

    private static List<VariantResult> select(List<VariantResult> all, String selector, String source) {
        int eq = selector.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("variant '" + selector + "' is not key=value (e.g. allocator=glibc); "
                    + "params in " + source + ": " + describeParams(all));
        }
        String key = selector.substring(0, eq).trim();
        String value = selector.substring(eq + 1).trim();
        List<VariantResult> chosen = all.stream().filter(r -> value.equals(r.params().get(key))).toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no entry in " + source + " has " + key + "=" + value
                    + "; params there: " + describeParams(all));
        }
        return chosen;
    }

    /** e.g. {@code allocator=glibc|jemalloc, server=MySQL 8.0.15}. */
    private static String describeParams(List<VariantResult> all) {
        Map<String, Set<String>> values = new TreeMap<>();
        all.forEach(r -> r.identity().forEach((k, v) -> values.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
        if (values.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(k + "=" + String.join("|", v)));
        return String.join(", ", parts);
    }

    /** One comparison, its rows judged on their own until {@code family} judges them with the rest. */
    static Comparison compare(String nameA, List<VariantResult> a, String nameB, List<VariantResult> b,
                              boolean paired, Settings settings, ClaimFamily family) {
        EffectEstimator estimator = settings.estimator();
        Map<String, String[]> contrast = contrast(a, b);
        Map<List<Object>, VariantResult> byKeyB = new LinkedHashMap<>();
        for (VariantResult r : b) {
            byKeyB.putIfAbsent(matchKey(r, contrast.keySet()), r);
        }
        List<String> metrics = MetricCatalog.present(concat(a, b));
        List<Comparison.Row> rows = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        Set<List<Object>> matchedB = new HashSet<>();
        for (VariantResult ra : a) {
            List<Object> key = matchKey(ra, contrast.keySet());
            VariantResult rb = byKeyB.get(key);
            if (rb == null || !matchedB.add(key)) {
                unmatched.add("only in A: " + describe(ra, contrast.keySet()));
                continue;
            }
            Map<String, String> shared = shared(ra, contrast.keySet());
            for (String metric : metrics) {
                if (MachineNoise.isCondition(metric)) {
                    continue;
                }
                MetricResult ma = ra.metrics().get(metric);
                MetricResult mb = rb.metrics().get(metric);
                if (ma != null && mb != null) {
                    NestedSample sa = sample(ra, ma);
                    NestedSample sb = sample(rb, mb);
                    Direction direction = MetricCatalog.direction(metric);
                    Judgement judgement = Judgement.of(estimator.estimate(sa, sb, paired), direction, settings.minEffect(),
                            estimator);
                    Comparison.Row row = new Comparison.Row(ra.benchmark(), shared, ra.threads(), metric, ma, mb, judgement);
                    rows.add(row);
                    family.add(row, sa, sb, paired, direction);
                }
            }
        }
        byKeyB.forEach((key, rb) -> {
            if (!matchedB.contains(key)) {
                unmatched.add("only in B: " + describe(rb, contrast.keySet()));
            }
        });
        return new Comparison(label(nameA, contrast, 0), label(nameB, contrast, 1), rows, unmatched, settings);
    }

    /** A metric's raw data by fork number; an entry without raw data counts its score as one fork of one value. */
    public static NestedSample sample(VariantResult r, MetricResult m) {
        Map<Integer, double[]> forks = new TreeMap<>();
        if (m.rawData().isEmpty()) {
            forks.put(1, new double[] {m.score()});
        }
        for (int i = 0; i < m.rawData().size(); i++) {
            forks.put(r.fork(i), m.rawData().get(i));
        }
        return new NestedSample(forks);
    }

    /** Params with a single, different value on each side: key → {value in A, value in B}. */
    private static Map<String, String[]> contrast(List<VariantResult> a, List<VariantResult> b) {
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

    private static Set<String> values(List<VariantResult> results, String key) {
        Set<String> values = new HashSet<>();
        results.forEach(r -> values.add(Objects.toString(r.identity().get(key), "(unset)")));
        return values;
    }

    private static List<Object> matchKey(VariantResult r, Set<String> contrast) {
        return List.of(r.benchmark(), r.threads(), shared(r, contrast));
    }

    private static Map<String, String> shared(VariantResult r, Set<String> contrast) {
        Map<String, String> params = new TreeMap<>(r.identity());
        params.keySet().removeAll(contrast);
        return params;
    }

    private static String describe(VariantResult r, Set<String> contrast) {
        return VariantLine.shortName(r.benchmark()) + " threads=" + r.threads() + " " + shared(r, contrast);
    }

    private static String label(String name, Map<String, String[]> contrast, int side) {
        if (contrast.isEmpty()) {
            return name;
        }
        List<String> parts = new ArrayList<>();
        contrast.forEach((k, v) -> parts.add(k + "=" + v[side]));
        String params = String.join(", ", parts);
        return List.of(name.split(", ")).containsAll(parts) ? name : name + " (" + params + ")";
    }

    private static List<VariantResult> concat(List<VariantResult> a, List<VariantResult> b) {
        List<VariantResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}

package benchkit.core.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one variant of one workload measured at one client thread count: one entry of {@code jmh-result.json} (one
 * benchmark with one set of params at one thread count). The primary score is stored among the metrics under {@link #PRIMARY}. This is
 * benchkit's one result model: the runner builds it in memory, the writers, the console table, compare,
 * the report and the Java API read it, and {@code JmhResultReader} rebuilds it from a saved file.
 *
 * @param benchmark JMH benchmark name, e.g. {@code benchkit.oltp-read-only}
 * @param variant   the variant's label as the run named it (e.g. {@code jemalloc}); empty when a file
 *                  written by another tool does not say
 * @param threads   client threads
 * @param settings  run settings of the entry (forks, warmup and measurement iterations and times, mode; the events per
 *                  thread, {@link JmhJsonFields#EVENTS_PER_THREAD}, when the workload fixed them)
 * @param params    JMH params (allocator, server, workload options), sorted by name
 * @param metrics   primary metric (as {@link #PRIMARY}) then secondary metrics, in file order
 * @param forks     the run's number of each fork whose values the metrics' raw data hold, in that order
 *                  (1, 2, ... when the file does not say): forks with the same number of two variants of
 *                  one run ran side by side
 */
@SuppressWarnings("removal")   // implements its former name, so that code written against BenchmarkResult still compiles
public record VariantResult(String benchmark, String variant, int threads, Map<String, String> settings,
                            Map<String, String> params, Map<String, MetricResult> metrics, List<Integer> forks)
        implements BenchmarkResult {
    /** Name under which the primary score (events, e.g. transactions, per second) is kept. */
    public static final String PRIMARY = "tps";

    public VariantResult {
        variant = variant == null ? "" : variant;
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        params = Collections.unmodifiableMap(new TreeMap<>(params));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        forks = forks == null ? List.of() : List.copyOf(forks);
    }

    public VariantResult(String benchmark, String variant, int threads, Map<String, String> settings,
                         Map<String, String> params, Map<String, MetricResult> metrics) {
        this(benchmark, variant, threads, settings, params, metrics, List.of());
    }

    /** The primary metric: events (e.g. transactions) per second. */
    public MetricResult primary() {
        MetricResult m = metrics.get(PRIMARY);
        if (m == null) {
            throw new IllegalStateException(benchmark + " at " + threads + " threads has no primary metric");
        }
        return m;
    }

    /** The events each client thread ran when the workload fixed them (memslap's shape), else 0. */
    public long eventsPerThread() {
        String n = settings.getOrDefault(JmhJsonFields.EVENTS_PER_THREAD, "0");
        return n.matches("[0-9]{1,18}") ? Long.parseLong(n) : 0;
    }

    /** Forks measured. */
    public int forkCount() {
        return primary().rawData().size();
    }

    /** Measurement iterations over all forks. */
    public int iterationCount() {
        return primary().rawData().stream().mapToInt(f -> f.length).sum();
    }

    /** The fork number of raw-data row {@code i}. */
    public int fork(int i) {
        return i < forks.size() ? forks.get(i) : i + 1;
    }

    public Optional<MetricResult> metric(String name) {
        return Optional.ofNullable(metrics.get(name));
    }

    /** Params that name the variant: all but evidence such as {@code allocator.proof}. */
    public Map<String, String> identity() {
        Map<String, String> id = new TreeMap<>(params);
        id.keySet().removeIf(VariantResult::isEvidence);
        return id;
    }

    /**
     * Whether a param records evidence about a run (its name ends in {@code .proof}, e.g. the
     * allocator library found mapped in the server) rather than choosing what was run.
     */
    public static boolean isEvidence(String param) {
        return param.endsWith(".proof");
    }
}

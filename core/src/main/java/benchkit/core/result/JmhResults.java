package benchkit.core.result;

import benchkit.spi.StandardMetrics;
import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.ThroughputResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Turns trial records into JMH's own result model ({@link RunResult} per variant and thread
 * count, one {@link BenchmarkResult} per fork), so JMH does the aggregation and statistics.
 */
public final class JmhResults {
    /** JMH's name for the one-measurement-per-iteration batch size. */
    private static final int BATCH_SIZE = 1;

    /**
     * One (variant, threads) entry: its JMH result, the real (unescaped) params, the run's number of each fork in it, and
     * the events per thread the workload fixed (0 for a run by time).
     */
    public record Entry(String variant, int threads, Map<String, String> params, RunResult result, List<Integer> forks,
                        long eventsPerThread) {
    }

    private JmhResults() {
    }

    /** Entries in variant order, then thread order; trials without measurements are left out. */
    public static List<Entry> build(RunDescription run, List<TrialRecord> trials) {
        List<Entry> entries = new ArrayList<>();
        for (String variant : run.variants()) {
            for (int threads : run.threads()) {
                List<TrialRecord> forks = trials.stream()
                        .filter(t -> t.variant().equals(variant) && t.threads() == threads && !t.measurements().isEmpty())
                        .sorted(java.util.Comparator.comparingInt(TrialRecord::fork))
                        .toList();
                if (!forks.isEmpty()) {
                    entries.add(entry(run, forks));
                }
            }
        }
        return entries;
    }

    /**
     * The entries as the report and compare read them from {@code jmh-result.json}: every metric's
     * score and JMH's interval, with its raw data per fork, and the fork numbers.
     */
    public static List<VariantResult> results(List<Entry> entries) {
        List<VariantResult> results = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, benchkit.core.result.MetricResult> metrics = new LinkedHashMap<>();
            metrics.put(VariantResult.PRIMARY, metric(e.result().getPrimaryResult(),
                    e, null));
            for (Map.Entry<String, Result> s : e.result().getSecondaryResults().entrySet()) {
                metrics.put(s.getKey(), metric(s.getValue(), e, s.getKey()));
            }
            BenchmarkParams bp = e.result().getParams();
            Map<String, String> settings = new LinkedHashMap<>();
            settings.put("mode", bp.getMode().shortLabel());
            settings.put("forks", String.valueOf(bp.getForks()));
            settings.put("warmupIterations", String.valueOf(bp.getWarmup().getCount()));
            settings.put("warmupTime", bp.getWarmup().getTime().toString());
            settings.put("measurementIterations", String.valueOf(bp.getMeasurement().getCount()));
            settings.put("measurementTime", bp.getMeasurement().getTime().toString());
            settings.put("jvm", bp.getJvm());
            settings.put("jdkVersion", bp.getJdkVersion());
            settings.put("vmName", bp.getVmName());
            settings.put("vmVersion", bp.getVmVersion());
            settings.put("jmhVersion", bp.getJmhVersion());
            if (e.eventsPerThread() > 0) {
                settings.put(JmhJsonFields.EVENTS_PER_THREAD, String.valueOf(e.eventsPerThread()));
            }
            results.add(new VariantResult(bp.getBenchmark(), e.variant(), e.threads(), settings,
                    e.params(), metrics, e.forks()));
        }
        return results;
    }

    /** One metric with JMH's statistics and its per-fork raw data (the primary one when {@code secondary} is null). */
    private static benchkit.core.result.MetricResult metric(Result<?> r, Entry e, String secondary) {
        List<double[]> raw = new ArrayList<>();
        for (BenchmarkResult fork : e.result().getBenchmarkResults()) {
            raw.add(fork.getIterationResults().stream().mapToDouble(it -> {
                Result<?> one = secondary == null ? it.getPrimaryResult() : it.getSecondaryResults().get(secondary);
                return one == null ? Double.NaN : one.getScore();
            }).toArray());
        }
        double[] ci = r.getScoreConfidence();
        return new benchkit.core.result.MetricResult(r.getScore(), r.getScoreError(), ci[0], ci[1], r.getScoreUnit(), raw);
    }

    /** The params of an entry as the contract lists them: variant params, server, workload options. */
    static Map<String, String> params(RunDescription run, TrialRecord trial) {
        Map<String, String> params = new LinkedHashMap<>(new java.util.TreeMap<>(trial.variantParams()));
        params.put("server", trial.server());
        run.workloadOptions().forEach((k, v) -> {
            if (v != null) {
                params.putIfAbsent(k, v);
            }
        });
        return params;
    }

    private static Entry entry(RunDescription run, List<TrialRecord> forks) {
        TrialRecord first = forks.get(0);
        Map<String, String> params = params(run, first);
        // the forks this entry has: fewer than planned where a run until settled left its thread count out, or a fork failed
        BenchmarkParams benchmarkParams = benchmarkParams(run, first.threads(), params, forks.size());
        List<BenchmarkResult> benchmarkResults = new ArrayList<>();
        for (TrialRecord trial : forks) {
            List<IterationResult> iterations = new ArrayList<>();
            for (IterationRecord it : trial.measurements()) {
                iterations.add(iterationResult(run, benchmarkParams, it));
            }
            benchmarkResults.add(new BenchmarkResult(benchmarkParams, iterations));
        }
        return new Entry(first.variant(), first.threads(), params, new RunResult(benchmarkParams, benchmarkResults),
                forks.stream().map(TrialRecord::fork).toList(), run.eventsPerThread());
    }

    private static IterationResult iterationResult(RunDescription run, BenchmarkParams bp, IterationRecord it) {
        IterationResult result = new IterationResult(bp, bp.getMeasurement(),
                new IterationResultMetaData(it.events(), it.events()));
        long ns = Math.max(1, it.durationNanos());
        result.addResult(new ThroughputResult(ResultRole.PRIMARY, run.workload(), it.events(), ns, TimeUnit.SECONDS));
        result.addResult(new ThroughputResult(ResultRole.SECONDARY, "qps", it.queries(), ns, TimeUnit.SECONDS));
        result.addResult(new ThroughputResult(ResultRole.SECONDARY, "errors", it.errors(), ns, TimeUnit.SECONDS));
        result.addResult(new ThroughputResult(ResultRole.SECONDARY, "reconnects", it.reconnects(), ns, TimeUnit.SECONDS));
        result.addResult(new ScalarResult("latency.p50", it.latencyP50Ms(), "ms", AggregationPolicy.AVG));
        result.addResult(new ScalarResult("latency.p95", it.latencyP95Ms(), "ms", AggregationPolicy.AVG));
        result.addResult(new ScalarResult("latency.p99", it.latencyP99Ms(), "ms", AggregationPolicy.AVG));
        result.addResult(new ScalarResult("latency.max", it.latencyMaxMs(), "ms", AggregationPolicy.MAX));
        Map<String, Double> collected = new LinkedHashMap<>();
        for (Metric m : it.metrics()) {
            String label = JsonSafe.label(m.name());
            if (!RESERVED.contains(label)) {
                result.addResult(new ScalarResult(label, m.value(), JsonSafe.label(m.unit()), policy(m.aggregation())));
                collected.put(label, m.value());
            }
        }
        // Cost per query: what explains allocator effects, and what showed study C its client was the limit.
        double perSecond = it.queries() > 0 ? it.queries() / (ns / 1e9) : it.events() / (ns / 1e9);
        if (perSecond > 0) {
            Double user = collected.get(StandardMetrics.SERVER_CPU_USER);
            Double system = collected.get(StandardMetrics.SERVER_CPU_SYSTEM);
            if (user != null && system != null) {
                double serverPerQuery = cpuMicrosPerQuery(user + system, perSecond);
                result.addResult(new ScalarResult(SERVER_CPU_PER_QUERY, serverPerQuery, "us", AggregationPolicy.AVG));
                Double allocator = collected.get(ALLOCATOR_SHARE);
                if (allocator != null) {
                    // the allocator's cost per query: what an allocator effect on throughput comes from
                    result.addResult(new ScalarResult(ALLOCATOR_PER_QUERY, allocator / 100 * serverPerQuery, "us",
                            AggregationPolicy.AVG));
                }
            }
            Double client = collected.get(StandardMetrics.CLIENT_CPU);
            if (client != null) {
                result.addResult(new ScalarResult(CLIENT_CPU_PER_QUERY, cpuMicrosPerQuery(client, perSecond),
                        "us", AggregationPolicy.AVG));
            }
        }
        return result;
    }

    /** CPU microseconds per query from a CPU share (% of one core) and queries per second. */
    static double cpuMicrosPerQuery(double cpuPercentOfOneCore, double queriesPerSecond) {
        return cpuPercentOfOneCore / 100 * 1e6 / queriesPerSecond;
    }

    /** Server CPU (user + system) per query, in µs; per event where a workload counts no queries. */
    public static final String SERVER_CPU_PER_QUERY = "server.cpu.per.query";
    /** bench's own CPU per query, in µs; per event where a workload counts no queries. */
    public static final String CLIENT_CPU_PER_QUERY = "client.cpu.per.query";

    /** The share of the server's CPU samples in the allocator (%), from a CPU profile ({@code --profile cpu}). */
    public static final String ALLOCATOR_SHARE = StandardMetrics.SERVER_CPU_ALLOCATOR;
    /** The server's CPU per query in the allocator, in µs: the share times {@link #SERVER_CPU_PER_QUERY}. */
    public static final String ALLOCATOR_PER_QUERY = "server.cpu.allocator.per.query";

    /** Names the runner measures or derives itself; a collector metric of the same name is ignored. */
    static final java.util.Set<String> RESERVED = java.util.Set.of(
            "qps", "errors", "reconnects", "latency.p50", "latency.p95", "latency.p99", "latency.max",
            SERVER_CPU_PER_QUERY, CLIENT_CPU_PER_QUERY, ALLOCATOR_PER_QUERY);

    private static AggregationPolicy policy(Aggregation a) {
        return switch (a) {
            case AVG -> AggregationPolicy.AVG;
            case SUM -> AggregationPolicy.SUM;
            case MAX -> AggregationPolicy.MAX;
            case MIN -> AggregationPolicy.MIN;
        };
    }

    private static BenchmarkParams benchmarkParams(RunDescription run, int threads, Map<String, String> params, int forks) {
        // JMH's JSON writer prints params unescaped; placeholders keep it valid, JmhJsonWriter puts the real values back.
        WorkloadParams wp = new WorkloadParams();
        int i = 0;
        for (String ignored : params.keySet()) {
            wp.put(JmhJsonWriter.placeholderKey(i), "-", i);
            i++;
        }
        return new BenchmarkParams(run.benchmark(), run.benchmark(), false, threads, new int[]{threads}, List.of(),
                forks, 0,
                new IterationParams(IterationType.WARMUP, run.warmupIterations(), time(run.warmupTime()), BATCH_SIZE),
                new IterationParams(IterationType.MEASUREMENT, run.measurementIterations(), time(run.measurementTime()), BATCH_SIZE),
                Mode.Throughput, wp, TimeUnit.SECONDS, 1,
                javaCommand(), List.of(), System.getProperty("java.version"), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), org.openjdk.jmh.util.Version.getPlainVersion(), TimeValue.minutes(10));
    }

    /** A duration as JMH's TimeValue: whole seconds when it is whole seconds, else milliseconds. */
    public static TimeValue time(Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 == 0) {
            return TimeValue.seconds(ms / 1000);
        }
        return ms > 0 ? TimeValue.milliseconds(ms) : TimeValue.nanoseconds(d.toNanos());
    }

    private static String javaCommand() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}

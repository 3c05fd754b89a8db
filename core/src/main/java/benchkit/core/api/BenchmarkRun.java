package benchkit.core.api;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.Defaults;
import benchkit.core.run.RunPlan;
import benchkit.core.run.RunSummary;
import benchkit.core.run.Runner;
import benchkit.core.run.ServerProvider;
import benchkit.core.run.Variant;
import benchkit.spi.Collector;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A benchmark run from Java, for a user's own tests and CI: one workload against one server, the
 * same runner and result files as {@code bench run}.
 *
 * <pre>{@code
 * RunSummary result = BenchmarkRun.workload("point-select")
 *         .option("table-size", "10000")
 *         .server(() -> launcher.launch(spec))
 *         .threads(8).warmup(1, Duration.ofSeconds(2)).measure(3, Duration.ofSeconds(5))
 *         .outDir(Path.of("target/bench"))
 *         .run();
 * }</pre>
 * What is not set starts at {@link Defaults}, as on the command line, except that nothing is printed
 * unless {@link #verbose()} is called.
 */
public final class BenchmarkRun {
    private final String workload;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final List<Integer> threads = new ArrayList<>();
    private ServerProvider server;
    private String label = "server";
    private int warmupIterations = Defaults.WARMUP_ITERATIONS;
    private Duration warmupTime = Duration.ofSeconds(Defaults.WARMUP_SECONDS);
    private int iterations = Defaults.ITERATIONS;
    private Duration time = Duration.ofSeconds(Defaults.ITERATION_SECONDS);
    private int forks = Defaults.FORKS;
    private Path outDir = Path.of("target", "benchkit");
    private boolean quiet = true;

    private BenchmarkRun(String workload) {
        this.workload = workload;
    }

    public static BenchmarkRun workload(String name) {
        return new BenchmarkRun(name);
    }

    /** A workload option, e.g. {@code option("table-size", "1000")}. */
    public BenchmarkRun option(String name, String value) {
        options.put(name, value);
        return this;
    }

    /** The server: started fresh per fork (e.g. a launcher's {@code launch}) or an external one. */
    public BenchmarkRun server(ServerProvider server) {
        this.server = server;
        return this;
    }

    /** The label of the variant in results (default {@code server}). */
    public BenchmarkRun label(String label) {
        this.label = label;
        return this;
    }

    public BenchmarkRun threads(int... counts) {
        threads.clear();
        for (int t : counts) {
            threads.add(t);
        }
        return this;
    }

    public BenchmarkRun warmup(int iterations, Duration each) {
        this.warmupIterations = iterations;
        this.warmupTime = each;
        return this;
    }

    public BenchmarkRun measure(int iterations, Duration each) {
        this.iterations = iterations;
        this.time = each;
        return this;
    }

    public BenchmarkRun forks(int forks) {
        this.forks = forks;
        return this;
    }

    public BenchmarkRun outDir(Path dir) {
        this.outDir = dir;
        return this;
    }

    /** Print progress lines and the final table to stdout (default: quiet). */
    public BenchmarkRun verbose() {
        this.quiet = false;
        return this;
    }

    /** Runs it; the summary's scores carry the mean and 99.9% error of every metric per thread count. */
    public RunSummary run() throws Exception {
        if (server == null) {
            throw new IllegalStateException("no server: call server(...)");
        }
        PluginRegistry registry = PluginRegistry.load(Thread.currentThread().getContextClassLoader());
        WorkloadFactory factory = registry.workload(workload);
        RunPlan.Builder plan = RunPlan.builder(workload, List.of(new Variant(label, Map.of(), server)), outDir)
                .workloadOptions(benchkit.spi.OptionValues.parse(workload, factory.options(), options).asMap())
                .warmup(warmupIterations, warmupTime).measure(iterations, time).forks(forks)
                .reportInterval(Duration.ZERO).failFast(true);
        if (!threads.isEmpty()) {
            plan.threads(threads);
        }
        PrintStream out = quiet ? new PrintStream(OutputStream.nullOutputStream()) : System.out;
        try (Workload w = factory.create(options)) {
            return new Runner(plan.build(), w, () -> defaultCollectors(registry), out).run();
        }
    }

    private static List<Collector> defaultCollectors(PluginRegistry registry) {
        return registry.defaultCollectors().stream().map(f -> f.create(Map.of())).toList();
    }
}

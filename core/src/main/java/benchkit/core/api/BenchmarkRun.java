package benchkit.core.api;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.console.ConsoleStyle;
import benchkit.core.run.Experiment;
import benchkit.core.run.RunOptions;
import benchkit.core.run.RunSummary;
import benchkit.core.run.plan.ServerProvider;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.VariantMatrix;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A benchmark run from Java, for a user's own tests and CI: one workload against one server you provide, or
 * against the servers bench launches (servers × allocators × CPU sets × settings, as {@code bench run}), with
 * the same runner and result files as {@code bench run}.
 *
 * <pre>{@code
 * RunSummary result = BenchmarkRun.workload("point-select")
 *         .option("table-size", "10000")
 *         .server(() -> launcher.launch(spec))
 *         .threads(8).warmup(1, Duration.ofSeconds(2)).measure(3, Duration.ofSeconds(5))
 *         .run();
 *
 * RunSummary matrix = BenchmarkRun.workload("oltp-read-only")
 *         .servers("mariadb-11.4", "mysql-8.0").allocators("glibc", "jemalloc")
 *         .run();
 * }</pre>
 * What is not set starts at {@link benchkit.core.run.plan.Defaults}, as on the command line (with neither a server nor
 * matrix axes, the embedded MariaDB with glibc; servers compared run until settled within 6 minutes unless
 * {@link #forks} is given), except that nothing is printed unless {@link #verbose()} is called.
 */
public final class BenchmarkRun {
    private final String workload;
    private final Map<String, String> options = new LinkedHashMap<>();
    /** The run options given here; everything else starts at their defaults, as on the command line. */
    private final RunOptions.Builder runOptions = RunOptions.builder().reportInterval(Duration.ZERO).failFast(true);
    private ServerProvider server;
    private String label = "server";
    /** The launched servers to compare, when no {@link #server} is given. */
    private final VariantMatrix.Builder matrix = VariantMatrix.builder();
    private boolean matrixGiven;
    /** Null: a new directory per run under {@code target/benchkit}. */
    private Path outDir;
    private boolean replaceEarlierResults;
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

    /** Servers for bench to launch, each a variant: {@code mariadb-11.4}, {@code mysql-8.0}, {@code system}, {@code memcached}, ... */
    public BenchmarkRun servers(String... names) {
        matrixGiven = true;
        matrix.servers(names);
        return this;
    }

    /** Allocators of the launched servers, each a variant: {@code glibc}, {@code jemalloc}, {@code tcmalloc}, ... */
    public BenchmarkRun allocators(String... names) {
        matrixGiven = true;
        matrix.allocators(names);
        return this;
    }

    /** CPU lists to pin the launched servers to (taskset syntax, e.g. {@code 0-1}), each a variant. */
    public BenchmarkRun serverCpus(String... cpuLists) {
        matrixGiven = true;
        matrix.serverCpus(cpuLists);
        return this;
    }

    /** A setting of the launched servers; several values are variants. */
    public BenchmarkRun serverSetting(String name, String... values) {
        matrixGiven = true;
        matrix.setting(name, values);
        return this;
    }

    /** The label of the variant in results when the server is given with {@link #server} (default {@code server}). */
    public BenchmarkRun label(String label) {
        this.label = label;
        return this;
    }

    public BenchmarkRun threads(int... counts) {
        runOptions.threads(java.util.stream.IntStream.of(counts).boxed().toList());
        return this;
    }

    public BenchmarkRun warmup(int iterations, Duration each) {
        runOptions.warmup(iterations, each);
        return this;
    }

    public BenchmarkRun measure(int iterations, Duration each) {
        runOptions.measure(iterations, each);
        return this;
    }

    public BenchmarkRun forks(int forks) {
        runOptions.forks(forks);
        return this;
    }

    /**
     * Forks until every variant's primary score against the first variant has its verdict at each thread count, or
     * the budget ends, as {@code bench run --until-settled --budget}; {@link #forks} is then the most forks. The
     * verdicts in the result files are judged with the run's looks (repeated intervals). The default, within 6
     * minutes, when several servers are compared and no {@link #forks} is given; {@code Duration.ZERO}: fixed forks.
     */
    public BenchmarkRun untilSettled(Duration budget) {
        runOptions.untilSettled(budget);
        return this;
    }

    /**
     * Where the result files go; by default a new directory per run, {@code target/benchkit/<timestamp>-<workload>}.
     * A directory that holds an earlier run is refused unless {@link #replaceEarlierResults()}.
     */
    public BenchmarkRun outDir(Path dir) {
        this.outDir = dir;
        return this;
    }

    /** Removes an earlier run's result files in {@link #outDir} instead of refusing the directory. */
    public BenchmarkRun replaceEarlierResults() {
        this.replaceEarlierResults = true;
        return this;
    }

    /**
     * Lets the run succeed with invalid measurement iterations that measuring again did not make up for (they are still
     * reported and left out of the scores), as {@code --allow-invalid}. An invalid iteration (a stalled server, bench
     * held up by a loaded machine) is first measured again, up to as many more as were planned.
     */
    public BenchmarkRun allowInvalid() {
        runOptions.allowInvalid(true);
        return this;
    }

    /**
     * An iteration with no event finished for this long, or bench held up this long, is invalid (default 2 s;
     * {@link Duration#ZERO} turns the check off), as {@code --stall-limit}.
     */
    public BenchmarkRun stallLimit(Duration limit) {
        if (limit == null || limit.isNegative()) {
            throw new IllegalArgumentException("stallLimit: a duration of 0 (off) or more, got " + limit);
        }
        runOptions.stallLimit(limit);
        return this;
    }

    /** Print progress lines and the final table to stdout (default: quiet). */
    public BenchmarkRun verbose() {
        this.quiet = false;
        return this;
    }

    /**
     * Runs it; the summary's scores carry the mean and 99.9% error of every metric per thread count.
     *
     * @throws BenchmarkFailedException when the run did not complete, with its cause; what finished is in its summary
     */
    public RunSummary run() throws Exception {
        if (server != null && matrixGiven) {
            throw new IllegalStateException("either server(...) or the launched servers' axes (servers, allocators, "
                    + "serverCpus, serverSetting), not both");
        }
        PluginRegistry registry = PluginRegistry.load(Thread.currentThread().getContextClassLoader());
        List<Variant> variants = server != null ? List.of(new Variant(label, Map.of(), server)) : matrix.build().variants(registry);
        Experiment experiment = Experiment.builder(registry, List.of(workload)).options(options)
                .variants(variants, "server").runOptions(runOptions.build())
                .outDir(outDir, replaceEarlierResults, "outDir").resultsUnder(Path.of("target", "benchkit"))
                .console(quiet ? new PrintStream(OutputStream.nullOutputStream()) : System.out, ConsoleStyle.DEFAULT)
                .build();
        RunSummary summary;
        try {
            summary = experiment.run().summaries().get(workload);
        } finally {
            experiment.settleReplaced().ifPresent(System.err::println);
        }
        if (!summary.complete()) {
            throw new BenchmarkFailedException(workload, summary);
        }
        return summary;
    }

}

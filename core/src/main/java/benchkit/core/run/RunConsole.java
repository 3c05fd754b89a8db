package benchkit.core.run;

import benchkit.core.console.LoadProgress;
import benchkit.core.result.IterationRecord;
import benchkit.core.result.BenchmarkResult;
import benchkit.core.stats.Estimate;
import benchkit.spi.IterationInfo;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a run tells its user while it runs (JMH's {@code OutputFormat}): {@link Runner} and {@link Trial} say
 * what happened, a console says it in its {@link ConsoleFormat.Style}. This one is bench's own, JMH-style:
 * headers and iteration results, sysbench 1.0.20's periodic report line (which DBAs already know how to
 * read), the scores and the effects; {@link SysbenchConsole} is sysbench's.
 */
class RunConsole {
    final PrintStream out;
    final ConsoleFormat format;

    RunConsole(PrintStream out, ConsoleFormat format) {
        this.out = out;
        this.format = format;
    }

    static RunConsole of(PrintStream out, ConsoleFormat format) {
        return format.style() == ConsoleFormat.Style.SYSBENCH ? new SysbenchConsole(out, format) : new RunConsole(out, format);
    }

    /** bench's commentary, a {@code # ...} line (or a blank one). */
    void note(String line) {
        println(line);
    }

    /** Something went wrong that the run survives, a {@code # ...} line. */
    void warning(String line) {
        println(line);
    }

    /** Something failed: a variant, the run, the server (its log lines follow as failures too). */
    void failure(String line) {
        println(line);
    }

    /** JMH's run header, e.g. {@code # Warmup: 1 iterations, 10 s each}. */
    void runStart(RunPlan plan) {
        note("# Workload: " + plan.workload() + (plan.workloadOptions().isEmpty() ? "" : " " + plan.workloadOptions()));
        note("# Variants: " + String.join(", ", plan.variants().stream().map(Variant::label).toList())
                + "; threads: " + plan.threads() + "; forks: " + (plan.untilSettled()
                ? "until settled, within " + SettleWatch.words(plan.settleBudget()) + " (at most " + plan.forks() + ")"
                : plan.forks()));
        note("# Warmup: " + plan.warmupIterations() + " iterations, " + benchkit.core.result.JmhResults.time(plan.warmupTime())
                + " each");
        if (plan.eventsPerThread() > 0) {
            note("# Measurement: " + plan.measurementIterations() + " iterations of " + plan.eventsPerThread()
                    + " events per client thread (memslap's --execute-number)");
        } else {
            note("# Measurement: " + plan.measurementIterations() + " iterations, "
                    + benchkit.core.result.JmhResults.time(plan.measurementTime()) + " each");
        }
        if (plan.rate() > 0) {
            note("# Rate: " + plan.rate() + " events/s (open loop; latency from intended start)");
        }
        if (plan.maxEvents() > 0) {
            note("# Event limit: " + plan.maxEvents() + " per trial");
        }
        note("# Client threads: " + plan.clientThreads().resolve().label() + plan.clientThreads().note());
    }

    void trialStart(RunPlan plan, String variant, String server, int threads, int fork, int forks) {
        note("");
        note("# Benchmark: benchkit." + plan.workload() + ", variant " + variant + " (" + server + ")");
        note("# Threads: " + threads + " threads, fork " + fork + " of " + forks);
    }

    /** The trial's sessions are open and its load starts. */
    void loadStarted() {
    }

    /**
     * A checkpoint (sysbench's {@code --report-checkpoints}) {@code elapsedSec} into the trial: sysbench's report over
     * the events since the last one. Only sysbench's console prints it.
     */
    void checkpoint(double elapsedSec, Supplier<List<String>> report) {
    }

    /** What the load did since the last report ({@code --report-interval}): sysbench's report line, see {@link #reportLine}. */
    void progress(Interval interval) {
        println(reportLine(interval));
    }

    /** An iteration ended: JMH's line ({@link #iterationLine}), and why it is left out when it is invalid. */
    void iteration(IterationInfo it, String variant, IterationRecord record) {
        println(iterationLine(it, variant, record.tps()) + (record.valid() ? "" : "  INVALID, left out: " + record.invalid()));
    }

    /** A trial's event limit ({@code --events}) was reached; a per-thread count (memslap's) ends trials so, unsaid. */
    void eventLimitReached(long limit, boolean perThread, boolean inWarmup) {
        if (!perThread) {
            note("# Event limit of " + limit + " reached; trial ends early" + (inWarmup ? ", before any measurement" : ""));
        }
    }

    /**
     * The load's report interval: {@code delta} over {@code intervalSec}, {@code elapsedSec} into the trial, with its
     * latency at sysbench's {@code --percentile}.
     */
    record Interval(double elapsedSec, int threads, Counts delta, double intervalSec, int percentile, double percentileMs,
                    boolean warmup) {
    }

    /**
     * A trial ended with measurement iterations: JMH's per-fork result line (its 99.9% error over this fork's
     * iterations, as JMH prints it; the comparison of variants comes at the end of the run, with forks as the
     * replicates).
     *
     * @param scope    a line saying which events sysbench's report counts
     * @param sysbench sysbench's final report over the trial's measurement iterations (histogram first, if asked)
     */
    void trialEnd(String workload, String variant, Estimate e, String scope, Supplier<List<String>> sysbench) {
        println(String.format(Locale.ROOT, "Result \"benchkit.%s\"%s: %.3f ±(99.9%%) %.3f ops/s [Average]",
                workload, variant.isEmpty() ? "" : " [" + variant + "]", e.mean(), e.error()));
    }

    /** Where a prepare step shows its progress. */
    LoadProgress prepareProgress() {
        return LoadProgress.forStream(out, "# ");
    }

    /** The run's end: what failed, the scores and each variant's effect, where the results are. */
    void runEnd(RunPlan plan, String failure, List<BenchmarkResult> results, List<String> effects, Path dir) {
        note("");
        if (failure != null) {
            failure("# Run incomplete: " + failure);
        }
        if (!results.isEmpty()) {
            benchkit.core.result.SummaryTable.print(results, out);
            effects.forEach(this::note);
        }
        note("# Results: " + dir);
    }

    final void println(String line) {
        out.println(line);
        out.flush();
    }

    /** A console that prints nothing, for what a quiet style leaves out. */
    static PrintStream nowhere() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    /**
     * sysbench's report line with the latency at {@code percentile} (sysbench's {@code --percentile}), e.g. {@code [ 10s ] thds: 8 tps: 4310.51 qps: 4310.51 (r/w/o:
     * 4310.51/0.00/0.00) lat (ms,95%): 2.30 err/s: 0.00 reconn/s: 0.00}.
     */
    static String reportLine(Interval i) {
        return reportLine(i.elapsedSec(), i.threads(), i.delta(), i.intervalSec(), i.percentile(), i.percentileMs(), i.warmup());
    }

    static String reportLine(double elapsedSec, int threads, Counts delta, double intervalSec, int percentile,
                             double percentileMs, boolean warmup) {
        return SysbenchSummary.progressLine(elapsedSec, threads, delta.events(), delta.reads(), delta.writes(), delta.others(),
                delta.errors(), delta.reconnects(), intervalSec, percentile, percentileMs) + (warmup ? " (warmup)" : "");
    }

    /** sysbench's time stamp of a line, e.g. {@code [ 10s ]}, or {@code [ 0.5s ]} for a report interval under a second. */
    static String stamp(double elapsedSec) {
        return Math.abs(elapsedSec - Math.rint(elapsedSec)) < 0.05
                ? String.format(Locale.ROOT, "[ %.0fs ]", elapsedSec)
                : String.format(Locale.ROOT, "[ %.1fs ]", elapsedSec);
    }

    /**
     * JMH's iteration line, e.g. {@code Iteration   1: 4310.510 ops/s}; with the variant when variants
     * interleave, e.g. {@code Iteration   1 [jemalloc]: 4310.510 ops/s}.
     */
    static String iterationLine(IterationInfo info, String variant, double tps) {
        return String.format(Locale.ROOT, "%s%3d%s: %.3f ops/s", info.warmup() ? "# Warmup Iteration " : "Iteration ",
                info.index(), variant.isEmpty() ? "" : " [" + variant + "]", tps);
    }
}

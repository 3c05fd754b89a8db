package benchkit.core.run.console;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.launch.LoadProgress;
import benchkit.core.result.IterationRecord;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Estimate;
import benchkit.spi.IterationInfo;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a run tells its user while it runs (JMH's {@code OutputFormat}): {@link Runner} and {@link Trial} say
 * what happened, a console says it in its {@link ConsoleStyle}. This one is bench's own, JMH-style:
 * headers and iteration results, the {@link ProgressLine}s, the scores and the effects. Another tool's console
 * (a module's) extends it and overrides what it prints differently.
 */
public class RunConsole {
    protected final PrintStream out;
    /** The latency percentile the progress lines show (1-100, 0 for none). */
    public final int percentile;

    public RunConsole(PrintStream out, int percentile) {
        this.out = out;
        this.percentile = percentile;
    }

    /** bench's commentary, a {@code # ...} line (or a blank one). */
    public void note(String line) {
        println(line);
    }

    /** Something went wrong that the run survives, a {@code # ...} line. */
    public void warning(String line) {
        println(line);
    }

    /** Something failed: a variant, the run, the server (its log lines follow as failures too). */
    public void failure(String line) {
        println(line);
    }

    /** JMH's run header, e.g. {@code # Warmup: 1 iterations, 10 s each}. */
    public void runStart(RunPlan plan) {
        note("# Workload: " + plan.workload() + (plan.workloadOptions().isEmpty() ? "" : " " + plan.workloadOptions()));
        note("# Variants: " + String.join(", ", plan.variants().stream().map(Variant::label).toList())
                + "; threads: " + plan.threads() + "; forks: " + (plan.untilSettled()
                ? "until settled, within " + duration(plan.settleBudget()) + " (at most " + plan.forks() + ")"
                : plan.forks()));
        note("# Warmup: " + plan.warmupIterations() + " iterations, " + benchkit.core.result.JmhResults.time(plan.warmupTime())
                + " each");
        if (plan.eventsPerThread() > 0) {
            note("# Measurement: " + plan.measurementIterations() + " iterations of " + plan.eventsPerThread()
                    + " events per client thread (fixed by the workload's options)");
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

    public void trialStart(RunPlan plan, String variant, String server, int threads, int fork, int forks) {
        note("");
        note("# Benchmark: benchkit." + plan.workload() + ", variant " + variant + " (" + server + ")");
        note("# Threads: " + threads + " threads, fork " + fork + " of " + forks);
    }

    /** The trial's sessions are open and its load starts. */
    public void loadStarted() {
    }

    /** What this console keeps of a trial of {@code plan} with {@code threads}, given back at its end: nothing here. */
    public TrialTally tally(RunPlan plan, int threads) {
        return TrialTally.NONE;
    }

    /**
     * Whether a run in this style measures an invalid iteration again, and fails when one is not made up for (bench's
     * own do; a tool's whose line runs for its time as the tool's would may not).
     */
    public boolean measuresAgain() {
        return true;
    }

    /** What the load did since the last report ({@code --report-interval}): its {@link ProgressLine}. */
    public void progress(Interval interval) {
        String stamp = ProgressLine.stamp(interval.elapsedSec());
        println(reportLine(stamp, interval));
        if (interval.openLoop() != null) {
            println(ProgressLine.openLoop(stamp, interval.openLoop()));
        }
    }

    /** An iteration ended: JMH's line ({@link #iterationLine}), and why it is left out when it is invalid. */
    public void iteration(IterationInfo it, String variant, IterationRecord record) {
        println(iterationLine(it, variant, record.tps()) + (record.valid() ? "" : "  INVALID, left out: " + record.invalid()));
    }

    /**
     * A trial's event limit ({@code --events}) was reached in iteration {@code it}, {@code ranSec} into it; a per-thread
     * count (memslap's) ends trials so, unsaid. A measurement iteration it cut short is said: its rate is of that part.
     */
    public void eventLimitReached(long limit, boolean perThread, IterationInfo it, double ranSec) {
        if (perThread) {
            return;
        }
        String where = it.warmup() ? ", before any measurement"
                : ranSec < it.durationSec() ? String.format(Locale.ROOT, ", %.3f s into iteration %d of %.0f s (its rate is"
                        + " over those %.3f s)", ranSec, it.index(), it.durationSec(), ranSec) : "";
        note("# Event limit of " + limit + " reached; trial ends early" + where);
    }

    /**
     * The load's report interval: {@code delta} over {@code intervalSec}, {@code elapsedSec} into the trial, with its
     * latency at sysbench's {@code --percentile}.
     */
    public record Interval(double elapsedSec, int threads, Counts delta, double intervalSec, int percentile, double percentileMs,
                    boolean warmup, OpenLoopState openLoop) {
    }

    /**
     * A trial ended with measurement iterations: JMH's per-fork result line (its 99.9% error over this fork's
     * iterations, as JMH prints it; the comparison of variants comes at the end of the run, with forks as the
     * replicates).
     *
     * @param tally what {@link #tally} kept of the trial
     */
    public void trialEnd(String workload, String variant, Estimate e, TrialTally tally) {
        println(String.format(Locale.ROOT, "Result \"benchkit.%s\"%s: %.3f ±(99.9%%) %.3f ops/s [Average]",
                workload, variant.isEmpty() ? "" : " [" + variant + "]", e.mean(), e.error()));
    }

    /** Where a prepare step shows its progress. */
    public LoadProgress prepareProgress() {
        return LoadProgress.forStream(out, "# ");
    }

    /** The run's end: what failed, the scores and each variant's effect, where the results are. */
    public void runEnd(RunPlan plan, String failure, List<VariantResult> results, List<String> effects, Path dir) {
        note("");
        if (failure != null) {
            failure("# Run incomplete: " + failure);
        }
        if (!results.isEmpty()) {
            benchkit.core.result.SummaryTable.print(results, out);
            effects.forEach(this::note);
        }
        if (plan.resultFiles()) {
            note("# Results: " + dir);
        } else if (!results.isEmpty()) {
            // with none measured, "printed above" would claim results that are not there (sweep 10, case N52)
            note("# Results: printed above only (no result files kept)");
        }
    }

    protected final void println(String line) {
        out.println(line);
        out.flush();
    }

    /** A console that prints nothing, for what a quiet style leaves out. */
    protected static PrintStream nowhere() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    /** The interval's {@link ProgressLine} with the time stamp {@code stamp}, marked when it is in a warmup. */
    protected static String reportLine(String stamp, Interval i) {
        return reportLine(stamp, i.threads(), i.delta(), i.intervalSec(), i.percentile(), i.percentileMs(), i.warmup());
    }

    static String reportLine(String stamp, int threads, Counts delta, double intervalSec, int percentile,
                             double percentileMs, boolean warmup) {
        return ProgressLine.of(stamp, threads, delta.events(), delta.reads(), delta.writes(), delta.others(),
                delta.errors(), delta.reconnects(), intervalSec, percentile, percentileMs) + (warmup ? " (warmup)" : "");
    }

    /**
     * JMH's iteration line, e.g. {@code Iteration   1: 4310.510 ops/s}; with the variant when variants
     * interleave, e.g. {@code Iteration   1 [jemalloc]: 4310.510 ops/s}.
     */
    static String iterationLine(IterationInfo info, String variant, double tps) {
        return String.format(Locale.ROOT, "%s%3d%s: %.3f ops/s", info.warmup() ? "# Warmup Iteration " : "Iteration ",
                info.index(), variant.isEmpty() ? "" : " [" + variant + "]", tps);
    }

    /** {@code 52 s}, {@code 3 min 30 s}, {@code 10 min}. */
    public static String duration(java.time.Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        if (s < 60) {
            return s + " s";
        }
        return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }
}

package benchkit.sysbench.console;

import benchkit.launch.LoadProgress;
import benchkit.core.result.VariantResult;
import benchkit.core.result.IterationRecord;
import benchkit.core.run.console.ProgressLine;
import benchkit.core.run.console.RunConsole;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.console.TrialTally;
import benchkit.core.stats.Estimate;
import benchkit.spi.IterationInfo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * sysbench 1.0.20's console, for the scripts and runbooks that parse it: per trial its "Running the test with
 * following options" header, "Threads started!", the progress lines and the final report, line for line as
 * sysbench prints them (see {@code print_run_mode} and {@code report_cumulative} in its {@code sysbench.c}).
 * bench's own lines are sysbench's "info" level: they show from {@code --verbosity 4}, as sysbench's own do.
 * Warnings and failures show as sysbench's {@code WARNING: } and {@code FATAL: } lines (from verbosity 2 and
 * always). bench's scores and effects show when the run asked for bench's statistics (several iterations,
 * variants or forks).
 */
final class SysbenchConsole extends RunConsole {
    private static final int WARNING = 2;
    /** bench's own lines: printed from --verbosity 4, else nowhere. */
    private final RunConsole bench;

    private final SysbenchFormat format;
    /** sysbench's whole-second stamps, unless bench's line asked for a report interval sysbench cannot take (0.5 s). */
    private boolean wholeSeconds = true;

    SysbenchConsole(PrintStream out, SysbenchFormat format) {
        super(out, format.percentile());
        this.format = format;
        this.bench = new RunConsole(format.verbosity() >= SysbenchFormat.INFO ? out : nowhere(), format.percentile());
    }

    @Override
    public void note(String line) {
        bench.note(line);
    }

    @Override
    public void warning(String line) {
        if (format.verbosity() >= WARNING) {
            println("WARNING: " + plain(line));
        }
    }

    /** The FATAL lines printed so far, for the run's end not to say again what they said (issue #51). */
    private final List<String> said = new java.util.ArrayList<>();

    @Override
    public void failure(String line) {
        println("FATAL: " + plain(line));
        said.add(plain(line));
    }

    /**
     * What of the run's failure ({@code ; }-joined, e.g. a variant's that its FATAL line said when it failed, and a
     * signal's) no FATAL line has said yet; empty when all of it was said.
     */
    static String unsaid(String failure, List<String> said) {
        String[] parts = failure.split("; ");
        List<String> left = new java.util.ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            int last = -1;      // the longest run of parts from i that one FATAL line holds
            for (int j = parts.length - 1; j >= i && last < 0; j--) {
                String run = String.join("; ", java.util.Arrays.copyOfRange(parts, i, j + 1));
                if (said.stream().anyMatch(line -> line.contains(run))) {
                    last = j;
                }
            }
            if (last < 0) {
                left.add(parts[i]);
            } else {
                i = last;
            }
        }
        return String.join("; ", left);
    }

    @Override
    public void runStart(RunPlan plan) {
        bench.runStart(plan);
    }

    @Override
    public void trialStart(RunPlan plan, String variant, String server, int threads, int fork, int forks) {
        wholeSeconds = plan.reportInterval().toNanos() % 1_000_000_000L == 0;
        bench.trialStart(plan, variant, server, threads, fork, forks);
        SysbenchHeader.lines(plan, threads, format.checkpoints()).forEach(this::notice);
    }

    @Override
    public void loadStarted() {
        notice("Threads started!");
        notice("");
    }

    /** A checkpoint's report (sysbench's {@code --report-checkpoints}), {@code elapsedSec} into the trial. */
    void checkpoint(double elapsedSec, List<String> report) {
        if (format.verbosity() >= SysbenchFormat.NOTICE) {
            notice(SysbenchSummary.stamp(elapsedSec) + " Checkpoint report:");
            report.forEach(this::println);
        }
    }

    @Override
    public TrialTally tally(RunPlan plan, int threads) {
        return new SysbenchTally(this, format, plan.warmupIterations(), threads);
    }

    /** A sysbench line runs for its --time and finishes with what it measured, as sysbench's does. */
    @Override
    public boolean measuresAgain() {
        return false;
    }

    @Override
    public void progress(Interval interval) {
        double at = interval.elapsedSec();
        String stamp = wholeSeconds ? SysbenchSummary.stamp(at) : ProgressLine.stamp(at);
        notice(reportLine(stamp, interval));
        if (interval.openLoop() != null) {
            notice(ProgressLine.openLoop(stamp, interval.openLoop()));
        }
    }

    @Override
    public void iteration(IterationInfo it, String variant, IterationRecord record) {
        bench.iteration(it, variant, record);
    }

    @Override
    public void eventLimitReached(long limit, boolean perThread, IterationInfo it, double ranSec) {
        // sysbench's --events ends its one measurement by design (its --time is then a week): not a slice cut short
        bench.eventLimitReached(limit, perThread, it, it.durationSec());
    }

    @Override
    public void trialEnd(String workload, String variant, Estimate e, TrialTally tally) {
        SysbenchTally sysbench = (SysbenchTally) tally;     // made by this console's tally()
        bench.trialEnd(workload, variant, e, tally);
        bench.note(sysbench.scopeLine());
        if (format.verbosity() >= SysbenchFormat.NOTICE) {
            SysbenchSummary.print(sysbench.finalReport(), out);
        }
    }

    @Override
    public LoadProgress prepareProgress() {
        return bench.prepareProgress();
    }

    @Override
    public void runEnd(RunPlan plan, String failure, List<VariantResult> results, List<String> effects, Path dir) {
        String unsaid = failure == null ? "" : unsaid(failure, said);
        if (!unsaid.isEmpty()) {
            failure("Run incomplete: " + unsaid);     // once: a variant's failure was said when it failed
        }
        boolean statistics = plan.measurementIterations() > 1 || plan.variants().size() > 1 || plan.forks() > 1;
        (statistics ? new RunConsole(out, percentile) : bench).runEnd(plan, null, results, effects, dir);
    }

    private void notice(String line) {
        if (format.verbosity() >= SysbenchFormat.NOTICE) {
            println(line);
        }
    }

    /** A bench line as sysbench's message: without its {@code # } and {@code Warning: }. */
    private static String plain(String line) {
        String s = line.startsWith("# ") ? line.substring(2) : line;
        return s.regionMatches(true, 0, "Warning: ", 0, 9) ? s.substring(9) : s;
    }
}

package benchkit.core.run;

import benchkit.core.console.LoadProgress;
import benchkit.core.result.BenchmarkResult;
import benchkit.core.result.IterationRecord;
import benchkit.core.stats.Estimate;
import benchkit.spi.IterationInfo;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

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

    SysbenchConsole(PrintStream out, ConsoleFormat format) {
        super(out, format);
        this.bench = new RunConsole(format.verbosity() >= ConsoleFormat.INFO ? out : nowhere(), format);
    }

    @Override
    void note(String line) {
        bench.note(line);
    }

    @Override
    void warning(String line) {
        if (format.verbosity() >= WARNING) {
            println("WARNING: " + plain(line));
        }
    }

    @Override
    void failure(String line) {
        println("FATAL: " + plain(line));
    }

    @Override
    void runStart(RunPlan plan) {
        bench.runStart(plan);
    }

    @Override
    void trialStart(RunPlan plan, String variant, String server, int threads, int fork, int forks) {
        bench.trialStart(plan, variant, server, threads, fork, forks);
        SysbenchHeader.lines(plan, threads, format.checkpoints()).forEach(this::notice);
    }

    @Override
    void loadStarted() {
        notice("Threads started!");
        notice("");
    }

    @Override
    void checkpoint(double elapsedSec, Supplier<List<String>> report) {
        if (format.verbosity() >= ConsoleFormat.NOTICE) {
            notice(stamp(elapsedSec) + " Checkpoint report:");
            report.get().forEach(this::println);
        }
    }

    @Override
    void progress(Interval interval) {
        notice(reportLine(interval));
    }

    @Override
    void iteration(IterationInfo it, String variant, IterationRecord record) {
        bench.iteration(it, variant, record);
    }

    @Override
    void eventLimitReached(long limit, boolean perThread, boolean inWarmup) {
        bench.eventLimitReached(limit, perThread, inWarmup);
    }

    @Override
    void trialEnd(String workload, String variant, Estimate e, String scope, Supplier<List<String>> sysbench) {
        bench.trialEnd(workload, variant, e, scope, sysbench);
        bench.note(scope);
        if (format.verbosity() >= ConsoleFormat.NOTICE) {
            sysbench.get().forEach(this::println);
        }
    }

    @Override
    LoadProgress prepareProgress() {
        return bench.prepareProgress();
    }

    @Override
    void runEnd(RunPlan plan, String failure, List<BenchmarkResult> results, List<String> effects, Path dir) {
        if (failure != null) {
            failure("Run incomplete: " + failure);
        }
        boolean statistics = plan.measurementIterations() > 1 || plan.variants().size() > 1 || plan.forks() > 1;
        (statistics ? new RunConsole(out, format) : bench).runEnd(plan, null, results, effects, dir);
    }

    private void notice(String line) {
        if (format.verbosity() >= ConsoleFormat.NOTICE) {
            println(line);
        }
    }

    /** A bench line as sysbench's message: without its {@code # } and {@code Warning: }. */
    private static String plain(String line) {
        String s = line.startsWith("# ") ? line.substring(2) : line;
        return s.regionMatches(true, 0, "Warning: ", 0, 9) ? s.substring(9) : s;
    }
}

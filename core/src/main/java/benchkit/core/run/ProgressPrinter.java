package benchkit.core.run;

import benchkit.core.stats.Estimate;
import benchkit.spi.IterationInfo;
import java.io.PrintStream;
import java.util.Locale;

/**
 * What the run prints while it runs: JMH-style headers and iteration results, and sysbench
 * 1.0.20's periodic report line, which DBAs already know how to read.
 */
final class ProgressPrinter {
    private final PrintStream out;

    ProgressPrinter(PrintStream out) {
        this.out = out;
    }

    void line(String s) {
        out.println(s);
        out.flush();
    }

    void trialHeader(String workload, String variant, String server, int threads, int fork, int forks) {
        line("");
        line("# Benchmark: benchkit." + workload + ", variant " + variant + " (" + server + ")");
        line("# Threads: " + threads + " threads, fork " + fork + " of " + forks);
    }

    /**
     * sysbench's report line with the latency at {@code percentile} (sysbench's {@code --percentile}), e.g. {@code [ 10s ] thds: 8 tps: 4310.51 qps: 4310.51 (r/w/o:
     * 4310.51/0.00/0.00) lat (ms,95%): 2.30 err/s: 0.00 reconn/s: 0.00}.
     */
    static String reportLine(double elapsedSec, int threads, Counts delta, double intervalSec, int percentile,
                             double percentileMs, boolean warmup) {
        String time = Math.abs(elapsedSec - Math.rint(elapsedSec)) < 0.05
                ? String.format(Locale.ROOT, "%.0fs", elapsedSec)
                : String.format(Locale.ROOT, "%.1fs", elapsedSec);
        return String.format(Locale.ROOT,
                "[ %s ] thds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f%s",
                time, threads, delta.events() / intervalSec, delta.queries() / intervalSec,
                delta.reads() / intervalSec, delta.writes() / intervalSec, delta.others() / intervalSec, percentile, percentileMs,
                delta.errors() / intervalSec, delta.reconnects() / intervalSec, warmup ? " (warmup)" : "");
    }

    /**
     * JMH's iteration line, e.g. {@code Iteration   1: 4310.510 ops/s}; with the variant when variants
     * interleave, e.g. {@code Iteration   1 [jemalloc]: 4310.510 ops/s}.
     */
    static String iterationLine(IterationInfo info, String variant, double tps) {
        return String.format(Locale.ROOT, "%s%3d%s: %.3f ops/s", info.warmup() ? "# Warmup Iteration " : "Iteration ",
                info.index(), variant.isEmpty() ? "" : " [" + variant + "]", tps);
    }

    /**
     * JMH's per-fork result line (its 99.9% error over this fork's iterations, as JMH prints it; the
     * comparison of variants comes at the end of the run, with forks as the replicates).
     */
    void trialResult(String workload, String variant, Estimate e) {
        line(String.format(Locale.ROOT, "Result \"benchkit.%s\"%s: %.3f ±(99.9%%) %.3f ops/s [Average]",
                workload, variant.isEmpty() ? "" : " [" + variant + "]", e.mean(), e.error()));
    }
}

package benchkit.core.run.console;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The line a run prints every {@code --report-interval}, in sysbench 1.0.20's format, which DBAs already know how to
 * read and parse: e.g. {@code [ 10s ] thds: 8 tps: 4310.51 qps: 4310.51 (r/w/o: 4310.51/0.00/0.00) lat (ms,95%): 2.30
 * err/s: 0.00 reconn/s: 0.00}.
 */
public final class ProgressLine {
    private ProgressLine() {
    }

    /**
     * The line over an interval's counts, {@code intervalSec} long, ending at the time {@code stamp} shows (bench's
     * {@link #stamp}, or a tool's own).
     */
    public static String of(String stamp, int threads, long events, long reads, long writes, long others,
                            long errors, long reconnects, double intervalSec, int percentile, double percentileMs) {
        return String.format(Locale.ROOT,
                "%s thds: %d tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) lat (ms,%d%%): %4.2f err/s: %4.2f reconn/s: %4.2f",
                stamp, threads, events / intervalSec, (reads + writes + others) / intervalSec,
                reads / intervalSec, writes / intervalSec, others / intervalSec, percentile, percentileMs,
                errors / intervalSec, reconnects / intervalSec);
    }

    /**
     * sysbench's line for a test that sends no SQL (its cpu or memory test, a script that made no SQL driver): e.g.
     * {@code [ 1s ] thds: 2 eps: 3658372.47 lat (ms,95%): 0.00}.
     */
    public static String events(String stamp, int threads, long events, double intervalSec, int percentile,
                                double percentileMs) {
        return String.format(Locale.ROOT, "%s thds: %d eps: %4.2f lat (ms,%d%%): %4.2f", stamp, threads,
                events / intervalSec, percentile, percentileMs);
    }

    /** The latency at {@code percentile} (1-100) in ms, as the line shows it; 0 when off (0) or empty. */
    public static double percentileMs(Histogram latency, int percentile) {
        return percentile == 0 || latency.getTotalCount() == 0 ? 0 : latency.getValueAtPercentile(percentile) / 1e6;
    }

    /**
     * bench's time stamp of a line, {@code elapsedSec} into the trial: e.g. {@code [ 10s ]}, or {@code [ 0.5s ]} for a
     * report interval under a second or a line that came late (sysbench's are whole seconds only).
     */
    public static String stamp(double elapsedSec) {
        return Math.abs(elapsedSec - Math.rint(elapsedSec)) < 0.05
                ? String.format(Locale.ROOT, "[ %.0fs ]", elapsedSec)
                : String.format(Locale.ROOT, "[ %.1fs ]", elapsedSec);
    }

    /** In an open loop, sysbench's line after the progress line, e.g. {@code [ 10s ] queue length: 0, concurrency: 3}. */
    public static String openLoop(String stamp, OpenLoopState s) {
        return stamp + " queue length: " + s.queueLength() + ", concurrency: " + s.concurrency();
    }
}

package benchkit.core.run.load;

import benchkit.core.run.plan.RunFailure;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.console.RunConsole;

import benchkit.core.result.LatencyLog;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * A trial's HdrHistogram log (latency/*.hlog): one interval a second from the first iteration on, and one at each
 * iteration's end. The log is secondary to the journal: when it cannot be written (e.g. a full disk), the run says
 * so once and goes on without it; the journal's own failure is what stops a run.
 */
final class TrialLatencyLog {
    /** One interval histogram per second. */
    private static final long LOG_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final RunPlan plan;
    private final Variant variant;
    private final int threads;
    private final int fork;
    private final RunConsole console;
    /** Latency since the last interval, drained into by the trial. */
    private final Histogram latency = LatencyLog.newHistogram();
    private LatencyLog log;
    private boolean stopped;
    /** Where the current interval began (epoch ms). */
    private long fromMillis;
    private long nextDue;

    TrialLatencyLog(RunPlan plan, Variant variant, int threads, int fork, RunConsole console) {
        this.plan = plan;
        this.variant = variant;
        this.threads = threads;
        this.fork = fork;
        this.console = console;
        this.stopped = !plan.resultFiles();    // a run that keeps no result files keeps no latency log either
    }

    /** The latencies of the current interval, for the trial's drains. */
    Histogram histogram() {
        return latency;
    }

    /** The load (re)started at {@code startNanos}: the next interval starts now; the log opens at the first start. */
    void loadStarted(long startNanos) {
        fromMillis = System.currentTimeMillis();
        nextDue = startNanos + LOG_NANOS;
        if (log != null || stopped) {
            return;
        }
        try {
            log = LatencyLog.open(plan.outDir(), variant.label(), threads, fork, fromMillis);
        } catch (IOException e) {
            stop(e);
        }
    }

    /** When the next one-second interval is due (nanoTime). */
    long nextDue() {
        return nextDue;
    }

    /** Where the current interval began (epoch ms): an iteration's start. */
    long fromMillis() {
        return fromMillis;
    }

    /** Writes the interval that fell due and schedules the next one. */
    void intervalDue(boolean warmup) {
        interval(warmup);
        nextDue += LOG_NANOS;
    }

    /** Writes the latency since the last interval; returns the interval's end (epoch ms). */
    long interval(boolean warmup) {
        long to = System.currentTimeMillis();
        if (log != null) {
            try {
                log.interval(latency, fromMillis, to, warmup);
            } catch (IOException e) {
                stop(e);
            }
        }
        latency.reset();
        fromMillis = to;
        return to;
    }

    /**
     * Writes one kind of event's latency over the iteration from {@code fromMillis} to {@code toMillis}: what a merge of
     * client workers adds up per kind (their percentiles cannot be averaged).
     */
    void kindInterval(String kind, Histogram latencyNanos, long fromMillis, long toMillis, boolean warmup) {
        if (log != null) {
            try {
                log.kindInterval(kind, latencyNanos, fromMillis, toMillis, warmup);
            } catch (IOException e) {
                stop(e);
            }
        }
    }

    void close() {
        if (log != null) {
            log.close();
        }
    }

    private void stop(IOException e) {
        console.warning("# Latency log of variant " + variant.label() + " at " + threads + " threads stopped: "
                + RunFailure.ioMessage(e) + " (" + plan.outDir().resolve(LatencyLog.DIR) + ")");
        if (log != null) {
            log.close();
            log = null;
        }
        stopped = true;
    }
}

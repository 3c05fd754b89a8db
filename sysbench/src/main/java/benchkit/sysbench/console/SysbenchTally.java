package benchkit.sysbench.console;

import benchkit.core.result.IterationRecord;
import benchkit.core.run.console.Counts;
import benchkit.core.run.console.LoadSnapshot;
import benchkit.core.run.console.TrialTally;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What sysbench's reports of one trial are made of: the counts and latencies of its valid measurement iterations
 * for the final report, and with {@code --report-checkpoints} those since the last checkpoint (a checkpoint resets
 * sysbench's counters, so the final report then starts there).
 */
final class SysbenchTally implements TrialTally {
    private final SysbenchConsole console;
    private final SysbenchFormat format;
    private final int warmups;
    private final int threads;
    private int measuredIterations;
    /** What the measurement iterations counted; set once one has finished. */
    private LoadSnapshot measureStart;
    private LoadSnapshot measureEnd;
    private long measuredNanos;
    private final Histogram measuredLatency = TrialTally.newHistogram();
    /** Where the measurement's last iteration ended (nanoTime). */
    private long measuredUntil;
    /** The next checkpoint's index, and since the last one (null before it) the counts it left and when. */
    private int nextCheckpoint;
    private LoadSnapshot checkpointFrom;
    private long checkpointFromNanos;
    private final Histogram checkpointLatency = TrialTally.newHistogram();

    SysbenchTally(SysbenchConsole console, SysbenchFormat format, int warmups, int threads) {
        this.console = console;
        this.format = format;
        this.warmups = warmups;
        this.threads = threads;
    }

    /** The latencies since the last checkpoint, from the trial's drains. */
    @Override
    public Histogram latencies() {
        return checkpointLatency;
    }

    @Override
    public void measured(IterationRecord record, LoadSnapshot before, LoadSnapshot after, Histogram latency, long stop) {
        measuredIterations++;
        measuredLatency.add(latency);
        measureStart = measureStart == null ? before : measureStart;
        measureEnd = after;
        measuredNanos += record.durationNanos();
        measuredUntil = stop;
    }

    /** The one line bench prints before the final report, saying which events it counts. */
    String scopeLine() {
        return SysbenchSummary.scopeLine(measuredIterations, measuredNanos / 1e9, warmups);
    }

    /** When the next checkpoint is due (nanoTime) for a trial whose load started at {@code trialStart}, or never. */
    @Override
    public long nextDue(long trialStart) {
        return nextCheckpoint < format.checkpoints().size()
                ? trialStart + TimeUnit.SECONDS.toNanos(format.checkpoints().get(nextCheckpoint)) : Long.MAX_VALUE;
    }

    /** sysbench's checkpoint report over the events since the last one (or the start); then its counters start anew. */
    @Override
    public void due(long now, LoadSnapshot at, long trialStart) {
        LoadSnapshot from = checkpointFrom != null ? checkpointFrom : LoadSnapshot.zero(threads);
        long fromNanos = checkpointFrom != null ? checkpointFromNanos : trialStart;
        Counts counts = at.total().minus(from.total());
        SysbenchSummary.Stats stats = SysbenchSummary.stats(counts, (now - fromNanos) / 1e9, at.threadEventsSince(from),
                at.threadLatencyNanosSince(from), checkpointLatency, format.percentile());
        List<String> report = SysbenchSummary.report(stats, counts.queries() > 0, (now - trialStart) / 1e9);
        checkpointLatency.reset();
        checkpointFrom = at;
        checkpointFromNanos = now;
        nextCheckpoint++;
        console.checkpoint((now - trialStart) / 1e9, report);
    }

    /**
     * sysbench's final report over the measurement iterations (after a checkpoint, over what followed it), its
     * histogram first when asked.
     */
    List<String> finalReport() {
        LoadSnapshot from = checkpointFrom != null ? checkpointFrom : measureStart;
        Histogram latency = checkpointFrom != null ? checkpointLatency : measuredLatency;
        double seconds = checkpointFrom != null ? (measuredUntil - checkpointFromNanos) / 1e9 : measuredNanos / 1e9;
        List<String> lines = new ArrayList<>();
        if (format.histogram()) {
            lines.addAll(SysbenchSummary.histogram(SysbenchSummary.buckets(latency)));
        }
        Counts counts = measureEnd.total().minus(from.total());
        SysbenchSummary.Stats stats = SysbenchSummary.stats(counts, seconds, measureEnd.threadEventsSince(from),
                measureEnd.threadLatencyNanosSince(from), latency, format.percentile());
        lines.addAll(SysbenchSummary.report(stats, counts.queries() > 0, measuredNanos / 1e9));
        return lines;
    }
}

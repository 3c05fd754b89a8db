package benchkit.core.run;

import benchkit.spi.Aggregation;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Metric;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Throughput and latency per kind of event, for a workload that names its events' kinds (TPC-C's five transactions):
 * one recorder per kind, shared by the sessions (HdrHistogram's {@link Recorder} takes concurrent writers), drained with
 * the totals and turned into {@code tps.KIND} and {@code latency.KIND.p50/p95/p99} at each iteration's end. A kind with
 * no event in an iteration has its throughput (0) and no percentiles: none were measured.
 */
final class EventKindLatencies {
    /** Metric names are built from kinds: a kind that would make a name a file, a chart or JSON cannot hold is refused. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,40}");

    private final List<String> kinds;
    private final Recorder[] recorders;
    private final Histogram[] recycled;
    private final Histogram[] iteration;

    private EventKindLatencies(List<String> kinds) {
        this.kinds = List.copyOf(kinds);
        int n = kinds.size();
        recorders = new Recorder[n];
        recycled = new Histogram[n];
        iteration = new Histogram[n];
        for (int k = 0; k < n; k++) {
            recorders[k] = new Recorder(Worker.MAX_LATENCY_NANOS, TrialLoad.LATENCY_DIGITS);
            iteration[k] = TrialLoad.newHistogram();
        }
    }

    /** The kinds a workload declares, checked; null when it declares none (the totals are all there is). */
    static EventKindLatencies of(List<String> kinds) {
        if (kinds == null || kinds.isEmpty()) {
            return null;
        }
        Set<String> seen = new HashSet<>();
        for (String kind : kinds) {
            if (kind == null || !NAME.matcher(kind).matches()) {
                throw new InvalidOptionException("the workload names a kind of event '" + kind + "': a kind is 1 to 40 "
                        + "letters, digits, '_' or '-'");
            }
            if (!seen.add(kind)) {
                throw new InvalidOptionException("the workload names the kind of event '" + kind + "' twice");
            }
        }
        return new EventKindLatencies(kinds);
    }

    /** An OK event of kind {@code kind} took {@code nanos}; an index outside the declared kinds counts in the totals only. */
    void record(int kind, long nanos) {
        if (kind >= 0 && kind < recorders.length) {
            recorders[kind].recordValue(nanos);
        }
    }

    /** Moves what was recorded since the last drain into the iteration's histograms. */
    void drain() {
        for (int k = 0; k < recorders.length; k++) {
            recycled[k] = recorders[k].getIntervalHistogram(recycled[k]);
            iteration[k].add(recycled[k]);
        }
    }

    /** The iteration's metrics per kind over {@code durationNanos}; starts the next iteration's. */
    List<Metric> iterationMetrics(long durationNanos) {
        List<Metric> metrics = new ArrayList<>();
        double seconds = Math.max(1, durationNanos) / 1e9;
        for (int k = 0; k < kinds.size(); k++) {
            String kind = kinds.get(k);
            Histogram h = iteration[k];
            metrics.add(new Metric("tps." + kind, h.getTotalCount() / seconds, "ops/s", Aggregation.AVG));
            if (h.getTotalCount() > 0) {
                for (int p : new int[] {50, 95, 99}) {
                    metrics.add(new Metric("latency." + kind + ".p" + p, h.getValueAtPercentile(p) / 1e6, "ms",
                            Aggregation.AVG));
                }
            }
            h.reset();
        }
        return metrics;
    }
}

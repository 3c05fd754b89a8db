package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;

import benchkit.spi.Aggregation;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Metric;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * Throughput and latency per kind of event, for a workload that names its events' kinds (TPC-C's five transactions):
 * each session records an event's kind in the same interval as its totals ({@link SessionRecorder}), so the kinds of
 * an iteration add up to its events; the drained intervals are summed here and turned into {@code tps.KIND} and
 * {@code latency.KIND.p50/p95/p99} at each iteration's end. A kind with no event in an iteration has its throughput (0)
 * and no percentiles: none were measured.
 */
final class EventKindLatencies {
    /** Metric names are built from kinds: a kind that would make a name a file, a chart or JSON cannot hold is refused. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,40}");

    private final List<String> kinds;
    private final Histogram[] iteration;

    private EventKindLatencies(List<String> kinds) {
        this.kinds = List.copyOf(kinds);
        iteration = new Histogram[kinds.size()];
        for (int k = 0; k < iteration.length; k++) {
            iteration[k] = LatencyLog.newHistogram();
        }
    }

    /** How many kinds the workload names. */
    int count() {
        return iteration.length;
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

    /** Adds one session's drained interval, its latencies per kind ({@link SessionRecorder.Interval#kinds}), to the iteration's. */
    void add(Histogram[] sessionKinds) {
        for (int k = 0; k < iteration.length && k < sessionKinds.length; k++) {
            if (sessionKinds[k] != null) {
                iteration[k].add(sessionKinds[k]);
            }
        }
    }

    /**
     * The iteration's metrics per kind over {@code durationNanos}; each kind's latency goes to {@code log} first (the
     * latency log, whose histograms a merge adds up). Starts the next iteration's.
     */
    List<Metric> iterationMetrics(long durationNanos, java.util.function.BiConsumer<String, Histogram> log) {
        List<Metric> metrics = new ArrayList<>();
        double seconds = Math.max(1, durationNanos) / 1e9;
        for (int k = 0; k < kinds.size(); k++) {
            String kind = kinds.get(k);
            Histogram h = iteration[k];
            log.accept(kind, h);
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

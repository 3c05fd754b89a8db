package benchkit.core.result;

import benchkit.spi.Metric;
import java.util.List;

/**
 * What one finished iteration measured. Counts are of the iteration alone; latencies are of its
 * OK events, in milliseconds.
 *
 * @param index         1-based within its phase (warmup or measurement)
 * @param durationNanos how long the iteration really lasted
 * @param events        OK events
 * @param errors        IGNORED_ERROR and ERROR outcomes
 * @param reconnects    RETRY outcomes
 * @param metrics       what the collectors reported for this iteration
 * @param startMillis   when it began (epoch ms; 0 when not known): the bounds of its intervals in the latency log
 * @param endMillis     when it ended (epoch ms; 0 when not known)
 * @param invalid       why it measured nothing it could claim (a stalled server, a paused client), empty when valid;
 *                      an invalid iteration is kept in the journal and left out of every score
 */
public record IterationRecord(int index, boolean warmup, long durationNanos, long events, long errors,
                              long reconnects, long reads, long writes, long others,
                              double latencyP50Ms, double latencyP95Ms, double latencyP99Ms, double latencyMaxMs,
                              List<Metric> metrics, long startMillis, long endMillis, String invalid) {
    public IterationRecord {
        metrics = List.copyOf(metrics);
        invalid = invalid == null ? "" : invalid;
    }

    /** A valid iteration placed in time. */
    public IterationRecord(int index, boolean warmup, long durationNanos, long events, long errors,
                           long reconnects, long reads, long writes, long others,
                           double latencyP50Ms, double latencyP95Ms, double latencyP99Ms, double latencyMaxMs,
                           List<Metric> metrics, long startMillis, long endMillis) {
        this(index, warmup, durationNanos, events, errors, reconnects, reads, writes, others,
                latencyP50Ms, latencyP95Ms, latencyP99Ms, latencyMaxMs, metrics, startMillis, endMillis, "");
    }

    public boolean valid() {
        return invalid.isEmpty();
    }

    /** An iteration whose place in time is not known (a test's, or one read from an older journal). */
    public IterationRecord(int index, boolean warmup, long durationNanos, long events, long errors,
                           long reconnects, long reads, long writes, long others,
                           double latencyP50Ms, double latencyP95Ms, double latencyP99Ms, double latencyMaxMs,
                           List<Metric> metrics) {
        this(index, warmup, durationNanos, events, errors, reconnects, reads, writes, others,
                latencyP50Ms, latencyP95Ms, latencyP99Ms, latencyMaxMs, metrics, 0, 0, "");
    }

    public double seconds() {
        return durationNanos / 1e9;
    }

    public double tps() {
        return events / seconds();
    }

    public long queries() {
        return reads + writes + others;
    }

    public double qps() {
        return queries() / seconds();
    }
}

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
 */
public record IterationRecord(int index, boolean warmup, long durationNanos, long events, long errors,
                              long reconnects, long reads, long writes, long others,
                              double latencyP50Ms, double latencyP95Ms, double latencyP99Ms, double latencyMaxMs,
                              List<Metric> metrics) {
    public IterationRecord {
        metrics = List.copyOf(metrics);
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

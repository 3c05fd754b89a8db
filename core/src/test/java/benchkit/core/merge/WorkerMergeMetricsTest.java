package benchkit.core.merge;

import benchkit.core.result.IterationRecord;
import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class WorkerMergeMetricsTest {
    private static IterationRecord part(long events, Metric... metrics) {
        return new IterationRecord(1, false, 1_000_000_000L, events, 0, 0, events, 0, 0, 0.1, 0.2, 0.3, 0.4,
                List.of(metrics), 0, 1000);
    }

    /**
     * A kind of event's rate is each worker's own load: merged, it is their sum, as the score is. It was their average:
     * a --clients 2 memcached-get run said 37,757 hits/s of a 75,515 ops/s score that were all hits.
     */
    @Test
    void eachKindsRateAddsUpOverWorkersAndAServersMetricDoesNot() {
        List<Metric> merged = WorkerMerge.metrics(List.of(
                part(40_000, new Metric("tps.hit", 40_000, "ops/s", Aggregation.AVG),
                        new Metric("memcached.get_hits", 75_000, "ops/s", Aggregation.AVG)),
                part(35_000, new Metric("tps.hit", 35_000, "ops/s", Aggregation.AVG),
                        new Metric("memcached.get_hits", 75_000, "ops/s", Aggregation.AVG))),
                List.of(Map.of(), Map.of()), Map.of(), new TreeSet<>());
        Map<String, Double> byName = merged.stream().collect(Collectors.toMap(Metric::name, Metric::value));
        assertEquals(75_000, byName.get("tps.hit"), 1e-9, "the workers' hits add up");
        assertEquals(75_000, byName.get("memcached.get_hits"), 1e-9, "one server's counters, seen by each worker, do not");
    }

    private static Histogram latencies(long nanos, int count) {
        Histogram h = LatencyIntervals.newHistogram();
        h.recordValueWithCount(nanos, count);
        return h;
    }

    private static IterationRecord withKind(long events, double p99) {
        return part(events, new Metric("tps.new_order", events, "ops/s", Aggregation.AVG),
                new Metric("latency.new_order.p99", p99, "ms", Aggregation.AVG));
    }

    /**
     * A kind's p99 is that of both workers' events of the kind: 990 at 1 ms and 30 at 20 ms have their p99 at 20 ms, where
     * the workers' p99s (1 and 20 ms) averaged said 10.5 ms.
     */
    @Test
    void aKindsPercentileIsThatOfAllWorkersEventsOfTheKind() {
        Histogram fast = latencies(1_000_000, 990);
        Histogram slow = latencies(20_000_000, 30);
        Histogram both = LatencyIntervals.newHistogram();
        both.add(fast);
        both.add(slow);
        Set<String> leftOut = new TreeSet<>();
        Map<String, Double> byName = WorkerMerge.metrics(List.of(withKind(990, 1.0), withKind(30, 20.0)),
                List.of(Map.of("new_order", fast), Map.of("new_order", slow)), Map.of("new_order", both), leftOut)
                .stream().collect(Collectors.toMap(Metric::name, Metric::value));
        assertEquals(both.getValueAtPercentile(99) / 1e6, byName.get("latency.new_order.p99"), 1e-9);
        assertEquals(20, byName.get("latency.new_order.p99"), 20 * 0.01);
        assertEquals(Set.of(), leftOut);
    }

    /** A worker whose log holds no histogram of the kind (an older bench): the kind's percentiles are left out, and named. */
    @Test
    void aKindsPercentileWithoutEveryWorkersHistogramIsLeftOut() {
        Histogram fast = latencies(1_000_000, 990);
        Set<String> leftOut = new TreeSet<>();
        List<Metric> merged = WorkerMerge.metrics(List.of(withKind(990, 1.0), withKind(30, 20.0)),
                List.of(Map.of("new_order", fast), Map.of()), Map.of("new_order", fast), leftOut);
        assertFalse(merged.stream().anyMatch(m -> m.name().equals("latency.new_order.p99")), merged.toString());
        assertEquals(1020, merged.stream().filter(m -> m.name().equals("tps.new_order")).findFirst().orElseThrow().value(), 1e-9);
        assertEquals(Set.of("latency.new_order.p99"), leftOut);
    }
}

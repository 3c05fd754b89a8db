package benchkit.core.merge;

import benchkit.core.result.IterationRecord;
import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
                        new Metric("memcached.get_hits", 75_000, "ops/s", Aggregation.AVG))));
        Map<String, Double> byName = merged.stream().collect(Collectors.toMap(Metric::name, Metric::value));
        assertEquals(75_000, byName.get("tps.hit"), 1e-9, "the workers' hits add up");
        assertEquals(75_000, byName.get("memcached.get_hits"), 1e-9, "one server's counters, seen by each worker, do not");
    }
}

package benchkit.core.run.load;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.Metric;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class EventKindLatenciesTest {
    @Test
    void kindsAreNamesAMetricCanHoldEachOnce() {
        assertNull(EventKindLatencies.of(List.of()));
        assertEquals("the workload names a kind of event 'new order': a kind is 1 to 40 letters, digits, '_' or '-'",
                assertThrows(InvalidOptionException.class, () -> EventKindLatencies.of(List.of("new order"))).getMessage());
        assertEquals("the workload names the kind of event 'a' twice",
                assertThrows(InvalidOptionException.class, () -> EventKindLatencies.of(List.of("a", "b", "a"))).getMessage());
    }

    @Test
    void anIterationsMetricsPerKindThenTheNextStartsFromNothing() {
        EventKindLatencies kinds = EventKindLatencies.of(List.of("fast", "slow", "idle"));
        SessionRecorder one = new SessionRecorder(kinds.count());
        SessionRecorder two = new SessionRecorder(kinds.count());
        ThreadCounters queries = new ThreadCounters();
        for (int i = 0; i < 100; i++) {
            (i % 2 == 0 ? one : two).record(queries, 1_000_000, 0);        // 1 ms
        }
        one.record(queries, 10_000_000, 1);
        two.record(queries, 5_000_000, 7);            // no such kind: the totals only
        SessionRecorder.Interval first = one.drain();
        SessionRecorder.Interval second = two.drain();
        assertEquals(102, first.latency.getTotalCount() + second.latency.getTotalCount(), "the totals: every event, of no kind too");
        kinds.add(first.kinds);
        kinds.add(second.kinds);
        Map<String, Double> m = kinds.iterationMetrics(2_000_000_000L, (kind, h) -> { }).stream()
                .collect(Collectors.toMap(Metric::name, Metric::value));
        assertEquals(50, m.get("tps.fast"), 1e-9);
        assertEquals(0.5, m.get("tps.slow"), 1e-9);
        assertEquals(0, m.get("tps.idle"), 1e-9);
        assertEquals(1.0, m.get("latency.fast.p95"), 0.01);
        assertEquals(10.0, m.get("latency.slow.p99"), 0.1);
        assertNull(m.get("latency.idle.p50"), "no event, no percentile");
        kinds.add(one.drain().kinds);
        Map<String, Double> next = kinds.iterationMetrics(1_000_000_000L, (kind, h) -> { }).stream()
                .collect(Collectors.toMap(Metric::name, Metric::value));
        assertEquals(0, next.get("tps.fast"), 1e-9);
        assertNull(next.get("latency.fast.p50"));
    }
}

package benchkit.collectors.status;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CounterRateTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void deltaOverElapsedSeconds() {
        // 5000 more rows read over 2 s: 2500 per second.
        StatusSnapshot a = new StatusSnapshot(Map.of("Innodb_rows_read", "1000"), 10 * SECOND);
        StatusSnapshot b = new StatusSnapshot(Map.of("Innodb_rows_read", "6000"), 12 * SECOND);
        assertEquals(2500.0, CounterRate.perSecond(a, b, "innodb_rows_read", 3).orElseThrow(), 1e-9);
    }

    @Test
    void ownStatusReadsAreNotCountedAsQuestions() {
        // 103 more Questions over 0.5 s, 3 of them the collector's own reads: 100 / 0.5 = 200.
        StatusSnapshot a = new StatusSnapshot(Map.of("Questions", "50"), 0);
        StatusSnapshot b = new StatusSnapshot(Map.of("Questions", "153"), SECOND / 2);
        assertEquals(200.0, CounterRate.perSecond(a, b, "Questions", 3).orElseThrow(), 1e-9);
    }

    @Test
    void resetOrMissingCounterGivesNothing() {
        StatusSnapshot a = new StatusSnapshot(Map.of("Com_select", "900"), 0);
        StatusSnapshot b = new StatusSnapshot(Map.of("Com_select", "10"), SECOND);
        assertTrue(CounterRate.perSecond(a, b, "Com_select", 1).isEmpty());
        assertTrue(CounterRate.perSecond(a, b, "Com_insert", 1).isEmpty());
    }
}

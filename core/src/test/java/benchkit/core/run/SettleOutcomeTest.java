package benchkit.core.run;

import benchkit.core.result.RunInfo;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SettleOutcomeTest {
    @Test
    void oneWorkloadSaysItsForksAndWhatWasOpen() {
        assertEquals(Map.of("forks", "4", RunInfo.UNTIL_SETTLED, "within 6 min; settled"),
                SettleOutcome.of(4, List.of()).settings(Duration.ofMinutes(6)));
        assertEquals("within 6 min; open: b vs a, 8 threads: tps ±4.0%",
                SettleOutcome.of(19, List.of("b vs a, 8 threads: tps ±4.0%")).settings(Duration.ofMinutes(6))
                        .get(RunInfo.UNTIL_SETTLED));
    }

    /** A study of two workloads shares one budget: its combined report names the workload of each open comparison. */
    @Test
    void severalWorkloadsGiveTheRangeOfForksAndNameWhatWasOpen() {
        Map<String, SettleOutcome> byWorkload = new LinkedHashMap<>();
        byWorkload.put("oltp-read-only", SettleOutcome.of(5, List.of()));
        byWorkload.put("oltp-read-write", SettleOutcome.of(7, List.of("jemalloc vs glibc, 4 threads: tps ±3.1%")));
        SettleOutcome all = SettleOutcome.across(byWorkload);
        assertEquals("5-7", all.settings(Duration.ofMinutes(45)).get("forks"));
        assertEquals(List.of("oltp-read-write: jemalloc vs glibc, 4 threads: tps ±3.1%"), all.open());
        assertEquals("7", SettleOutcome.across(Map.of("a", SettleOutcome.of(7, List.of()), "b", SettleOutcome.of(7, List.of())))
                .settings(Duration.ofMinutes(45)).get("forks"));
    }
}

package benchkit.collectors.process;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuUsageTest {
    private static final long MS = 1_000_000L;

    @Test
    void percentOfOneCoreFromTwoSnapshots() {
        // 2000 ms of wall time; 1500 ms user and 300 ms system spent: 75% and 15% of one core.
        ProcessSnapshot start = new ProcessSnapshot(42, 10_000, 4_000, 0, 0, 5_000 * MS);
        ProcessSnapshot end = new ProcessSnapshot(42, 11_500, 4_300, 0, 0, 7_000 * MS);
        CpuUsage cpu = CpuUsage.between(start, end).orElseThrow();
        assertEquals(75.0, cpu.userPercent(), 1e-9);
        assertEquals(15.0, cpu.systemPercent(), 1e-9);
        assertEquals(90.0, cpu.totalPercent(), 1e-9);
    }

    @Test
    void moreThanOneCoreGivesMoreThanHundred() {
        // 500 ms wall, 900 ms user: two threads busy -> 180%.
        ProcessSnapshot start = new ProcessSnapshot(1, 0, 0, 0, 0, 0);
        ProcessSnapshot end = new ProcessSnapshot(1, 900, 0, 0, 0, 500 * MS);
        assertEquals(180.0, CpuUsage.between(start, end).orElseThrow().userPercent(), 1e-9);
    }

    @Test
    void noElapsedTimeOrReusedPidGivesNothing() {
        ProcessSnapshot a = new ProcessSnapshot(1, 100, 100, 0, 0, 10 * MS);
        assertTrue(CpuUsage.between(a, a).isEmpty());
        ProcessSnapshot otherProcess = new ProcessSnapshot(2, 5, 5, 0, 0, 20 * MS);
        assertTrue(CpuUsage.between(a, otherProcess).isEmpty());
    }
}

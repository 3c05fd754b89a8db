package benchkit.core.run.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchkit.spi.IterationInfo;
import org.junit.jupiter.api.Test;

class RunConsoleTest {
    @Test
    void reportLineHasSysbenchFormat() {
        // 10 s interval: 43105 events, 43105 reads, 7 errors, 0 reconnects
        Counts delta = new Counts(43105, 7, 0, 43105, 0, 0);
        assertEquals("[ 10s ] thds: 8 tps: 4310.50 qps: 4310.50 (r/w/o: 4310.50/0.00/0.00) lat (ms,95%): 2.30 "
                        + "err/s: 0.70 reconn/s: 0.00",
                RunConsole.reportLine(ProgressLine.stamp(10.0), 8, delta, 10.0, 95, 2.3, false));
        assertEquals("[ 2s ] thds: 1 tps: 1.00 qps: 3.00 (r/w/o: 1.00/1.00/1.00) lat (ms,95%): 0.00 err/s: 0.00 "
                        + "reconn/s: 1.00 (warmup)",
                RunConsole.reportLine(ProgressLine.stamp(2.0), 1, new Counts(1, 0, 1, 1, 1, 1), 1.0, 95, 0, true));
        // --percentile 99 and 0 (off) laid out as sysbench 1.0.20 printed them (sysbench/src/test/resources/sysbench-1.0.20).
        assertEquals("[ 1s ] thds: 4 tps: 372.32 qps: 7512.33 (r/w/o: 5267.41/1496.28/748.64) lat (ms,99%): 37.56 "
                        + "err/s: 0.00 reconn/s: 0.00",
                RunConsole.reportLine(ProgressLine.stamp(1.0), 4, new Counts(37232, 0, 0, 526741, 149628, 74864), 100.0, 99, 37.56, false));
        assertEquals("[ 1s ] thds: 2 tps: 16767.53 qps: 16767.53 (r/w/o: 16767.53/0.00/0.00) lat (ms,0%): 0.00 "
                        + "err/s: 0.00 reconn/s: 0.00",
                RunConsole.reportLine(ProgressLine.stamp(1.0), 2, new Counts(1676753, 0, 0, 1676753, 0, 0), 100.0, 0, 0, false));
    }

    /** A run that kept no files and measured nothing (access denied) claims no results printed above (sweep 10, N52). */
    @Test
    void aRunWithNothingMeasuredAndNoFilesClaimsNoResults() {
        var plan = benchkit.core.run.RunOptions.builder().threads(1)
                .warmup(0, java.time.Duration.ZERO).measure(1, java.time.Duration.ofSeconds(1)).forks(1)
                .resultFiles(false).plan("fake", java.util.List.of(new benchkit.core.run.plan.Variant("a",
                        java.util.Map.of(), () -> null)), java.nio.file.Path.of("out"));
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        new RunConsole(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8), 95)
                .runEnd(plan, "access denied", java.util.List.of(), java.util.List.of(), java.nio.file.Path.of("out"));
        String printed = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(false, printed.contains("# Results"), printed);
        assertEquals(true, printed.contains("# Run incomplete: access denied"), printed);
    }

    @Test
    void iterationLineHasJmhFormat() {
        assertEquals("Iteration   1: 4310.510 ops/s", RunConsole.iterationLine(new IterationInfo(1, false, 10), "", 4310.51));
        assertEquals("Iteration   1 [jemalloc]: 4310.510 ops/s",
                RunConsole.iterationLine(new IterationInfo(1, false, 10), "jemalloc", 4310.51));
        assertEquals("# Warmup Iteration  12: 0.500 ops/s",
                RunConsole.iterationLine(new IterationInfo(12, true, 10), "", 0.5));
    }
}

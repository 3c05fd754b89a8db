package benchkit.history;

import benchkit.core.stats.Verdict;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrendReportTest {
    @Test
    void theShiftAtRunTwelveIsMarkedWithItsSizeAndInterval() {
        List<StoredRun> runs = TrendGateTest.shiftAtTwelve(11);
        Series tps = Series.of(runs, List.of("tps")).get(0);
        List<TrendReport.Change> changes = TrendReport.changes(tps, 0.02);
        assertEquals(1, changes.size(), changes.toString());
        TrendReport.Change c = changes.get(0);
        assertEquals(11, c.index());
        assertEquals("c12", c.run().labels().get("commit"));
        assertEquals(Verdict.SLOWER, c.verdict());
        assertTrue(c.low() < 0.85 && 0.85 < c.high(), "the interval holds the injected -15%: " + c);
        assertEquals(11, c.runsBefore());
        assertEquals(9, c.runsAfter());

        String page = TrendReport.render("history.sqlite", runs, Series.of(runs, List.of("tps", "latency.p99")),
                "commit", 0.02);
        assertTrue(page.contains("point-select at 8 threads, tps"), "one section per series");
        assertTrue(page.contains("point-select at 8 threads, latency.p99"));
        assertTrue(page.contains("<td>slower -15") || page.contains("<td>slower -14") || page.contains("<td>slower -16"),
                "the change table gives the effect");
        assertTrue(page.contains("\"changes\":[11]"), "the chart marks the change");
        // the levels on each side, fields in one order whatever the JVM (the page is the same bytes from one run to the next)
        assertTrue(java.util.regex.Pattern.compile("\"segments\":\\[\\{\"from\":0,\"to\":10,\"level\":[0-9.]+\\},"
                + "\\{\"from\":11,\"to\":19,\"level\":[0-9.]+\\}\\]").matcher(page).find(), page);
    }

    /**
     * Beside a change, where the server's CPU went: its CPU per query on each side and, where the runs carry CPU
     * profiles, the shares of its samples, the one that moved most first; runs without profiles say how to get them.
     */
    @Test
    void aChangeSaysWhereTheServersCpuWentWhenTheRunsHoldProfiles() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(5);
        List<StoredRun> profiled = new java.util.ArrayList<>();
        List<StoredRun> plain = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            boolean after = i >= 11;
            StoredRun r = TrendGateTest.run(i, after ? 850 : 1000, random, 0.02, 0.02);
            double[][] tps = forks(r);
            java.util.Map<String, double[]> cpu = new java.util.LinkedHashMap<>();
            cpu.put(benchkit.core.result.JmhResults.SERVER_CPU_PER_QUERY, after ? new double[]{30, 30} : new double[]{25, 25});
            plain.add(TestRuns.run(r.key(), r.startedAt(), r.labels(), tps, cpu));
            cpu.put(benchkit.spi.StandardMetrics.SERVER_CPU_ALLOCATOR, after ? new double[]{24, 26} : new double[]{12, 12});
            cpu.put(benchkit.spi.StandardMetrics.SERVER_CPU_LOCKS, new double[]{3, 3});
            cpu.put(benchkit.spi.StandardMetrics.SERVER_CPU_KERNEL, after ? new double[]{29, 29} : new double[]{30, 30});
            profiled.add(TestRuns.run(r.key(), r.startedAt(), r.labels(), tps, cpu));
        }
        String page = TrendReport.render("h.sqlite", profiled, Series.of(profiled, List.of("tps")), "commit", 0.02);
        assertTrue(page.contains("Server CPU per query 25.00 → 30.00 µs (+20.0%), over 11 and 9 runs; of its CPU samples "
                + "(--profile cpu, 11 and 9 runs): allocator 12.0% → 25.0%, kernel 30.0% → 29.0%, locks and spin waits "
                + "3.0% → 3.0%."), page);
        String without = TrendReport.render("h.sqlite", plain, Series.of(plain, List.of("tps")), "commit", 0.02);
        assertTrue(without.contains("Server CPU per query 25.00 → 30.00 µs (+20.0%), over 11 and 9 runs; no CPU profile in "
                + "these runs (a run with --profile cpu keeps where the server&#39;s CPU went)."), without);
    }

    private static double[][] forks(StoredRun r) {
        return r.results().get(0).primary().rawData().toArray(new double[0][]);
    }
}

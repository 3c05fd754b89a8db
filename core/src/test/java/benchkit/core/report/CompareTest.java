package benchkit.core.report;

import benchkit.core.result.VariantResult;
import benchkit.core.stats.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compare on raw data per fork: effects, pairing, verdicts, matching and the table. */
class CompareTest {
    private static final Map<String, String> GLIBC = Map.of("allocator", "glibc", "server", "MySQL 8.0.15");
    private static final Map<String, String> JEMALLOC = Map.of("allocator", "jemalloc", "server", "MySQL 8.0.15");
    private static final Compare.Settings DEFAULT = Compare.Settings.DEFAULT;

    /** Fork means that drift together from fork to fork (shared minutes), B 10% above A in each. */
    private static final double[][] A_TPS = {{1000, 1010, 990}, {1200, 1190, 1210}, {900, 905, 895}, {1100, 1100, 1100}};
    private static final double[][] B_TPS = {{1100, 1111, 1089}, {1320, 1309, 1331}, {990, 996, 984}, {1210, 1210, 1210}};

    private static Path twoVariants(Path dir, double[][] a, double[][] b) throws Exception {
        return new JmhFixture()
                .rawEntry("benchkit.oltp", 4, GLIBC, Map.of("tps", a, "server.rss", scaled(a, 0.5)))
                .rawEntry("benchkit.oltp", 4, JEMALLOC, Map.of("tps", b, "server.rss", scaled(a, 0.5)))
                .writeTo(dir);
    }

    private static double[][] scaled(double[][] forks, double factor) {
        double[][] out = new double[forks.length][];
        for (int f = 0; f < forks.length; f++) {
            out[f] = java.util.Arrays.stream(forks[f]).map(v -> v * factor).toArray();
        }
        return out;
    }

    @Test
    void pairedForksCancelWhatTheyShared(@TempDir Path dir) throws Exception {
        twoVariants(dir, A_TPS, B_TPS);
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        Comparison.Row tps = c.row("tps", 4).orElseThrow();
        assertEquals(Verdict.FASTER, tps.verdict(), tps.judgement().describe());
        assertEquals(1.10, tps.judgement().effect().ratio(), 0.001);
        assertTrue(tps.judgement().effect().low() > 1.09 && tps.judgement().effect().high() < 1.11,
                "the 20% fork-to-fork drift is shared, so pairing leaves a narrow interval: " + tps.judgement().describe());
        assertTrue(tps.judgement().effect().paired());
        assertEquals(4, tps.judgement().effect().forksA());
        Comparison.Row rss = c.row("server.rss", 4).orElseThrow();
        assertEquals(Verdict.SAME, rss.verdict());
        assertEquals("same within ±0.0%", rss.judgement().describe());
    }

    @Test
    void twoRunsAreNotPairedSoTheSameDriftLeavesItInconclusive(@TempDir Path dir) throws Exception {
        Path a = new JmhFixture().rawEntry("benchkit.oltp", 4, GLIBC, Map.of("tps", A_TPS)).writeTo(dir.resolve("a"));
        Path b = new JmhFixture().rawEntry("benchkit.oltp", 4, JEMALLOC, Map.of("tps", B_TPS)).writeTo(dir.resolve("b"));
        Comparison c = Compare.directories(a, b, DEFAULT);
        Comparison.Row tps = c.row("tps", 4).orElseThrow();
        assertFalse(tps.judgement().effect().paired());
        assertEquals(Verdict.INCONCLUSIVE, tps.verdict(), tps.judgement().describe());
        assertTrue(tps.judgement().forksNeeded().isPresent(), "says how many forks would settle it");
        assertTrue(tps.judgement().describe().contains("forks would probably settle it (have 4)"), tps.judgement().describe());
        assertEquals(a + " (allocator=glibc)", c.baseline());
        assertEquals(Map.of("server", "MySQL 8.0.15"), tps.params(), "allocator is the contrast, server is shared");
    }

    @Test
    void lowerIsBetterMetricsAndTheMinimumEffect(@TempDir Path dir) throws Exception {
        double[][] lat = {{2.0, 2.02}, {2.1, 2.08}, {1.9, 1.92}};
        double[][] lower = scaled(lat, 0.8);
        double[][] slightlyLower = scaled(lat, 0.99);
        Path a = new JmhFixture()
                .rawEntry("benchkit.oltp", 1, GLIBC, Map.of("tps", lat, "latency.p95", lat, "server.cpu.user", lat))
                .rawEntry("benchkit.oltp", 1, JEMALLOC, Map.of("tps", lat, "latency.p95", lower, "server.cpu.user", slightlyLower))
                .writeTo(dir);
        Comparison c = Compare.variants(a, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        assertEquals(Verdict.BETTER, c.row("latency.p95", 1).orElseThrow().verdict());
        assertEquals(Verdict.SAME, c.row("server.cpu.user", 1).orElseThrow().verdict(), "a real -1% is within the 2% minimum");
        Comparison strict = Compare.variants(a, "allocator=glibc", "allocator=jemalloc",
                new Compare.Settings(DEFAULT.method(), 0.95, 0.005));
        assertEquals(Verdict.BETTER, strict.row("server.cpu.user", 1).orElseThrow().verdict(), "beyond a 0.5% minimum it counts");
    }

    @Test
    void oneForkGivesNoIntervalAndSaysWhy(@TempDir Path dir) throws Exception {
        Path a = new JmhFixture()
                .rawEntry("benchkit.oltp", 1, GLIBC, Map.of("tps", new double[][] {{100, 101, 99}}))
                .rawEntry("benchkit.oltp", 1, JEMALLOC, Map.of("tps", new double[][] {{150, 151, 149}}))
                .writeTo(dir);
        Comparison.Row tps = Compare.variants(a, "allocator=glibc", "allocator=jemalloc", DEFAULT).row("tps", 1).orElseThrow();
        assertEquals(Verdict.INCONCLUSIVE, tps.verdict(), "iterations of one fork are not independent replicates");
        assertTrue(tps.judgement().describe().contains("one fork"), tps.judgement().describe());
    }

    @Test
    void everyVariantAgainstTheBaseline(@TempDir Path dir) throws Exception {
        Map<String, String> tcmalloc = Map.of("allocator", "tcmalloc", "server", "MySQL 8.0.15");
        List<VariantResult> results = JmhFixture.parse(new JmhFixture()
                .rawEntry("benchkit.oltp", 4, GLIBC, Map.of("tps", A_TPS))
                .rawEntry("benchkit.oltp", 4, JEMALLOC, Map.of("tps", B_TPS))
                .rawEntry("benchkit.oltp", 4, tcmalloc, Map.of("tps", A_TPS)));
        List<Comparison> first = Compare.againstBaseline(results, Optional.empty(), DEFAULT);
        assertEquals(2, first.size());
        assertEquals("allocator=glibc", first.get(0).baseline());
        List<Comparison> chosen = Compare.againstBaseline(results, Optional.of("jemalloc"), DEFAULT);
        assertEquals("allocator=jemalloc", chosen.get(0).baseline());
        assertEquals(Verdict.SLOWER, chosen.get(0).row("tps", 4).orElseThrow().verdict());
        var e = assertThrows(IllegalArgumentException.class,
                () -> Compare.againstBaseline(results, Optional.of("mimalloc"), DEFAULT));
        assertTrue(e.getMessage().startsWith("no variant matches --baseline mimalloc; variants: allocator=glibc"), e.getMessage());
    }

    @Test
    void inAFactorialRunEachVariantMeetsTheBaselineThatDiffersInOneFactor() {
        // allocator x server CPUs, baseline allocator=glibc: jemalloc on 2 CPUs against glibc on 2 CPUs
        List<VariantResult> results = JmhFixture.parse(new JmhFixture()
                .rawEntry("benchkit.oltp", 4, Map.of("allocator", "glibc", "server.cpus", "1"), Map.of("tps", A_TPS))
                .rawEntry("benchkit.oltp", 4, Map.of("allocator", "glibc", "server.cpus", "2"), Map.of("tps", B_TPS))
                .rawEntry("benchkit.oltp", 4, Map.of("allocator", "jemalloc", "server.cpus", "1"), Map.of("tps", B_TPS))
                .rawEntry("benchkit.oltp", 4, Map.of("allocator", "jemalloc", "server.cpus", "2"), Map.of("tps", B_TPS)));
        List<Comparison> c = Compare.againstBaseline(results, Optional.of("allocator=glibc"), DEFAULT);
        assertEquals(2, c.size(), "two candidates, the two glibc variants are baselines");
        assertEquals("allocator=glibc, server.cpus=1", c.get(0).baseline());
        assertEquals(Verdict.FASTER, c.get(0).row("tps", 4).orElseThrow().verdict());
        assertEquals("allocator=glibc, server.cpus=2", c.get(1).baseline());
        assertEquals(Verdict.SAME, c.get(1).row("tps", 4).orElseThrow().verdict(), "same data on the same CPUs");
    }

    @Test
    void memcachedIsComparedWithItsSqlBaselineUnpaired() {
        List<VariantResult> results = JmhFixture.parse(new JmhFixture()
                .rawEntry("benchkit.memcached-get", 4, Map.of("distribution", "memcached", "keys", "1000", "protocol", "binary"),
                        Map.of("tps", B_TPS))
                .rawEntry("benchkit.sql-kv-get", 4, Map.of("distribution", "system", "keys", "1000", "table", "kv"),
                        Map.of("tps", A_TPS)));
        // as workloads-memcached declares them (WorkloadFactory.baselineWorkload); none declared, none compared
        assertEquals(0, Compare.againstBaseline(results, Optional.empty(), DEFAULT).size());
        List<Comparison> c = Compare.againstBaseline(results, Optional.empty(),
                DEFAULT.withBaselineWorkloads(Map.of("memcached-get", "sql-kv-get")));
        assertEquals(1, c.size());
        assertEquals("memcached-get", c.get(0).candidate());
        assertEquals("sql-kv-get", c.get(0).baseline());
        Comparison.Row tps = c.get(0).row("tps", 4).orElseThrow();
        assertFalse(tps.judgement().effect().paired(), "they ran one after the other");
        assertEquals(1.10, tps.judgement().effect().ratio(), 0.001);
    }

    /** A and B replicated differently show each its own, not one figure neither had (issue #51: 1x2 against 1x1). */
    @Test
    void sidesReplicatedDifferentlyShowEachItsOwn(@TempDir Path dir) throws Exception {
        twoVariants(dir, new double[][] {{1000, 1010}}, new double[][] {{1100}});
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        String tpsRow = c.render().lines().filter(l -> l.startsWith("tps (ops/s)")).findFirst().orElseThrow();
        assertTrue(tpsRow.contains("A 1x2, B 1x1"), tpsRow);
        twoVariants(dir, new double[][] {{1000, 1010}}, new double[][] {{1100, 1090}});
        tpsRow = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT).render().lines()
                .filter(l -> l.startsWith("tps (ops/s)")).findFirst().orElseThrow();
        assertTrue(tpsRow.contains(" 1x2 ") && !tpsRow.contains("A 1x2"), tpsRow);
    }

    /** compare --json printed a row's params in another order on each call (sweep 5, case 45): they are sorted. */
    @Test
    void aRowsParamsHaveOneOrder() {
        Map<String, String> given = new java.util.LinkedHashMap<>();
        for (char c = 'z'; c >= 'a'; c--) {
            given.put(c + "-option", String.valueOf(c));
        }
        Comparison.Row row = new Comparison.Row("benchkit.oltp", given, 4, "tps", null, null, null);
        assertEquals(new java.util.ArrayList<>(new java.util.TreeMap<>(given).keySet()), new java.util.ArrayList<>(row.params().keySet()));
    }

    @Test
    void tableAndJsonLeadWithTheEffect(@TempDir Path dir) throws Exception {
        twoVariants(dir, A_TPS, B_TPS);
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        String table = c.render();
        assertTrue(table.contains("effect B/A [95% CI]"), table);
        String tpsRow = table.lines().filter(l -> l.startsWith("tps (ops/s)")).findFirst().orElseThrow();
        assertTrue(tpsRow.contains("+10.0% [") && tpsRow.contains("4x3 paired") && tpsRow.endsWith("faster"), tpsRow);

        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ComparisonJson.render(List.of(c)));
        assertEquals(2, json.size());
        var row = json.get(0);
        for (String field : List.of("workload", "threads", "metric", "baseline", "candidate", "ratio", "ci_low", "ci_high", "verdict")) {
            assertTrue(row.has(field), field + " in " + row);
        }
        assertEquals("oltp", row.get("workload").asText());
        assertEquals("faster", row.get("verdict").asText());
        assertEquals(1.10, row.get("ratio").asDouble(), 0.001);
        assertTrue(row.get("ci_low").asDouble() > 1 && row.get("ci_high").asDouble() < 1.11);
    }

    @Test
    void reportsEntriesOnOneSideOnly(@TempDir Path dir) throws Exception {
        new JmhFixture()
                .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 100, 5))
                .entry("benchkit.oltp", 64, GLIBC, JmhFixture.metrics("tps", 100, 5))
                .entry("benchkit.oltp", 1, JEMALLOC, JmhFixture.metrics("tps", 100, 5))
                .writeTo(dir);
        Comparison c = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        assertEquals(1, c.rows().size());
        assertEquals(List.of("only in A: oltp threads=64 {server=MySQL 8.0.15}"), c.unmatched());
        assertTrue(c.render().contains("only in A: oltp threads=64"));
    }

    @Test
    void badVariantsFailWithOneLine(@TempDir Path dir) throws Exception {
        JmhFixture.allocatorStudy("glibc").writeTo(dir);
        var e = assertThrows(IllegalArgumentException.class, () -> Compare.variants(dir, "glibc", "allocator=jemalloc", DEFAULT));
        assertTrue(e.getMessage().startsWith("variant 'glibc' is not key=value (e.g. allocator=glibc); params in "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Compare.variants(dir, "allocator=glibc", "allocator=tcmalloc", DEFAULT));
        assertTrue(e.getMessage().startsWith("no entry in " + dir + " has allocator=tcmalloc; params there: "
                + "allocator=glibc|jemalloc, distribution=mysql-8.0, server=MySQL 8.0.15"), e.getMessage());
    }

    @Test
    void nothingSharedSaysSo() {
        Comparison c = Compare.compare("a", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 1, GLIBC, JmhFixture.metrics("tps", 1, 1))),
                "b", JmhFixture.parse(new JmhFixture()
                        .entry("benchkit.oltp", 2, GLIBC, JmhFixture.metrics("tps", 1, 1))), false, DEFAULT,
                new ClaimFamily(DEFAULT));
        assertTrue(c.isEmpty());
        assertTrue(c.render().contains("nothing to compare"));
        assertEquals(2, c.unmatched().size());
    }

    /**
     * A run's rows are judged as one family: among nineteen rows that changed nothing, one whose own 95% interval
     * just excludes 1 is held back, saying why; a large effect is still claimed, its interval wider than its own.
     */
    @Test
    void aRunsRowsAreJudgedTogether(@TempDir Path dir) throws Exception {
        Map<String, double[][]> same = new java.util.TreeMap<>();
        Map<String, double[][]> changed = new java.util.TreeMap<>();
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int m = 0; m < 18; m++) {
            double[][] base = new double[5][4];
            double[][] noisy = new double[5][4];
            for (int f = 0; f < 5; f++) {
                for (int i = 0; i < 4; i++) {
                    base[f][i] = 100 + f;
                    noisy[f][i] = (100 + f) * (1 + 0.2 * (random.nextDouble() - 0.5));
                }
            }
            String name = m == 0 ? "tps" : "custom.m" + m;
            same.put(name, base);
            changed.put(name, noisy);
        }
        // its own interval about +6% [+3, +8]: p near 1%, above the 0.25% and 0.5% the first two claims of 20 need
        same.put("latency.p95", new double[][] {{100}, {100}, {100}});
        changed.put("latency.p95", new double[][] {{106}, {105}, {107}});
        same.put("server.rss", new double[][] {{100}, {100}, {100}});
        changed.put("server.rss", new double[][] {{150}, {151}, {149}});
        new JmhFixture().rawEntry("benchkit.oltp", 4, GLIBC, same).rawEntry("benchkit.oltp", 4, JEMALLOC, changed).writeTo(dir);

        Comparison alone = Compare.variants(dir, "allocator=glibc", "allocator=jemalloc", DEFAULT);
        Comparison.Row p95 = alone.row("latency.p95", 4).orElseThrow();
        assertEquals(Verdict.INCONCLUSIVE, p95.verdict(), p95.judgement().describe());
        assertTrue(p95.judgement().effect().low() > 1, "its own interval excludes 1: " + p95.judgement().effect().describe());
        assertTrue(p95.judgement().describe().startsWith("inconclusive +"), p95.judgement().describe());
        assertTrue(p95.judgement().describe().contains("not claimed: 1 of 20 comparisons pass the 5% false discovery rate"),
                p95.judgement().describe());
        Comparison.Row rss = alone.row("server.rss", 4).orElseThrow();
        assertEquals(Verdict.WORSE, rss.verdict(), rss.judgement().describe());
        assertEquals(0.9975, rss.judgement().effect().confidence(), 1e-9, "1 claim of 20 at 5%: a 99.75% interval");
        assertTrue(alone.render().contains("not claimed: 1 of 20"), alone.render());
        String json = ComparisonJson.render(List.of(alone));
        assertTrue(json.contains("\"held_back\" : \"not claimed: 1 of 20 comparisons pass the 5% false discovery rate\""), json);
        assertTrue(json.contains("\"confidence\" : 0.9975"), json);
    }
}

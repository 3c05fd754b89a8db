package benchkit.core.run;

import benchkit.core.run.plan.Defaults;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.core.run.plan.ClientThreads;
import benchkit.core.run.results.ResultSpace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.spi.Outcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

class RunnerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final List<FakeServer> servers = Collections.synchronizedList(new ArrayList<>());

    private Variant variant(String label) {
        return new Variant(label, Map.of("allocator", label), () -> {
            FakeServer s = new FakeServer(label);
            servers.add(s);
            return s;
        });
    }

    private RunPlan plan(List<Variant> variants, List<Integer> threads, int warmups, int measurements, int forks,
                         long maxEvents, double rate) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("tables", "2");
        options.put("ignore-errors", "1213,\"1020\"");
        return RunOptions.builder().threads(threads)
                .warmup(warmups, Duration.ofMillis(200)).measure(measurements, Duration.ofMillis(300)).forks(forks)
                .reportInterval(Duration.ofMillis(100)).maxEvents(maxEvents).rate(rate).build().plan("fake", options, 0, variants, tmp.resolve("out"));
    }

    private RunSummary run(RunPlan plan, FakeWorkload workload) throws Exception {
        return new Runner(plan, workload, () -> List.of(workload.phaseCollector()),
                new PrintStream(console, true, StandardCharsets.UTF_8)).run();
    }

    private List<JsonNode> journal() throws Exception {
        return JournalLines.read(tmp.resolve("out"));
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    /**
     * An event's queries count in the iteration that counts the event: sessions that send their one query and then wait
     * 5 ms have all 16 events in flight at every iteration boundary, whose queries were counted in the iteration before
     * (issue #51: tps 15,164.5 against qps 14,972.7 for point selects at 64 threads); now events and reads agree.
     */
    @Test
    void anEventsQueriesCountInTheIterationThatCountsTheEvent() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    context.queries().reads(1);
                    java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
                    return Outcome.OK;
                };
            }
        };
        RunPlan plan = RunOptions.builder().threads(16)
                .warmup(1, Duration.ofMillis(300)).measure(4, Duration.ofMillis(300)).forks(1)
                .reportInterval(Duration.ZERO).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertTrue(summary.complete(), console());
        for (JsonNode line : journal()) {
            if (line.path("event").asText().equals("iteration")) {
                long events = line.path("events").asLong();
                long reads = line.path("reads").asLong();
                assertTrue(events > 100 && Math.abs(events - reads) <= 2, "events " + events + ", reads " + reads + ": " + line);
            }
        }
    }

    /**
     * A disturbance costs time, not the run: measurement iteration 2 stalls once (no event finishes for 600 ms, over the
     * 200-ms limit), is left out and measured again as iteration 4; the run completes with the three valid iterations
     * planned and says which one was measured again. When every iteration stalls, measuring again stops after as many
     * more as were planned and the run fails, saying so.
     */
    /** A run that keeps no result files prints its results and writes no file, not even its journal. */
    @Test
    void aRunWithoutResultFilesPrintsItsResultsAndWritesNoFile() throws Exception {
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(300)).forks(1).reportInterval(Duration.ZERO)
                .resultFiles(false).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = run(plan, new FakeWorkload(200, phase -> Outcome.OK));
        assertTrue(summary.complete(), console());
        assertEquals(1, summary.scores().size());
        try (java.util.stream.Stream<Path> files = Files.list(tmp.resolve("out"))) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString())
                    .filter(f -> !f.startsWith(".")).toList());
        }
        assertTrue(console().contains("# Results: printed above only (no result files kept)"), console());
    }

    @Test
    void anInvalidIterationIsMeasuredAgainAndOnlyPersistentOnesFailTheRun() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
        FakeWorkload once = new FakeWorkload(200, phase -> {
            if (phase != null && !phase.warmup() && phase.index() == 2 && !stalled.getAndSet(true)) {
                Thread.sleep(600);
            }
            return Outcome.OK;
        });
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(3, Duration.ofMillis(800)).forks(1).reportInterval(Duration.ZERO)
                .stallLimit(Duration.ofMillis(200)).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = run(plan, once);
        assertTrue(summary.complete(), console());
        assertEquals(1, summary.invalid().size(), console());
        assertTrue(summary.invalid().get(0).contains("iteration 2: no event finished"), summary.invalid().toString());
        assertTrue(console().contains("# Measuring again: a, iteration 4, in place of an invalid one"), console());
        assertTrue(console().contains("1 iteration invalid, left out of the scores (1 of them measured again)"), console());
        JsonNode entry = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile()).get(0);
        assertEquals(3, entry.at("/primaryMetric/rawData/0").size(), "the three planned, one of them measured again");

        FakeWorkload always = new FakeWorkload(200, phase -> {
            if (phase != null) {
                Thread.sleep(600);
            }
            return Outcome.OK;
        });
        RunPlan again = RunOptions.builder().threads(1)
                .warmup(1, Duration.ofMillis(800)).measure(2, Duration.ofMillis(800)).forks(1).reportInterval(Duration.ZERO)
                .stallLimit(Duration.ofMillis(200)).plan("fake", List.of(variant("a")), tmp.resolve("out2"));
        console.reset();
        RunSummary failed = run(again, always);
        assertFalse(failed.complete(), console());
        assertEquals(5, failed.invalid().size(), "the warmup, 2 planned and 2 more, no more: " + failed.invalid());
        // the line names a measurement iteration, not the invalid warmup before it (the outside sweep's #29)
        assertTrue(failed.failure().orElse("").startsWith("2 measurement iterations invalid and not made up for by "
                + "measuring again (a, 1 threads, fork 1, iteration 1: "), failed.failure().toString());
    }

    /** A workload's notes are said after the run's header, before its first trial (sweep 8: a script's ignored hooks). */
    @Test
    void aWorkloadsNotesAreSaidAfterTheHeader() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> Outcome.OK;
            }

            @Override
            public List<String> notes() {
                return List.of("bench does not call x");
            }
        };
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(100)).forks(1)
                .reportInterval(Duration.ZERO).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        String out = console();
        assertTrue(out.contains("# Client threads: ") && out.indexOf("# Note: bench does not call x\n")
                > out.indexOf("# Client threads: ") && out.indexOf("# Note: ") < out.indexOf("# Benchmark: "), out);
    }

    /**
     * A workload can judge an iteration by what its sessions counted (the outside sweep's #59: memcached gets that all
     * missed after a restart were a valid score): here every event counts a miss (an other), and the workload's verdict
     * makes each iteration invalid, so the run measures again and then fails, naming the workload's reason.
     */
    @Test
    void aWorkloadsOwnVerdictMakesAnIterationInvalid() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    context.queries().others(1);
                    java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                    return Outcome.OK;
                };
            }

            @Override
            public java.util.Optional<String> invalidIteration(long reads, long writes, long others) {
                return reads == 0 && others > 0 ? java.util.Optional.of("all " + others + " gets missed")
                        : java.util.Optional.empty();
            }
        };
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(300)).forks(1)
                .reportInterval(Duration.ZERO).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertFalse(summary.complete(), console());
        assertEquals(2, summary.invalid().size(), "the planned iteration and the one measured again: " + summary.invalid());
        assertTrue(summary.failure().orElse("").matches("1 measurement iteration invalid .*iteration 1: all \\d+ gets missed[;)].*"),
                summary.failure().toString());
    }

    /**
     * The runner asks the workload about every iteration with the trial's target, a stalled one too (issue #51: memcached
     * compares the server's stats with the last iteration's end, so it must see each end): here every measured iteration
     * stalls, and the workload is still asked once per iteration in the journal, each time about variant a's server.
     */
    @Test
    void theWorkloadJudgesEveryIterationWithItsTarget() throws Exception {
        List<String> asked = Collections.synchronizedList(new ArrayList<>());
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    Thread.sleep(600);
                    return Outcome.OK;
                };
            }

            @Override
            public java.util.Optional<String> invalidIteration(benchkit.spi.Target target, long reads, long writes, long others) {
                asked.add(target.product() + " " + target.version());
                return java.util.Optional.empty();
            }
        };
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(800)).forks(1).reportInterval(Duration.ZERO)
                .stallLimit(Duration.ofMillis(200)).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertFalse(summary.complete(), console());
        long iterations = journal().stream().filter(l -> l.path("event").asText().equals("iteration")).count();
        assertEquals(2, iterations, "the stalled one and the one measured again: " + console());
        assertEquals(List.of("FakeDB 1.0-a", "FakeDB 1.0-a"), asked);
    }

    /**
     * A server that answers every event with a refusal (memcached's "object too large", sweep 7 case 75) gives no OK
     * event, which the stall watch cannot tell from no answer: the workload's own cause is the iteration's, not "no event
     * finished". A workload's warning is said after the iteration's line, naming the iteration.
     */
    @Test
    void theWorkloadsOwnCauseComesBeforeAStallAndItsWarningsAreSaid() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                    return Outcome.ERROR;
                };
            }

            @Override
            public java.util.Optional<String> invalidIteration(benchkit.spi.Target target, long reads, long writes,
                                                               long others, java.util.function.Consumer<String> warnings) {
                warnings.accept("the server said something");
                return java.util.Optional.of("every request refused");
            }
        };
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(800)).forks(1).reportInterval(Duration.ZERO)
                .stallLimit(Duration.ofMillis(200)).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertFalse(summary.complete(), console());
        assertTrue(summary.invalid().get(0).endsWith("iteration 1: every request refused"), summary.invalid().toString());
        assertTrue(console().contains("INVALID, left out: every request refused\n# Warning (iteration 1 of variant a): "
                + "the server said something\n"), console());
    }

    /**
     * A server frozen across an iteration boundary holds up the workload's end-of-iteration check too (memcached's stats
     * to a SIGSTOPped server, sweep 7 case 40): the next iteration is invalid for the server's stall, measured while the
     * check waits, not blamed on bench itself being held up. The server freezes from 0.5 s to 2 s of 1-s iterations.
     */
    @Test
    void aServerFrozenAcrossABoundaryIsTheServersStallNotBenchHeldUp() throws Exception {
        Object lock = new Object();
        long[] frozen = {0, 0};   // from, until (nanoTime); set by the first event
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            private void waitWhileFrozen() throws InterruptedException {
                long until;
                synchronized (lock) {
                    if (frozen[0] == 0) {
                        frozen[0] = System.nanoTime() + 500_000_000L;
                        frozen[1] = frozen[0] + 1_500_000_000L;
                    }
                    until = System.nanoTime() >= frozen[0] ? frozen[1] : 0;
                }
                long left;
                while (until != 0 && (left = until - System.nanoTime()) > 0) {
                    Thread.sleep(Math.max(1, left / 1_000_000));
                }
            }

            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    waitWhileFrozen();
                    java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                    return Outcome.OK;
                };
            }

            @Override
            public java.util.Optional<String> invalidIteration(benchkit.spi.Target target, long reads, long writes, long others) {
                try {
                    waitWhileFrozen();      // as a stats call to the frozen server
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return java.util.Optional.empty();
            }
        };
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ZERO).measure(2, Duration.ofMillis(1000)).forks(1).reportInterval(Duration.ZERO)
                .stallLimit(Duration.ofMillis(400)).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertTrue(summary.complete(), console());
        assertEquals(2, summary.invalid().size(), console());
        assertTrue(summary.invalid().get(0).contains("iteration 1: no event finished for"), summary.invalid().toString());
        assertTrue(summary.invalid().get(1).matches(".*iteration 2: no event finished for [0-9.]+ s from 0\\.[0-9] s before "
                + "the iteration: the server .*"), summary.invalid().toString());
        assertFalse(console().contains("bench itself"), console());
    }

    /**
     * A workload that names its events' kinds has each kind's throughput and latency in the results: sessions whose
     * every fourth event is a slow "b" (2 ms) and the others a quick "a" give tps.a three times tps.b, the two adding up
     * to the total in each iteration, and b's median above a's; an event that names no kind counts in the totals.
     */
    @Test
    void eachKindOfEventHasItsOwnThroughputAndLatency() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public List<String> eventKinds() {
                return List.of("a", "b", "never");
            }

            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                int[] n = {0};
                return () -> {
                    int kind = n[0]++ % 4 == 3 ? 1 : 0;
                    java.util.concurrent.locks.LockSupport.parkNanos(kind == 1 ? 2_000_000 : 200_000);
                    context.eventKind(kind);
                    return Outcome.OK;
                };
            }
        };
        RunPlan plan = plan(List.of(variant("a")), List.of(2), 0, 2, 1, 0, 0);
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertTrue(summary.complete(), console());
        JsonNode entry = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile()).get(0);
        JsonNode metrics = entry.get("secondaryMetrics");
        JsonNode total = entry.get("primaryMetric").get("rawData").get(0);
        for (int i = 0; i < total.size(); i++) {
            double a = metrics.get("tps.a").get("rawData").get(0).get(i).asDouble();
            double b = metrics.get("tps.b").get("rawData").get(0).get(i).asDouble();
            assertEquals(total.get(i).asDouble(), a + b, total.get(i).asDouble() * 0.01, entry.toString());
            assertEquals(3, a / b, 0.2, entry.toString());
            assertEquals(0, metrics.get("tps.never").get("rawData").get(0).get(i).asDouble(), entry.toString());
        }
        assertTrue(metrics.get("latency.b.p50").get("score").asDouble() > 1.5, entry.toString());
        // medians: on a loaded machine a's 0.2-ms parks reach 2.5 ms at p95 (the scheduler's delay), not at p50
        assertTrue(metrics.get("latency.a.p50").get("score").asDouble() < metrics.get("latency.b.p50").get("score").asDouble(),
                entry.toString());
        assertFalse(metrics.has("latency.never.p50"), "a kind with no event has no percentiles: " + entry);
    }

    /**
     * A run until settled looks after each fork from the third, fixes its last look from the budget after the
     * second, stops at a look (settled, its last, or the budget spent) and records the looks, so the summary and
     * a later report judge with the same repeated intervals. Two identical fake variants: the same within 2%, or
     * still open when the budget ends; never past the budget by more than a fork.
     */
    @Test
    void aRunUntilSettledStopsAtALookAndRecordsItsLooks() throws Exception {
        Duration budget = Duration.ofSeconds(8);
        RunPlan plan = RunOptions.builder().threads(2)
                .warmup(0, Duration.ZERO).measure(3, Duration.ofMillis(150)).reportInterval(Duration.ZERO)
                .untilSettled(budget).plan("fake", List.of(variant("a"), variant("b")), tmp.resolve("out"));
        assertEquals(Defaults.MOST_FORKS, plan.forks());
        long start = System.nanoTime();
        RunSummary summary = run(plan, FakeWorkload.alwaysOk(500));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(summary.complete(), console());
        assertTrue(console().contains("# Until settled: a fork takes "), console());
        java.util.regex.Matcher looks = java.util.regex.Pattern.compile("looks after forks 3 to (\\d+)").matcher(console());
        assertTrue(looks.find(), console());
        int most = Integer.parseInt(looks.group(1));
        assertTrue(console().contains("# Settled after fork ") || console().contains("no room in the budget")
                || console().contains(", the last: "), console());
        assertTrue(console().contains("run until settled, looking after each fork from 3 to " + most), console());
        JsonNode run = JSON.readTree(tmp.resolve("out/run.json").toFile());
        assertEquals("3.." + most + " hsd(-4)", run.path("settings").path("sequential-looks").asText(), run.toString());
        int forks = run.path("settings").path("forks").asInt();
        assertTrue(forks >= 3 && forks <= most, run.toString());
        JsonNode results = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        assertEquals(forks, results.get(0).get("forks").asInt(), "the forks that ran");
        String html = Files.readString(tmp.resolve("out/report.html"));
        assertTrue(html.contains("Run until settled, within 8 s: " + forks + " forks; "), "the report says how it ended");
        assertTrue(took.compareTo(budget.plus(Duration.ofSeconds(4))) < 0, "took " + took);
    }

    /**
     * A thread count whose comparison is settled at a look is left out of later forks while an open one runs on.
     * At 1 thread b's events take ten times as long (slower, settled at the first look even on a loaded machine); at 2 threads b is faster in
     * odd forks and slower in even ones, so that comparison stays open until the budget or the last look.
     */
    @Test
    void aRunUntilSettledLeavesSettledThreadCountsOutOfLaterForks() throws Exception {
        java.util.concurrent.atomic.AtomicReference<FakeWorkload> self = new java.util.concurrent.atomic.AtomicReference<>();
        FakeWorkload workload = new FakeWorkload(0, phase -> {
            benchkit.spi.TrialInfo trial = self.get().trial.get();
            long micros = 500;
            if (trial.variant().equals("b")) {
                micros = trial.threads() == 1 ? 5000 : trial.fork() % 2 == 1 ? 400 : 600;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(micros * 1000);
            return Outcome.OK;
        });
        self.set(workload);
        RunPlan plan = RunOptions.builder().threads(1, 2)
                .warmup(0, Duration.ZERO).measure(3, Duration.ofMillis(200)).reportInterval(Duration.ZERO)
                .untilSettled(Duration.ofSeconds(20)).plan("fake", List.of(variant("a"), variant("b")), tmp.resolve("out"));
        RunSummary summary = run(plan, workload);
        assertTrue(summary.complete(), console());
        assertTrue(console().contains("1 thread settled, left out of later forks"), console());
        Map<Integer, java.util.SortedSet<Integer>> forksByThreads = new java.util.TreeMap<>();
        for (JsonNode l : journal()) {
            if ("iteration".equals(l.path("event").asText())) {
                forksByThreads.computeIfAbsent(l.get("threads").asInt(), t -> new java.util.TreeSet<>()).add(l.get("fork").asInt());
            }
        }
        int settledAt = forksByThreads.get(1).last();
        assertTrue(settledAt >= 3 && forksByThreads.get(2).last() > settledAt, forksByThreads.toString());
        assertEquals(settledAt, forksByThreads.get(1).size(), "no fork skipped before the look: " + forksByThreads);
        JsonNode results = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        for (JsonNode r : results) {
            assertEquals(forksByThreads.get(r.get("threads").asInt()).size(), r.get("forks").asInt(),
                    "each row's forks are the forks it ran: " + r.get("threads"));
        }
        JsonNode run = JSON.readTree(tmp.resolve("out/run.json").toFile());
        assertTrue(run.path("settings").path("until-settled").asText().contains("open: b vs a, 2 threads"), run.toString());
        assertTrue(Files.readString(tmp.resolve("out/report.html")).contains("still open when it stopped (the budget or its last"
                + " look):<br>b vs a, 2 threads: inconclusive"), "the report lists what stayed open");
    }

    @Test
    void aRunUntilSettledNeedsVariantsAndThreeForks() {
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> RunOptions.builder().untilSettled(Duration.ofMinutes(1)).plan("fake",
                List.of(variant("a")), tmp));
        assertTrue(one.getMessage().contains("two or more variants"), one.getMessage());
        IllegalArgumentException two = assertThrows(IllegalArgumentException.class, () -> RunOptions.builder().untilSettled(Duration.ofMinutes(1)).forks(2).plan("fake",
                List.of(variant("a"), variant("b")), tmp));
        assertTrue(two.getMessage().contains("at least 3 forks"), two.getMessage());
    }

    /**
     * A progress line bench was held up past (here a collector that keeps the control thread for 0.7 s) covers the
     * gap, and the lines after it stay on the report interval's grid, as sysbench's do: they were a held-up time off
     * it for the rest of the trial ("[ 2.7s ]" at 64 threads, issue #49).
     */
    @Test
    void progressLinesStayOnTheReportIntervalsGridAfterBenchWasHeldUp() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean();
        benchkit.spi.Collector holdsUp = new benchkit.spi.Collector() {
            @Override
            public String name() {
                return "holds-up";
            }

            @Override
            public void beforeIteration(benchkit.spi.TrialInfo trial, benchkit.spi.IterationInfo iteration) {
            }

            @Override
            public void sample(benchkit.spi.TrialInfo trial, benchkit.spi.IterationInfo iteration) throws Exception {
                if (held.compareAndSet(false, true)) {
                    Thread.sleep(700);
                }
            }

            @Override
            public java.util.Collection<benchkit.spi.Metric> afterIteration(benchkit.spi.TrialInfo trial,
                                                                            benchkit.spi.IterationInfo iteration) {
                return List.of();
            }
        };
        RunPlan plan = RunOptions.builder().threads(List.of(2))
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(3000)).forks(1)
                .reportInterval(Duration.ofMillis(400)).allowInvalid(true).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        new Runner(plan, workload, () -> List.of(workload.phaseCollector(), holdsUp),
                new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertTrue(held.get(), "the collector held the control thread up");
        List<Double> stamps = console().lines().filter(l -> l.startsWith("[ "))
                .map(l -> Double.parseDouble(l.substring(2, l.indexOf("s ]")))).toList();
        // held from about 1.0 s (the collector's first sample) to 1.8 s, past the line due at 1.6: off the grid, the
        // lines after it came at 2.2 and 2.6 s, half an interval from where sysbench prints them
        List<Double> after = stamps.stream().filter(at -> at > 1.9 && at < 2.9).toList();
        assertTrue(after.size() >= 2, console());
        for (double at : after) {
            double offGrid = Math.abs(at / 0.4 - Math.rint(at / 0.4)) * 0.4;
            assertTrue(offGrid < 0.12, "a line at " + at + " s, off the 0.4-s grid: " + stamps);
        }
    }

    /**
     * With --rate, each progress line is followed by sysbench's "queue length: Q, concurrency: C": none queued while
     * the sessions keep up (2 sessions of 0.5-ms events at 200/s), and a queue that grows when they cannot (5-ms events
     * at 2,000/s: 400/s at most).
     */
    @Test
    void anOpenLoopReportsItsQueueLengthAndConcurrencyAfterEachProgressLine() throws Exception {
        run(plan(List.of(variant("a")), List.of(2), 0, 1, 1, 0, 200), new FakeWorkload(500, p -> Outcome.OK));
        List<String> keepingUp = console().lines().filter(l -> l.contains("queue length")).toList();
        assertTrue(keepingUp.size() >= 2, console());
        assertTrue(keepingUp.stream().allMatch(l -> l.matches("\\[ [0-9.]+s \\] queue length: 0, concurrency: [0-2]")),
                console());
        console.reset();
        RunPlan behind = RunOptions.builder().threads(List.of(2))
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(600)).forks(1)
                .reportInterval(Duration.ofMillis(200)).rate(2000).plan("fake", List.of(variant("b")), tmp.resolve("out2"));
        run(behind, new FakeWorkload(5000, p -> Outcome.OK));
        List<Long> queued = console().lines().filter(l -> l.contains("queue length"))
                .map(l -> Long.parseLong(l.replaceAll(".*queue length: ([0-9]+),.*", "$1"))).toList();
        assertTrue(queued.size() >= 2 && queued.get(0) > 100 && queued.get(queued.size() - 1) > queued.get(0),
                "a queue that grows: " + queued + "\n" + console());
        assertTrue(console().lines().filter(l -> l.contains("queue length")).allMatch(l -> l.matches(".*concurrency: [0-2]")),
                "never more events in flight than sessions: " + console());
    }

    @Test
    void eachTrialWritesAnHdrHistogramLogOfOneSecondIntervalsTaggedByPhase() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        RunPlan plan = RunOptions.builder().threads(3).warmup(1, Duration.ofMillis(300))
                .measure(2, Duration.ofMillis(2500)).forks(1).reportInterval(Duration.ofSeconds(5)).build().plan("fake", Map.of("tables", "2"), 0, List.of(variant("mysql-8.0/x=1")), tmp.resolve("out"));
        assertTrue(run(plan, workload).complete());

        // the variant's '/' is no file name's: replaced, and the name's hash added so that no other variant's maps there
        Path log = tmp.resolve("out/latency/" + benchkit.spi.FileNames.of("mysql-8.0/x=1") + "-t3-f1.hlog");
        assertTrue(log.getFileName().toString().startsWith("mysql-8.0_x=1~"), log.toString());
        assertTrue(Files.isRegularFile(log), "the log is named after variant, threads and fork");
        org.HdrHistogram.Histogram measured = new org.HdrHistogram.Histogram(3);
        int measureIntervals = 0;
        long warmupCount = 0;
        double lastEnd = 0;
        try (var in = new java.io.FileInputStream(log.toFile())) {
            org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(in);
            for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                org.HdrHistogram.Histogram interval = (org.HdrHistogram.Histogram) h;
                assertTrue(interval.getEndTimeStamp() - interval.getStartTimeStamp() <= 1100,
                        "intervals of at most a second: " + interval.getStartTimeStamp() + ".." + interval.getEndTimeStamp());
                assertTrue(interval.getStartTimeStamp() >= lastEnd - 1, "intervals in order, not overlapping");
                lastEnd = interval.getEndTimeStamp();
                if (LatencyLogTag.MEASURE.equals(interval.getTag())) {
                    measured.add(interval);
                    measureIntervals++;
                } else {
                    assertEquals(LatencyLogTag.WARMUP, interval.getTag());
                    warmupCount += interval.getTotalCount();
                }
            }
        }
        assertTrue(warmupCount > 0, "the warmup is logged apart");
        assertTrue(measureIntervals >= 6, "2 iterations of 2.5 s: 3 intervals each, got " + measureIntervals);
        List<JsonNode> iterations = journal().stream().filter(l -> l.has("warmup") && !l.get("warmup").asBoolean()).toList();
        long events = iterations.stream().mapToLong(l -> l.get("events").asLong()).sum();
        assertEquals(events, measured.getTotalCount(), "the log's measured latencies are exactly the journal's measured events");
        double maxMs = iterations.stream().mapToDouble(l -> l.get("latencyMs").get("max").asDouble()).max().orElse(0);
        assertEquals(maxMs, measured.getMaxValue() / 1e6, maxMs * 0.01, "the union's max is the iterations' max");
    }

    @Test
    void aLatencyLogThatCannotBeWrittenIsNamedAndTheRunGoesOn() throws Exception {
        Files.createDirectories(tmp.resolve("out"));
        Files.writeString(tmp.resolve("out/latency"), "a file where the log directory would go");
        RunPlan plan = plan(List.of(variant("glibc")), List.of(2), 1, 2, 1, 0, 0);
        RunSummary summary = run(plan, new FakeWorkload(500, p -> Outcome.OK));
        assertTrue(summary.complete(), "the journal, not the log, decides: " + summary.failure());
        assertTrue(console().contains("# Latency log of variant glibc at 2 threads stopped: "), console());
        assertEquals(1 + 3 + 1, journal().size(), "start, 3 iterations, end");
    }

    /** The log's phase tags, as {@link benchkit.core.result.LatencyLog} writes them. */
    private static final class LatencyLogTag {
        static final String WARMUP = benchkit.core.result.LatencyLog.WARMUP;
        static final String MEASURE = benchkit.core.result.LatencyLog.MEASURE;
    }

    @Test
    void writesTheResultContractWithWarmupExcluded() throws Exception {
        // Warmup events fail, measurement events succeed: any warmup leaking into scores shows as errors.
        FakeWorkload workload = new FakeWorkload(500, p -> p.warmup() ? Outcome.ERROR : Outcome.OK);
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(1, 2), 1, 2, 1, 0, 0), workload);

        assertTrue(summary.complete(), summary.failure().toString());
        assertEquals(2, summary.scores().size());
        assertTrue(summary.score("glibc", 2).orElseThrow().primary().score() > 100);
        // Only the few events between a boundary and the collector's beforeIteration can still see the warmup phase.
        var one = summary.score("glibc", 1).orElseThrow();
        assertTrue(one.metric("errors").orElseThrow().score() < 0.02 * one.primary().score(), "warmup errors leak into scores");
        assertEquals(2, workload.prepareThreads, "prepare gets the largest thread count");
        assertEquals(0, workload.openSessions.get(), "sessions are closed");
        assertTrue(servers.get(0).closed.get(), "server is closed");

        JsonNode json = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        assertEquals(2, json.size());
        JsonNode e = json.get(1);
        assertEquals("benchkit.fake", e.get("benchmark").asText());
        assertEquals("thrpt", e.get("mode").asText());
        assertEquals(2, e.get("threads").asInt());
        assertEquals(1, e.get("forks").asInt());
        assertEquals(1, e.get("warmupIterations").asInt());
        assertEquals("200 ms", e.get("warmupTime").asText());
        assertEquals(2, e.get("measurementIterations").asInt());
        assertEquals("300 ms", e.get("measurementTime").asText());
        assertEquals("glibc", e.at("/params/allocator").asText());
        assertEquals("FakeDB 1.0-glibc", e.at("/params/server").asText());
        assertEquals("1213,\"1020\"", e.at("/params/ignore-errors").asText());
        JsonNode primary = e.get("primaryMetric");
        assertEquals("ops/s", primary.get("scoreUnit").asText());
        assertEquals(1, primary.get("rawData").size(), "one fork");
        assertEquals(2, primary.get("rawData").get(0).size(), "measurement iterations only");
        assertTrue(primary.has("scoreError") && primary.get("scoreConfidence").size() == 2);
        JsonNode secondary = e.get("secondaryMetrics");
        for (String m : List.of("qps", "latency.p50", "latency.p95", "latency.p99", "errors", "reconnects",
                "server.rss", "server.cpu.user")) {
            assertTrue(secondary.has(m), "secondary metric " + m + " in " + secondary.fieldNames());
        }
        assertEquals(102.0, secondary.at("/server.rss/score").asDouble(), "MAX over iterations 1 and 2");
        assertEquals("MB", secondary.at("/server.rss/scoreUnit").asText());
        double p95 = secondary.at("/latency.p95/score").asDouble();
        assertTrue(p95 >= 0.5 && p95 < 50, "p95 of 0.5 ms events: " + p95);
        double events = primary.get("score").asDouble() + secondary.at("/errors/score").asDouble();
        // An event in flight at a boundary may count its queries in one iteration and itself in the next.
        assertEquals(2 * events, secondary.at("/qps/score").asDouble(), 0.01 * events,
                "one read and one write per event, failed ones included");

        List<JsonNode> journal = journal();
        assertEquals("start", journal.get(0).get("event").asText());
        assertEquals(1 + 2 * 3 + 1, journal.size(), "start, 3 iterations per thread count, end");
        JsonNode end = journal.get(journal.size() - 1);
        assertEquals("end", end.get("event").asText());
        assertTrue(end.get("complete").asBoolean());
        double sum = 0;
        for (JsonNode l : journal.subList(1, 7)) {
            double sec = l.get("durationSec").asDouble();
            boolean warmup = l.get("warmup").asBoolean();
            double planned = warmup ? 0.2 : 0.3;
            assertTrue(sec >= planned - 0.005 && sec < planned + 0.1, "iteration length: " + l);
            if (warmup) {
                assertEquals(0, l.get("events").asLong());
                assertTrue(l.get("errors").asLong() > 0);
            } else if (l.get("threads").asInt() == 2) {
                sum += l.get("tps").asDouble();
            }
        }
        assertEquals(sum / 2, primary.get("score").asDouble(), 1e-6, "score = mean of measured iterations");

        List<String> csv = Files.readAllLines(tmp.resolve("out/results.csv"));
        assertEquals(3, csv.size());
        assertTrue(csv.get(0).startsWith("workload,variant,threads,forks,iterations,score,score_error,unit,qps,"));
        assertTrue(csv.get(0).contains("server.rss"));
        assertTrue(csv.get(2).startsWith("fake,glibc,2,1,2,"));

        String out = console();
        assertTrue(out.contains("# Warmup: 1 iterations, 200 ms each"), out);
        assertTrue(out.contains("Iteration   1: "), out);
        assertTrue(out.contains("# Warmup Iteration   1: "), out);
        assertTrue(out.matches("(?s).*\\[ 0\\.\\ds \\] thds: 2 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9.]+/[0-9.]+/0\\.00\\) "
                + "lat \\(ms,95%\\): [0-9.]+ err/s: [0-9.]+ reconn/s: 0\\.00.*"), out);
        assertTrue(out.contains("(warmup)"), out);
        assertTrue(out.contains("srv RSS MB"), out);
        assertFalse(out.contains("secret"), "password never printed");
        assertFalse(Files.readString(tmp.resolve("out/journal.jsonl")).contains("secret"));
    }

    @Test
    void failingSessionEndsTheRunButKeepsWhatFinished() throws Exception {
        FakeWorkload workload = new FakeWorkload(200, p -> {
            if (!p.warmup() && p.index() == 2) {
                throw new IllegalStateException("Deadlock found\nsecond line");
            }
            return Outcome.OK;
        });
        RunSummary summary = run(plan(List.of(variant("jemalloc")), List.of(2, 4), 1, 3, 1, 0, 0), workload);

        assertFalse(summary.complete());
        String failure = summary.failure().orElseThrow();
        assertEquals("workload fake: session failed in iteration 2 (variant jemalloc, 2 threads, fork 1): Deadlock found",
                failure);
        List<JsonNode> journal = journal();
        assertEquals(1 + 2 + 1, journal.size(), "start, warmup 1, iteration 1, end");
        JsonNode end = journal.get(journal.size() - 1);
        assertFalse(end.get("complete").asBoolean());
        assertEquals(failure, end.get("error").asText());
        JsonNode json = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        assertEquals(1, json.size(), "the finished iteration is kept");
        assertEquals(1, json.get(0).at("/primaryMetric/rawData/0").size());
        assertTrue(summary.score("jemalloc", 2).orElseThrow().primary().score() > 0);
        assertTrue(servers.get(0).closed.get(), "server closed after the failure");
        assertEquals(0, workload.openSessions.get());
        assertTrue(console().contains("Run incomplete"));
    }

    @Test
    void serverExitMidIterationIsReported() throws Exception {
        FakeWorkload workload = FakeWorkload.alwaysOk(200);
        Variant dying = new Variant("tcmalloc", Map.of(), () -> {
            FakeServer s = new FakeServer("x");
            servers.add(s);
            return s;
        });
        Thread killer = new Thread(() -> {
            while (workload.phase.get() == null || workload.phase.get().warmup()) {
                Thread.onSpinWait();
            }
            servers.get(0).alive.set(false);
        });
        killer.start();
        RunSummary summary = run(plan(List.of(dying), List.of(1), 1, 2, 1, 0, 0), workload);
        killer.join();
        assertEquals("server exited during iteration 1 of variant tcmalloc (1 threads, fork 1)",
                summary.failure().orElseThrow());
        // the files say it too: run.json, and the report above every number
        assertEquals("server exited during iteration 1 of variant tcmalloc (1 threads, fork 1)", JSON.readTree(
                tmp.resolve("out/run.json").toFile()).at("/settings/" + benchkit.core.result.RunInfo.INCOMPLETE).asText());
        assertTrue(Files.readString(tmp.resolve("out/report.html")).contains("<strong>This run did not end as planned"
                + "</strong>: server exited during iteration 1 of variant tcmalloc (1 threads, fork 1). The numbers below are "
                + "those of the iterations that finished."));
    }

    /**
     * A server killed during the prepare (sweep 4, case 96) is named as in a measurement, "killed by SIGKILL", not by
     * the lost connection the prepare saw first, which can come before the server's exit is seen.
     */
    @Test
    void serverKilledDuringPrepareIsSaidToHaveBeenKilled() throws Exception {
        FakeWorkload workload = FakeWorkload.alwaysOk(200);
        Variant dying = new Variant("glibc", Map.of(), () -> {
            FakeServer s = new FakeServer("x").endingAs("killed by SIGKILL");
            servers.add(s);
            return s;
        });
        workload.prepareStep = () -> {
            new Thread(() -> {
                // the server is seen gone after the prepare's connection failed
                java.util.concurrent.locks.LockSupport.parkNanos(300_000_000L);
                servers.get(0).alive.set(false);
            }).start();
            throw new java.sql.SQLException("(conn=11) Socket error", "08000", -1);
        };
        RunSummary summary = run(plan(List.of(dying), List.of(1), 1, 2, 1, 0, 0), workload);
        assertEquals("workload fake: prepare failed on variant glibc: server exited: killed by SIGKILL",
                summary.failure().orElseThrow());
    }

    /**
     * A prepare that refuses the target as given (another run measures the tables it would drop) is bad input, as an
     * option is: the run throws it for the one-line error and exit 2, where it was an "unexpected" failure (exit 1), and
     * leaves no journal in --out, so the same run can start again there.
     */
    @Test
    void aPrepareRefusingTheTargetIsBadInputAndLeavesNoJournal() throws Exception {
        FakeWorkload workload = FakeWorkload.alwaysOk(200);
        workload.prepareStep = () -> {
            throw new benchkit.spi.InvalidOptionException("prepare would drop the tables another run is using");
        };
        benchkit.spi.InvalidOptionException e = assertThrows(benchkit.spi.InvalidOptionException.class,
                () -> run(plan(List.of(variant("glibc")), List.of(1), 0, 1, 1, 0, 0), workload));
        assertEquals("prepare would drop the tables another run is using", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("out").resolve(benchkit.core.result.Journal.FILE_NAME)));
    }

    @Test
    void maxEventsStopsTheTrialAtExactlyThatManyEvents() throws Exception {
        // Eight threads race for the last events, and every fourth event is an ignored error that
        // must not use up the limit: the OK events still add up to exactly the limit.
        java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
        FakeWorkload workload = new FakeWorkload(0, p -> calls.incrementAndGet() % 4 == 0 ? Outcome.IGNORED_ERROR
                : Outcome.OK);
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(8), 0, 5, 1, 5000, 0), workload);
        assertTrue(summary.complete());
        long events = journal().stream().filter(l -> l.get("event").asText().equals("iteration"))
                .mapToLong(l -> l.get("events").asLong()).sum();
        assertEquals(5000, events);
    }

    /**
     * An event limit reached in the warm-up ends the trial before anything is measured (sweep 7, case 90: --events 1 exited 0
     * with an empty jmh-result.json and a journal that said complete): the run fails, naming the limit and the remedy.
     */
    @Test
    void anEventLimitReachedInTheWarmupFailsTheRunThatMeasuredNothing() throws Exception {
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(2), 1, 2, 1, 10, 0), FakeWorkload.alwaysOk(0));
        assertFalse(summary.complete(), console());
        assertEquals("workload fake: the event limit of 10 (--events) was reached in the warm-up, before any measurement"
                + " iteration (variant glibc, 2 threads, fork 1): nothing was measured; raise --events, or lower"
                + " --warmup-iterations or --warmup-time", summary.failure().orElseThrow());
        JsonNode end = journal().get(journal().size() - 1);
        assertEquals("end", end.get("event").asText());
        assertFalse(end.get("complete").asBoolean());
    }

    /**
     * The workload's own end of the run (a script's done()) fails the run, as a session's that failed to close does
     * (sweep 7, case 60: done() exited 1 while the journal said complete, and bench history stored the run).
     */
    @Test
    void aWorkloadWhoseEndOfTheRunFailsFailsTheRun() throws Exception {
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> Outcome.OK;
            }

            @Override
            public void finishRun() {
                throw new IllegalStateException("the script's done() failed");
            }
        };
        RunPlan plan = RunOptions.builder().threads(1).warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(200))
                .forks(1).reportInterval(Duration.ZERO).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertEquals("workload fake: finishing the run failed: the script's done() failed", summary.failure().orElseThrow());
        JsonNode end = journal().get(journal().size() - 1);
        assertFalse(end.get("complete").asBoolean(), end.toString());
        assertEquals(1, summary.scores().size(), "what was measured is kept");
    }

    /** Waits, deaf to interrupts (as Lua code in a loop), until {@code release} lets it go, counting down {@code entered}. */
    private static void hangUntil(java.util.concurrent.CountDownLatch entered, java.util.concurrent.CountDownLatch release) {
        entered.countDown();
        boolean released = false;
        while (!released) {
            try {
                released = release.await(1, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException deaf) {
                // goes on
            }
        }
    }

    /**
     * Runs {@code workload} on a thread of its own until {@code hung} says its code is stuck, interrupts it there (as
     * Ctrl-C and SIGTERM do, through SignalGuard) and returns the summary it wrote within seconds.
     */
    private RunSummary interruptedWhileHung(benchkit.spi.Workload workload, java.util.concurrent.CountDownLatch hung,
                                            String sayBefore) throws Exception {
        RunPlan plan = RunOptions.builder().threads(2).warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(300))
                .forks(1).reportInterval(Duration.ZERO).plan("fake", List.of(variant("a")), tmp.resolve("out"));
        java.util.concurrent.CompletableFuture<RunSummary> summary = new java.util.concurrent.CompletableFuture<>();
        Thread control = new Thread(() -> {
            try {
                summary.complete(new Runner(plan, workload, List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run());
            } catch (Throwable t) {
                summary.completeExceptionally(t);
            }
        });
        control.start();
        assertTrue(hung.await(20, java.util.concurrent.TimeUnit.SECONDS), console());
        for (int i = 0; i < 300 && !console().contains(sayBefore); i++) {
            Thread.sleep(100);
        }
        assertTrue(console().contains(sayBefore), console());
        long interruptedAt = System.nanoTime();
        control.interrupt();
        RunSummary s = summary.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(System.nanoTime() - interruptedAt < java.util.concurrent.TimeUnit.SECONDS.toNanos(5), "ended at once");
        assertEquals("run interrupted", s.failure().orElseThrow(), console());
        assertEquals(1, s.scores().size(), "what was measured is kept");
        assertTrue(Files.exists(tmp.resolve("out/jmh-result.json")) && Files.exists(tmp.resolve("out/results.csv")));
        JsonNode end = journal().get(journal().size() - 1);
        assertEquals("end", end.get("event").asText());
        assertFalse(end.get("complete").asBoolean(), end.toString());
        return s;
    }

    /**
     * A session whose close never returns (a script's thread_done in a loop: sweep 8, case 36) does not hold up a run
     * stopped by Ctrl-C or SIGTERM: it ended 60 s later with no result files.
     */
    @Test
    void aSessionCloseThatNeverReturnsDoesNotHoldUpAStoppedRun() throws Exception {
        java.util.concurrent.CountDownLatch hung = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        benchkit.spi.Workload workload = (target, context) -> new benchkit.spi.Session() {
            @Override
            public Outcome execute() {
                return Outcome.OK;
            }

            @Override
            public void close() {
                if (context.thread() == 0) {
                    hangUntil(hung, release);
                }
            }
        };
        try {
            interruptedWhileHung(workload, hung, "Iteration   1:");
        } finally {
            release.countDown();
        }
    }

    /**
     * The workload's end of the run that never returns (a script's done() in a loop: sweep 8, case 36) is said after
     * 10 s, and Ctrl-C or SIGTERM still ends the run at once with its result files; it was silent, and a signal waited 60 s.
     */
    @Test
    void anEndOfTheRunThatNeverReturnsIsSaidAndAStoppedRunWritesItsResults() throws Exception {
        java.util.concurrent.CountDownLatch hung = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        benchkit.spi.Workload workload = new benchkit.spi.Workload() {
            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> Outcome.OK;
            }

            @Override
            public void finishRun() {
                hangUntil(hung, release);
            }
        };
        try {
            interruptedWhileHung(workload, hung, "# the workload's end of the run (a script's done()) has not returned after"
                    + " 10 s; Ctrl-C stops the run");
        } finally {
            release.countDown();
        }
    }

    /** A limit reached part way through a measurement iteration keeps it, and says its rate is over the part that ran. */
    @Test
    void anEventLimitReachedInAMeasurementIterationSaysHowMuchOfItRan() throws Exception {
        RunPlan plan = RunOptions.builder().threads(2).warmup(0, Duration.ofMillis(100)).measure(2, Duration.ofSeconds(30))
                .forks(1).reportInterval(Duration.ZERO).maxEvents(2000).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        RunSummary summary = run(plan, FakeWorkload.alwaysOk(0));
        assertTrue(summary.complete(), console());
        assertTrue(java.util.regex.Pattern.compile("# Event limit of 2000 reached; trial ends early, (\\d+\\.\\d{3}) s into"
                + " iteration 1 of 30 s \\(its rate is over those \\1 s\\)").matcher(console()).find(), console());
    }

    @Test
    void virtualClientThreadsRunEveryEventAndTheHeaderSaysWhatRanThem() throws Exception {
        RunPlan plan = RunOptions.builder().threads(4)
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofSeconds(30)).forks(1).reportInterval(Duration.ZERO)
                .maxEvents(4000).clientThreads(ClientThreads.VIRTUAL).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        RunSummary summary = run(plan, FakeWorkload.alwaysOk(0));
        assertTrue(summary.complete());
        long events = journal().stream().filter(l -> l.get("event").asText().equals("iteration"))
                .mapToLong(l -> l.get("events").asLong()).sum();
        assertEquals(4000, events);
        String expected = Runtime.version().feature() >= 21 ? "# Client threads: virtual\n"
                : "# Client threads: platform (virtual threads need Java 21+; this is Java " + Runtime.version().feature() + ")";
        assertTrue(console().contains(expected), console());
    }

    private RunPlan loopPlan(int sessions, long maxEvents, double rate) {
        return RunOptions.builder().threads(sessions)
                .warmup(maxEvents > 0 ? 0 : 1, Duration.ofMillis(200))
                .measure(2, maxEvents > 0 ? Duration.ofSeconds(30) : Duration.ofMillis(500)).forks(1)
                .reportInterval(Duration.ZERO).maxEvents(maxEvents).rate(rate).clientThreads(ClientThreads.LOOP).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
    }

    @Test
    void eventLoopsRunEverySessionsEventsUpToTheLimit() throws Exception {
        // 40 sessions on event loops (two where there are two CPUs), every fourth event an ignored error
        // that must not use up the limit: the OK events add up to exactly the limit.
        java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
        FakeWorkload workload = FakeWorkload.polled(p -> calls.incrementAndGet() % 4 == 0 ? Outcome.IGNORED_ERROR : Outcome.OK);
        RunSummary summary = run(loopPlan(40, 20_000, 0), workload);
        assertTrue(summary.complete(), summary.failure().orElse(""));
        List<JsonNode> iterations = journal().stream().filter(l -> l.get("event").asText().equals("iteration")).toList();
        assertEquals(20_000, iterations.stream().mapToLong(l -> l.get("events").asLong()).sum());
        assertTrue(iterations.stream().mapToLong(l -> l.get("errors").asLong()).sum() > 0, iterations.toString());
        assertTrue(console().contains("# Client threads: loop\n"), console());
        assertEquals(0, workload.openSessions.get());
    }

    @Test
    void eventLoopsHoldTheRateAndEndTheRunOnASessionFailure() throws Exception {
        RunSummary paced = run(loopPlan(3, 0, 400), FakeWorkload.polled(p -> Outcome.OK));
        assertEquals(400, paced.score("glibc", 3).orElseThrow().primary().score(), 40, "tps under --rate 400");

        FakeWorkload failing = FakeWorkload.polled(p -> {
            if (!p.warmup()) {
                throw new IllegalStateException("Deadlock found");
            }
            return Outcome.OK;
        });
        benchkit.launch.PrivateTempDir.deleteRecursively(tmp.resolve("out")); // a run never writes over another
        RunSummary failed = run(loopPlan(3, 0, 0), failing);
        assertTrue(failed.failure().orElseThrow().contains("Deadlock found"), failed.failure().orElseThrow());
        assertEquals(0, failing.openSessions.get());
    }

    @Test
    void autoRunsManySessionsThatCanBePolledOnEventLoopsAndOthersOnAThreadEach() throws Exception {
        int many = ClientThreads.THREAD_EACH_UP_TO_PER_CPU * Runtime.getRuntime().availableProcessors() + 1;
        record Case(boolean polled, int sessions, boolean loops) {
        }
        // above 16 sessions per CPU, polled sessions share loops; at or below, and sessions that cannot be polled, a thread each
        for (Case c : List.of(new Case(true, many, true), new Case(true, many - 1, false), new Case(false, 4, false))) {
            java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
            FakeWorkload.Behaviour recordThread = p -> {
                threads.add(Thread.currentThread().getName());
                return Outcome.OK;
            };
            RunPlan plan = RunOptions.builder()
                    .threads(c.sessions()).warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofSeconds(30)).forks(1)
                    .reportInterval(Duration.ZERO).maxEvents(20L * c.sessions()).clientThreads(ClientThreads.AUTO).plan("fake", List.of(variant("glibc")), tmp.resolve("out-" + c.polled() + c.sessions()));
            RunSummary summary = run(plan, c.polled() ? FakeWorkload.polled(recordThread) : new FakeWorkload(200, recordThread));
            assertTrue(summary.complete(), summary.failure().orElse(""));
            assertEquals(c.loops(), threads.stream().allMatch(n -> n.contains("-loop-")), c + ": " + threads);
            assertEquals(!c.loops(), threads.stream().noneMatch(n -> n.contains("-loop-")), c + ": " + threads);
            // a thread may find no event left under the limit, so at most (not exactly) one thread per session
            int most = c.loops() ? ClientThreads.loops(c.sessions()) : c.sessions();
            assertTrue(!threads.isEmpty() && threads.size() <= most, c + ": " + threads);
        }
        assertTrue(console().contains("# Client threads: auto (event loops for more than 16 sessions per CPU that can wait "
                + "without a thread"), console());
        assertTrue(console().contains("# Client threads: " + ClientThreads.loops(many) + " event-loop thread"
                + (ClientThreads.loops(many) == 1 ? "" : "s") + " for " + many + " sessions\n"), console());
        assertTrue(console().contains("# Client threads: one platform thread per session\n"), console());
    }

    @Test
    void eventLoopsNeedSessionsThatCanBePolled() throws Exception {
        RunSummary summary = run(loopPlan(2, 0, 0), FakeWorkload.alwaysOk(0));
        assertTrue(summary.failure().orElseThrow().contains("--client-threads loop needs sessions that can wait without a thread"),
                summary.failure().orElseThrow());
    }

    @Test
    void rateLimitHoldsTheTargetThroughput() throws Exception {
        FakeWorkload workload = FakeWorkload.alwaysOk(0);
        // A warmup iteration absorbs the catch-up burst when a loaded machine starts the workers late
        // (open loop: events keep their intended start, so a late start shows up as a burst).
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(2), 1, 2, 1, 0, 400), workload);
        double tps = summary.score("glibc", 2).orElseThrow().primary().score();
        assertEquals(400, tps, 40, "tps under --rate 400");
    }

    @Test
    void latencyUnderRateCountsFromTheIntendedStart() throws Exception {
        // One 150 ms stall at 100 events/s: the events scheduled during it start late, and their
        // latency must include that wait (coordinated omission), not just their own 0 ms.
        java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
        FakeWorkload workload = new FakeWorkload(0, p -> {
            if (!p.warmup() && stalled.compareAndSet(false, true)) {
                Thread.sleep(150);
            }
            return Outcome.OK;
        });
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(600)).forks(1)
                .reportInterval(Duration.ofSeconds(10)).rate(100).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        RunSummary summary = run(plan, workload);
        double p95 = summary.score("glibc", 1).orElseThrow().metric("latency.p95").orElseThrow().score();
        assertTrue(p95 > 50, "p95 " + p95 + " ms hides the stall");
    }

    @Test
    void collectorsSeeTheTrialLifecycleAndSampleEverySecond() throws Exception {
        List<String> calls = Collections.synchronizedList(new ArrayList<>());
        benchkit.spi.Collector recorder = new benchkit.spi.Collector() {
            @Override
            public String name() {
                return "recorder";
            }

            @Override
            public void beforeTrial(benchkit.spi.TrialInfo t) {
                calls.add("beforeTrial " + t.variant() + " t" + t.threads() + " f" + t.fork() + " pid"
                        + t.serverPid().orElse(-1) + " " + t.target().product());
            }

            @Override
            public void beforeIteration(benchkit.spi.TrialInfo t, benchkit.spi.IterationInfo i) {
                calls.add("before " + i.index());
            }

            @Override
            public void sample(benchkit.spi.TrialInfo t, benchkit.spi.IterationInfo i) {
                calls.add("sample " + i.index());
            }

            @Override
            public java.util.Collection<benchkit.spi.Metric> afterIteration(benchkit.spi.TrialInfo t,
                                                                            benchkit.spi.IterationInfo i) {
                calls.add("after " + i.index());
                return List.of();
            }

            @Override
            public void afterTrial(benchkit.spi.TrialInfo t) {
                calls.add("afterTrial");
            }
        };
        RunPlan plan = RunOptions.builder().threads(3)
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(1300)).forks(1)
                .reportInterval(Duration.ofSeconds(10)).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, FakeWorkload.alwaysOk(1000), () -> List.of(recorder),
                new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        assertTrue(summary.complete());
        assertEquals(List.of("beforeTrial glibc t3 f1 pid4242 FakeDB", "before 1", "sample 1", "after 1", "afterTrial"),
                calls);
    }

    /**
     * A collector slow at iteration boundaries (2.5 s, above the 2-s stall limit): while the load runs through the
     * boundary that time falls on the next iteration's clock and eats its slot, which is reported as an overrun; a
     * collector that says it pauses the load (a profiler) gets the load paused instead, and every iteration is valid.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aCollectorSlowAtTheBoundaryHasTheLoadPausedWhenItSaysSo(boolean pausesLoad) throws Exception {
        benchkit.spi.Collector slow = new benchkit.spi.Collector() {
            @Override
            public String name() {
                return "slow";
            }

            @Override
            public void beforeIteration(benchkit.spi.TrialInfo t, benchkit.spi.IterationInfo i) {
            }

            @Override
            public java.util.Collection<benchkit.spi.Metric> afterIteration(benchkit.spi.TrialInfo t,
                                                                            benchkit.spi.IterationInfo i) throws Exception {
                Thread.sleep(2500);
                return List.of();
            }

            @Override
            public boolean pausesLoad() {
                return pausesLoad;
            }
        };
        RunPlan plan = RunOptions.builder().threads(2)
                .warmup(0, Duration.ofMillis(100)).measure(3, Duration.ofMillis(1000)).forks(1)
                .reportInterval(Duration.ofSeconds(10)).allowInvalid(true).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, FakeWorkload.alwaysOk(1000), () -> List.of(slow),
                new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        if (pausesLoad) {
            assertEquals(List.of(), summary.invalid(), console.toString());
        } else {
            assertFalse(summary.invalid().isEmpty(), "the slot went to the collector: " + console);
        }
    }

    @Test
    void variantOrderRotatesAcrossForks() throws Exception {
        FakeWorkload workload = FakeWorkload.alwaysOk(1000);
        RunPlan plan = RunOptions.builder()
                .threads(1).warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(100)).forks(3)
                .reportInterval(Duration.ofSeconds(10)).plan("fake", List.of(variant("a"), variant("b"), variant("c")), tmp.resolve("out"));
        RunSummary summary = run(plan, workload);
        assertTrue(summary.complete());
        assertEquals(List.of("a", "b", "c", "b", "c", "a", "c", "a", "b"), servers.stream().map(s -> s.name).toList());
        JsonNode json = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        assertEquals(3, json.get(0).at("/primaryMetric/rawData").size(), "one rawData row per fork");
        assertEquals(1, workload.prepared.get() > 0 ? 1 : 0);
    }

    @Test
    void resultFileThatCannotBeWrittenIsNamedAndTheOthersAndTheJournalAreKept() throws Exception {
        // A non-empty directory where jmh-result.json belongs: its atomic rename fails, as on a full disk.
        Files.createDirectories(tmp.resolve("out/jmh-result.json/taken"));
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(1), 0, 2, 1, 0, 0), FakeWorkload.alwaysOk(100));

        String failure = summary.failure().orElseThrow();
        assertTrue(failure.startsWith("could not write jmh-result.json: "), failure);
        assertFalse(failure.contains("\n"));
        List<JsonNode> journal = journal();
        assertEquals(1 + 2 + 1, journal.size(), "start, 2 iterations, end");
        assertEquals(failure, journal.get(3).get("error").asText());
        assertTrue(Files.isRegularFile(tmp.resolve("out/results.csv")), "the other files are still written");
        assertFalse(Files.exists(tmp.resolve("out/report.html")), "no report without jmh-result.json");
        try (var files = Files.list(tmp.resolve("out"))) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".tmp")), "no temporary file left");
        }
        assertTrue(servers.get(0).closed.get());
    }

    /** Result files not written (a full disk) are not lost: the failure says how the journal's iterations become them. */
    @Test
    void resultFilesThatCannotBeWrittenAreSaidToBeWrittenLaterFromTheJournal() throws Exception {
        Files.createDirectories(tmp.resolve("out/jmh-result.json/taken"));
        Files.createDirectories(tmp.resolve("out/run.json/taken"));
        RunSummary summary = run(plan(List.of(variant("glibc")), List.of(1), 0, 2, 1, 0, 0), FakeWorkload.alwaysOk(100));
        String failure = summary.failure().orElseThrow();
        assertTrue(failure.endsWith("; its journal keeps the 2 finished measurement iterations: once there is space again "
                + "(or the cause is fixed), bench report " + tmp.resolve("out") + " writes the result files from it"), failure);
    }

    @Test
    void resultSpaceNeededGrowsWithTrialsAndIterations() {
        RunPlan one = plan(List.of(variant("a")), List.of(1), 0, 1, 1, 0, 0);
        RunPlan more = plan(List.of(variant("a"), variant("b")), List.of(1, 2), 1, 3, 2, 0, 0);
        assertEquals(ResultSpace.FIXED_BYTES + ResultSpace.TRIAL_BYTES + ResultSpace.ITERATION_BYTES,
                ResultSpace.needed(one));
        assertEquals(ResultSpace.FIXED_BYTES + 8 * ResultSpace.TRIAL_BYTES + 8 * 4 * ResultSpace.ITERATION_BYTES,
                ResultSpace.needed(more));
    }

    @Test
    void unwritableOutDirFailsBeforeAnyServerStarts() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        RunPlan plan = RunOptions.builder().threads(1)
                .warmup(0, Duration.ofMillis(100)).measure(1, Duration.ofMillis(100)).forks(1)
                .reportInterval(Duration.ofSeconds(1)).plan("fake", List.of(variant("a")), file.resolve("out"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> run(plan, FakeWorkload.alwaysOk(0)));
        assertTrue(e.getMessage().startsWith("cannot write the result directory "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        assertTrue(servers.isEmpty());
    }
}

package benchkit.core.run;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.plan.RunFailure;

import benchkit.core.run.plan.WorkerRole;

import benchkit.core.run.load.StartBarrier;

import benchkit.core.merge.WorkerMerge;
import benchkit.core.result.LatencyLog;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Outcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Workers of one run in this JVM, meeting in a map instead of a server (the SQL and memcached rendezvous are
 * run against real servers by ClientWorkersIT), and their merge.
 */
class WorkersTest {
    @TempDir
    Path tmp;

    private static StartBarrier barrier(MapRendezvous store, int index, int count, Duration timeout) {
        return new StartBarrier(store, new WorkerRole(index, count, "test-run"), timeout, line -> { });
    }

    @Test
    void workersStartTogetherAtTheStartTheFirstOfThemProposed() throws Exception {
        MapRendezvous store = new MapRendezvous();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<long[]>> starts = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int index = i;
                starts.add(pool.submit(() -> {
                    Thread.sleep(200L * index);          // arriving one after another
                    long start = barrier(store, index, 3, Duration.ofSeconds(10)).await("t1-f1", "t1");
                    return new long[] {start, System.currentTimeMillis()};
                }));
            }
            long first = starts.get(0).get()[0];
            for (Future<long[]> f : starts) {
                assertEquals(first, f.get()[0], "one start for all");
                assertTrue(f.get()[1] >= first, "no worker goes before the start");
                assertTrue(f.get()[1] - first < 200, "each goes at the start: " + (f.get()[1] - first) + " ms after");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aWorkerThatDoesNotArriveIsNamedWhenTheWaitTimesOut() {
        MapRendezvous store = new MapRendezvous();
        store.put("benchkit-barrier/test-run/t1-f1/arrived-0", "1");
        RunFailure f = assertThrows(RunFailure.class, () -> barrier(store, 2, 3, Duration.ofMillis(300)).await("t1-f1", "the trial"));
        // the option and the wait named, 0.3 s not rounded to 0 (sweep 7, case 76)
        assertEquals("worker 1 of 3 did not reach the start of the trial within 0.3 s, the --barrier-timeout (run test-run; "
                + "arrived: 0, 2): if it was still preparing the data or starting, give a longer --barrier-timeout", f.getMessage());
    }

    @Test
    void aWorkerThatStoppedStopsTheOthersAtOnceAndIsNotToldBack() throws Exception {
        MapRendezvous store = new MapRendezvous();
        barrier(store, 1, 2, Duration.ofSeconds(5)).abandon("server exited during iteration 2");
        StartBarrier other = barrier(store, 0, 2, Duration.ofMinutes(5));
        long t0 = System.nanoTime();
        RunFailure f = assertThrows(RunFailure.class, () -> other.await("t2-f1", "the trial"));
        assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "no waiting out the timeout");
        assertEquals("worker 1 of 2 stopped (server exited during iteration 2), so the trial cannot start with all workers",
                f.getMessage());
        other.abandon(f.getMessage());
        assertFalse(store.values.containsKey("benchkit-barrier/test-run/failed-0"), "a stop caused by another is not echoed");
    }

    /**
     * A worker killed in worker 0's prepare (sweep 9, case 37): the coordinator saw it end, and the others stop at once
     * with how it ended, not after the --barrier-timeout with "give a longer --barrier-timeout".
     */
    @Test
    void aWorkerTheCoordinatorSawEndStopsTheOthersAtOnce() throws Exception {
        MapRendezvous store = new MapRendezvous();
        StartBarrier waiting = barrier(store, 1, 2, Duration.ofMinutes(5));
        Thread coordinator = new Thread(() -> {
            try {
                Thread.sleep(300);
                StartBarrier.ended(store, "test-run", 0, "killed by SIGKILL");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        coordinator.start();
        long t0 = System.nanoTime();
        RunFailure f = assertThrows(RunFailure.class, () -> waiting.await("t1-f1", "the trial"));
        assertTrue(System.nanoTime() - t0 < 5_000_000_000L, "no waiting out the timeout");
        assertEquals("worker 0 of 2 stopped (killed by SIGKILL), so the trial cannot start with all workers", f.getMessage());
        coordinator.join();
        barrier(store, 0, 2, Duration.ofSeconds(5)).abandon("server exited");
        StartBarrier.ended(store, "test-run", 0, "exit status 1");
        assertEquals("server exited", store.values.get("benchkit-barrier/test-run/failed-0"), "the worker's own reason is kept");
    }

    /**
     * The keys the workers met at go when the last of them is done (sweep 7, case 44: the table stayed in the user's
     * database), never while one is still running.
     */
    @Test
    void theLastWorkerToBeDoneRemovesTheKeysTheyMetAt() throws Exception {
        MapRendezvous store = new MapRendezvous();
        runWorkers(2, store);
        assertEquals(Map.of(), store.values, "the last worker removes them all");

        MapRendezvous meeting = new MapRendezvous();
        StartBarrier zero = barrier(meeting, 0, 2, Duration.ofSeconds(10));
        StartBarrier one = barrier(meeting, 1, 2, Duration.ofSeconds(10));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Long> other = pool.submit(() -> one.await("t1-f1", "t1"));
            zero.await("t1-f1", "t1");
            other.get();
        } finally {
            pool.shutdownNow();
        }
        zero.leave("fake");
        assertTrue(meeting.values.containsKey("benchkit-barrier/test-run/t1-f1/arrived-1"), "worker 1 still runs: kept");
        one.leave("fake");
        assertEquals(Map.of(), meeting.values);
    }

    @Test
    void aRunIdUsedBeforeIsRefused() {
        MapRendezvous store = new MapRendezvous();
        store.put("benchkit-barrier/test-run/t1-f1/arrived-0", "1");
        RunFailure f = assertThrows(RunFailure.class, () -> barrier(store, 0, 1, Duration.ofSeconds(1)).await("t1-f1", "t1"));
        assertTrue(f.getMessage().contains("give every run a new --run-id"), f.getMessage());
    }

    /** Three workers run the fake workload in this JVM and meet in one map. */
    private List<Path> runWorkers(int count, MapRendezvous store) throws Exception {
        return runWorkers(count, store, index -> new FakeWorkload(300 + 200L * index, p -> Outcome.OK));
    }

    /** {@code count} workers run {@code workloads}' (one per worker index) in this JVM and meet in one map. */
    private List<Path> runWorkers(int count, MapRendezvous store, java.util.function.IntFunction<benchkit.spi.Workload> workloads)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<RunSummary>> runs = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                Path dir = tmp.resolve("worker-" + i);
                dirs.add(dir);
                int index = i;
                runs.add(pool.submit(() -> {
                    benchkit.spi.Workload workload = workloads.apply(index);
                    RunPlan plan = RunOptions.builder().threads(2)
                            .warmup(1, Duration.ofMillis(300)).measure(2, Duration.ofMillis(1200)).forks(1)
                            .reportInterval(Duration.ZERO).build().plan("fake", Map.of("tables", "2"), 0, List.of(new Variant("glibc", Map.of("allocator", "glibc"),
                            () -> new FakeServer("glibc"))), dir);
                    return new Runner(plan, workload, () -> List.of(clientCpu(10 + index)), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                            .asWorker(barrier(store, index, count, Duration.ofSeconds(20))).run();
                }));
            }
            for (Future<RunSummary> r : runs) {
                assertTrue(r.get().complete(), "worker run: " + r.get().failure());
            }
            return dirs;
        } finally {
            pool.shutdownNow();
        }
    }

    /** What a worker's client collector reports: here a fixed client CPU per worker, to see the merge add them up. */
    private static benchkit.spi.Collector clientCpu(double percent) {
        return new benchkit.spi.Collector() {
            @Override
            public String name() {
                return "client";
            }

            @Override
            public void beforeIteration(benchkit.spi.TrialInfo trial, benchkit.spi.IterationInfo iteration) {
            }

            @Override
            public Collection<benchkit.spi.Metric> afterIteration(benchkit.spi.TrialInfo trial, benchkit.spi.IterationInfo iteration) {
                return List.of(new benchkit.spi.Metric("client.cpu", percent, "%", benchkit.spi.Aggregation.AVG));
            }
        };
    }

    @Test
    void theMergedRunSumsTheWorkersCountsAndTakesPercentilesFromTheirAddedHistograms() throws Exception {
        List<Path> workers = runWorkers(3, new MapRendezvous());
        Path merged = tmp.resolve("merged");
        WorkerMerge.Result result = WorkerMerge.merge(workers, merged, false, line -> { });
        assertTrue(result.missing().isEmpty() && result.failures().isEmpty(), result.toString());

        ObjectMapper json = new ObjectMapper();
        long workerEvents = 0;
        for (Path w : workers) {
            for (String l : Files.readAllLines(w.resolve("journal.jsonl"))) {
                JsonNode n = json.readTree(l);
                if (n.path("event").asText().equals("iteration") && !n.get("warmup").asBoolean()) {
                    workerEvents += n.get("events").asLong();
                }
            }
        }
        long mergedEvents = 0;
        for (String l : Files.readAllLines(merged.resolve("journal.jsonl"))) {
            JsonNode n = json.readTree(l);
            if (n.path("event").asText().equals("iteration") && !n.get("warmup").asBoolean()) {
                mergedEvents += n.get("events").asLong();
            }
        }
        assertTrue(workerEvents > 0);
        assertEquals(workerEvents, mergedEvents, "the merged run holds every worker's events");

        // the merged log's measured latency is the union of the workers' raw logs, to the value
        Histogram union = measured(workers.stream().map(w -> w.resolve("latency/glibc-t2-f1.hlog")).toList());
        Histogram mergedLog = measured(List.of(merged.resolve("latency/glibc-t2-f1.hlog")));
        assertEquals(union.getTotalCount(), mergedLog.getTotalCount());
        assertEquals(union.getValueAtPercentile(99), mergedLog.getValueAtPercentile(99));
        assertEquals(union.getMaxValue(), mergedLog.getMaxValue());

        JsonNode entry = json.readTree(merged.resolve("jmh-result.json").toFile()).get(0);
        assertEquals("3", entry.path("params").path("clients").asText());
        assertEquals(2, entry.path("primaryMetric").path("rawData").path(0).size(), "two measured iterations");
        assertEquals(10 + 11 + 12, entry.path("secondaryMetrics").path("client.cpu").path("score").asDouble(), 1e-9,
                "the workers' client CPU adds up");
        assertEquals(12, entry.path("secondaryMetrics").path("client.cpu.worker-2").path("score").asDouble(), 1e-9,
                "and is kept per worker");
        assertTrue(Files.readString(merged.resolve("report.html")).contains("Load from 3 client workers, started together"),
                "the report says its threads are per worker");
    }

    private static Histogram measured(List<Path> logs) throws Exception {
        Histogram sum = new Histogram(2);
        for (Path log : logs) {
            try (FileInputStream in = new FileInputStream(log.toFile())) {
                HistogramLogReader reader = new HistogramLogReader(in);
                for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                    if (LatencyLog.MEASURE.equals(h.getTag())) {
                        sum.add((Histogram) h);
                    }
                }
            }
        }
        return sum;
    }

    /**
     * Each kind of event's percentiles of a merged run are those of the workers' events of that kind, together: they were
     * the average of the workers' percentiles (worker 0's fast "a" events and worker 1's slow ones gave a p99 halfway,
     * which no event had). Where a worker's log holds no histogram per kind, the merge leaves them out and says why once.
     */
    @Test
    void eachKindsMergedPercentilesAreThoseOfAllWorkersEventsOfThatKind() throws Exception {
        List<Path> workers = runWorkers(2, new MapRendezvous(), index -> new benchkit.spi.Workload() {
            @Override
            public List<String> eventKinds() {
                return List.of("a");
            }

            @Override
            public benchkit.spi.Session openSession(benchkit.spi.Target target, benchkit.spi.SessionContext context) {
                return () -> {
                    java.util.concurrent.locks.LockSupport.parkNanos(index == 0 ? 500_000 : 20_000_000);
                    context.eventKind(0);
                    return Outcome.OK;
                };
            }
        });
        List<Path> logs = workers.stream().map(w -> w.resolve("latency/glibc-t2-f1.hlog")).toList();
        ObjectMapper json = new ObjectMapper();
        // a kind's interval spans one iteration: the i-th of each log is iteration i's; a score is over the iterations
        List<List<Histogram>> kindA = new ArrayList<>();
        double[] workerP99 = new double[2];
        for (int i = 0; i < 2; i++) {
            kindA.add(intervals(logs.get(i), "measure.a"));
            JsonNode metrics = json.readTree(workers.get(i).resolve("jmh-result.json").toFile()).get(0).path("secondaryMetrics");
            workerP99[i] = metrics.path("latency.a.p99").path("score").asDouble();
            // each worker's log holds the events its own percentiles came from
            assertEquals(workerP99[i], kindA.get(i).stream().mapToDouble(h -> h.getValueAtPercentile(99) / 1e6).average()
                    .orElseThrow(), workerP99[i] * 0.001, "worker " + i);
        }
        Path merged = tmp.resolve("merged");
        List<String> said = new ArrayList<>();
        WorkerMerge.merge(workers, merged, false, said::add);
        double p99 = json.readTree(merged.resolve("jmh-result.json").toFile()).get(0)
                .path("secondaryMetrics").path("latency.a.p99").path("score").asDouble();
        assertEquals(2, kindA.get(0).size());
        double together = 0;
        for (int it = 0; it < 2; it++) {
            Histogram both = new Histogram(2);
            both.add(kindA.get(0).get(it));
            both.add(kindA.get(1).get(it));
            together += both.getValueAtPercentile(99) / 1e6 / 2;
        }
        assertEquals(together, p99, together * 0.001, "the p99 of both workers' events of kind a");
        double mean = (workerP99[0] + workerP99[1]) / 2;
        assertTrue(Math.abs(p99 - mean) > mean * 0.2, "not the mean of the workers' p99s (" + mean + "): " + p99);
        assertTrue(said.stream().noneMatch(l -> l.contains("Left out")), said.toString());

        // worker 1's log as a bench that logged no kinds wrote it: no average is published as a percentile
        List<String> lines = Files.readAllLines(logs.get(1), StandardCharsets.ISO_8859_1);
        Files.write(logs.get(1), lines.stream().filter(l -> !l.startsWith("Tag=measure.a,") && !l.startsWith("Tag=warmup.a,"))
                .toList(), StandardCharsets.ISO_8859_1);
        Path without = tmp.resolve("merged-without-kinds");
        said.clear();
        WorkerMerge.merge(workers, without, false, said::add);
        JsonNode metrics = json.readTree(without.resolve("jmh-result.json").toFile()).get(0).path("secondaryMetrics");
        assertFalse(metrics.has("latency.a.p99"), metrics.toString());
        assertTrue(metrics.has("tps.a"), "the kind's rate is still the workers' sum: " + metrics);
        List<String> leftOut = said.stream().filter(l -> l.startsWith("# Left out of the merged run: ")).toList();
        assertEquals(1, leftOut.size(), said.toString());
        assertTrue(leftOut.get(0).contains("latency.a.p50, latency.a.p95, latency.a.p99 (a worker's latency log holds no"
                + " histogram of each kind of event"), leftOut.get(0));
    }

    /** A log's intervals tagged {@code tag}, in order. */
    private static List<Histogram> intervals(Path log, String tag) throws Exception {
        List<Histogram> found = new ArrayList<>();
        try (FileInputStream in = new FileInputStream(log.toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (tag.equals(h.getTag())) {
                    found.add((Histogram) h);
                }
            }
        }
        return found;
    }

    @Test
    void aWorkerWhoseTrialFailsStopsAndTheOthersStopAtTheirNextStart() throws Exception {
        MapRendezvous store = new MapRendezvous();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<RunSummary>> runs = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                int index = i;
                runs.add(pool.submit(() -> {
                    FakeWorkload workload = new FakeWorkload(300, p -> {
                        if (index == 1) {
                            throw new IllegalStateException("boom");
                        }
                        return Outcome.OK;
                    });
                    RunPlan plan = RunOptions.builder().threads(1, 2)
                            .warmup(1, Duration.ofMillis(300)).measure(1, Duration.ofMillis(500)).forks(1)
                            .reportInterval(Duration.ZERO).plan("fake", List.of(new Variant("glibc", Map.of("allocator", "glibc"),
                            () -> new FakeServer("glibc"))), tmp.resolve("failing-" + index));
                    return new Runner(plan, workload, List::of, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                            .asWorker(barrier(store, index, 2, Duration.ofMinutes(5))).run();
                }));
            }
            long t0 = System.nanoTime();
            RunSummary failed = runs.get(1).get();
            RunSummary other = runs.get(0).get();
            assertFalse(failed.complete());
            assertTrue(failed.failure().orElseThrow().contains("boom"), failed.failure().orElseThrow());
            assertFalse(other.complete(), "worker 0 does not run its next trial alone");
            assertTrue(other.failure().orElseThrow().startsWith("worker 1 of 2 stopped (workload fake: session failed"),
                    other.failure().orElseThrow());
            assertTrue(System.nanoTime() - t0 < 60_000_000_000L, "without waiting out the 5-minute timeout");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aMergeThatWouldLackAWorkerIsRefusedUnlessAskedAndThenSaysSo() throws Exception {
        List<Path> workers = runWorkers(2, new MapRendezvous());
        WorkerMerge.IncompleteMergeException refused = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(List.of(workers.get(0)), tmp.resolve("m1"), false, line -> { }));
        assertTrue(refused.getMessage().contains("worker 1 of 2 gave no result directory"), refused.getMessage());

        WorkerMerge.Result partial = WorkerMerge.merge(List.of(workers.get(0)), tmp.resolve("m2"), true, line -> { });
        assertEquals(List.of("worker 1 of 2 gave no result directory"), partial.missing());
        // no iteration has both: the score is worker 0's load, and its row says so (sweep 10, case N47)
        assertEquals("incomplete: 2 of 2 iterations lack a worker", partial.mark(partial.results().get(0)));
        assertTrue(Files.readString(tmp.resolve("m2/run.json")).contains("\"merged-without\" : \"worker 1 of 2 gave no result directory\""));

        InvalidOptionException twice = assertThrows(InvalidOptionException.class,
                () -> WorkerMerge.merge(List.of(workers.get(0), workers.get(0)), tmp.resolve("m3"), false, line -> { }));
        assertTrue(twice.getMessage().startsWith("worker 0 is given twice"), twice.getMessage());
        InvalidOptionException notWorker = assertThrows(InvalidOptionException.class,
                () -> WorkerMerge.merge(List.of(tmp), tmp.resolve("m4"), false, line -> { }));
        assertTrue(notWorker.getMessage().contains("is not a worker's result directory"), notWorker.getMessage());

        // a worker still writing its directory (sweep 5, case 85): said to be written, not "no run.json"
        Path running = Files.createDirectories(tmp.resolve("running"));
        Files.copy(workers.get(0).resolve("journal.jsonl"), running.resolve("journal.jsonl"));
        try (var lock = benchkit.core.run.results.ResultLock.take(running, "--out")) {
            InvalidOptionException busy = assertThrows(InvalidOptionException.class,
                    () -> WorkerMerge.merge(List.of(running), tmp.resolve("m5"), true, line -> { }));
            assertTrue(busy.getMessage().startsWith("the worker's directory " + running + " is being written by another run"),
                    busy.getMessage());
        }
        // a journal of a bench that did not write the worker's role in it: whose it is cannot be told
        List<String> lines = new ArrayList<>(Files.readAllLines(running.resolve("journal.jsonl")));
        lines.set(0, lines.get(0).replaceAll(",\"settings\":\\{[^}]*\\}", ""));
        Files.write(running.resolve("journal.jsonl"), lines.subList(0, 2));
        InvalidOptionException unnamed = assertThrows(InvalidOptionException.class,
                () -> WorkerMerge.merge(List.of(running), tmp.resolve("m6"), true, line -> { }));
        assertTrue(unnamed.getMessage().endsWith("whose journal does not say which worker it was (an older bench): merge "
                + "without it (--allow-missing)"), unnamed.getMessage());

        // a latency log that is a link to /dev/zero (case 124) is named, not read until the heap is full
        Path zeroed = tmp.resolve("zeroed");
        try (var files = Files.walk(workers.get(0))) {
            for (Path f : files.toList()) {
                Files.copy(f, zeroed.resolve(workers.get(0).relativize(f).toString()));
            }
        }
        try (var logs = Files.list(zeroed.resolve("latency"))) {
            for (Path log : logs.toList()) {
                Files.delete(log);
                Files.createSymbolicLink(log, Path.of("/dev/zero"));
            }
        }
        java.io.IOException device = assertThrows(java.io.IOException.class,
                () -> WorkerMerge.merge(List.of(zeroed), tmp.resolve("m7"), true, line -> { }));
        assertTrue(device.getMessage().contains("is not a regular file (a device or a FIFO)"), device.getMessage());
    }

    /**
     * Worker 1 stalled in its measured iteration 1 (SIGSTOP, sweep 8), which it measured again alone as iteration 3: the
     * refusal named only worker 0's missing iteration 3; it names whose iteration was invalid, and why.
     */
    @Test
    void aWorkersIterationMeasuredAgainAloneIsNamedWithWhyInTheRefusal() throws Exception {
        List<Path> workers = runWorkers(2, new MapRendezvous());
        Path stalled = tmp.resolve("stalled-worker-1");
        try (var files = Files.walk(workers.get(1))) {
            for (Path f : files.toList()) {
                Files.copy(f, stalled.resolve(workers.get(1).relativize(f).toString()));
            }
        }
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>(Files.readAllLines(stalled.resolve("journal.jsonl")));
        String why = "bench itself was held up for 4.0 s: the slice's clock and counts do not agree";
        var first = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(lines.get(2));
        assertEquals(1, first.path("iteration").asInt());
        assertFalse(first.path("warmup").asBoolean());
        lines.set(2, json.writeValueAsString(first.put("invalid", why)));
        var again = (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(lines.get(3));
        lines.add(lines.size() - 1, json.writeValueAsString(again.put("iteration", 3)));    // before the end line
        Files.write(stalled.resolve("journal.jsonl"), lines);

        WorkerMerge.IncompleteMergeException refused = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(List.of(workers.get(0), stalled), tmp.resolve("m"), false, line -> { }));
        assertEquals(List.of("worker 0 (" + workers.get(0) + ") has no iteration 3 of variant glibc at 2 threads, fork 1:"
                + " worker 1 measured it alone, in place of its iteration 1, which was invalid (" + why + "), so the"
                + " workers' iterations no longer line up"), refused.missing());
        // a worker that merely stopped early is not said to have measured again
        Path measuredOne = stoppedAfter(workers.get(0), 2);
        WorkerMerge.IncompleteMergeException lacking = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(List.of(measuredOne, workers.get(1)), tmp.resolve("m2"), false, line -> { }));
        assertFalse(lacking.getMessage().contains("measured it alone"), lacking.getMessage());
    }

    /** A copy of a worker's directory whose run stopped after its first {@code kept} iterations (warmup included). */
    private Path stoppedAfter(Path worker, int kept) throws Exception {
        Path copy = tmp.resolve("stopped-" + kept + "-" + worker.getFileName());
        try (var files = Files.walk(worker)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(worker.relativize(f).toString()));
            }
        }
        List<String> lines = Files.readAllLines(copy.resolve("journal.jsonl"));
        List<String> stopped = new ArrayList<>(lines.subList(0, 1 + kept));
        stopped.add("{\"event\":\"end\",\"time\":\"2026-11-29T13:16:28Z\",\"complete\":false,"
                + "\"error\":\"interrupted by SIGTERM; results so far are kept\"}");
        Files.write(copy.resolve("journal.jsonl"), stopped);
        return copy;
    }

    /**
     * A worker killed with kill -9 after its first measured iteration (sweep 7, case 53): no run.json, a journal without
     * its end line, no process holding it. The merge without --allow-missing names it as killed (not "still running"), and
     * with it takes what the journal holds, as for a worker stopped by a signal.
     */
    @Test
    void aWorkerKilledBeforeItsEndIsMergedFromItsJournalWithAllowMissing() throws Exception {
        List<Path> workers = runWorkers(2, new MapRendezvous());
        Path killed = tmp.resolve("killed-worker-1");
        try (var files = Files.walk(workers.get(1))) {
            for (Path f : files.toList()) {
                Files.copy(f, killed.resolve(workers.get(1).relativize(f).toString()));
            }
        }
        Files.delete(killed.resolve("run.json"));
        List<String> lines = Files.readAllLines(killed.resolve("journal.jsonl"));
        Files.write(killed.resolve("journal.jsonl"), lines.subList(0, 3));      // start, warmup, measured iteration 1
        List<Path> dirs = List.of(workers.get(0), killed);
        String gap = "worker 1 (" + killed + ") did not finish (killed before its end: its journal has no end line, and no"
                + " process writes it): the iterations after its last finished one";
        WorkerMerge.IncompleteMergeException refused = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(dirs, tmp.resolve("k1"), false, line -> { }));
        assertTrue(refused.measured());
        assertTrue(refused.missing().contains(gap), refused.missing().toString());

        WorkerMerge.Result r = WorkerMerge.merge(dirs, tmp.resolve("k2"), true, line -> { });
        // iteration 2, worker 0's alone, is another load than iteration 1 of both: left out of the score, and said (N47)
        assertEquals(List.of("worker 0 (" + workers.get(0) + "): 1 of 2 measurement iterations merged",
                "worker 1 (" + killed + "): 1 of 2 measurement iterations merged"), r.merged());
        assertEquals(List.of(gap, "worker 1 (" + killed + ") has no iteration 2 of variant glibc at 2 threads, fork 1",
                "iteration 2 of variant glibc at 2 threads, fork 1 left out of the score: it lacks a worker's load, which the"
                        + " other iterations have"), r.missing());
        assertEquals(1, r.results().get(0).iterationCount(), "the score is iteration 1's, of both workers");
        assertEquals("incomplete: 1 of 2 iterations left out: it lacks a worker", r.mark(r.results().get(0)));
        java.io.ByteArrayOutputStream table = new java.io.ByteArrayOutputStream();
        benchkit.core.result.SummaryTable.print(r.results(), new PrintStream(table, true, StandardCharsets.UTF_8), r::mark);
        assertTrue(table.toString(StandardCharsets.UTF_8).lines().skip(1).findFirst().orElseThrow()
                .endsWith("(incomplete: 1 of 2 iterations left out: it lacks a worker)"), table.toString(StandardCharsets.UTF_8));
        assertTrue(Files.readString(tmp.resolve("k2/run.json")).contains("merged with a worker's load missing: variant glibc"
                + " at 2 threads incomplete: 1 of 2 iterations left out"), "the report's banner says it too");
        JsonNode run = new ObjectMapper().readTree(tmp.resolve("k2/run.json").toFile()).path("settings");
        assertEquals("fake", run.path("workload").asText(), "worker 0's settings, which wrote run.json");
        assertEquals("2", run.path("clients").asText());

        // killed before its first measured iteration: the iterations it lacks in one line, not one line each (sweep 10)
        Files.write(killed.resolve("journal.jsonl"), lines.subList(0, 2));      // start, warmup
        r = WorkerMerge.merge(dirs, tmp.resolve("k3"), true, line -> { });
        assertEquals(List.of(gap, "worker 1 (" + killed + ") has no iterations 1 to 2 of variant glibc at 2 threads, fork 1"),
                r.missing());
    }

    @Test
    void aMergeOfWorkersThatMeasuredNothingWritesNothingAndAPartialOneSaysWhatItTookFromEach() throws Exception {
        List<Path> workers = runWorkers(2, new MapRendezvous());
        // stopped after their warmup (sweep 6, case 62): no total, and no empty result written as if one
        List<Path> none = List.of(stoppedAfter(workers.get(0), 1), stoppedAfter(workers.get(1), 0));
        Path out = tmp.resolve("none");
        WorkerMerge.IncompleteMergeException empty = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(none, out, true, line -> { }));
        assertEquals("nothing to merge: no worker finished a measurement iteration (worker 0 (" + none.get(0)
                + "): interrupted by SIGTERM; results so far are kept; worker 1 (" + none.get(1) + "): interrupted by SIGTERM;"
                + " results so far are kept); no result files written: run the benchmark again", empty.getMessage());
        assertFalse(Files.exists(out));
        // one of them measured: a total lacking the other's load, refused as ever unless --allow-missing
        Path measuredOne = stoppedAfter(workers.get(0), 2);
        WorkerMerge.IncompleteMergeException lacking = assertThrows(WorkerMerge.IncompleteMergeException.class,
                () -> WorkerMerge.merge(List.of(measuredOne, none.get(1)), out, false, line -> { }));
        assertTrue(lacking.getMessage().startsWith("the merged total would lack load: "), lacking.getMessage());

        // worker 0 measured one iteration, worker 1 both (case 63): each one's part is said, and what is missing
        List<Path> part = List.of(measuredOne, workers.get(1));
        WorkerMerge.Result r = WorkerMerge.merge(part, tmp.resolve("part"), true, line -> { });
        assertEquals(List.of("worker 0 (" + part.get(0) + "): 1 of 2 measurement iterations merged",
                "worker 1 (" + part.get(1) + "): 1 of 2 measurement iterations merged"), r.merged());
        assertEquals(List.of("worker 0 (" + part.get(0) + ") did not finish (interrupted by SIGTERM; results so far are kept): "
                + "the iterations after its last finished one",
                "worker 0 (" + part.get(0) + ") has no iteration 2 of variant glibc at 2 threads, fork 1",
                "iteration 2 of variant glibc at 2 threads, fork 1 left out of the score: it lacks a worker's load, which the"
                        + " other iterations have"), r.missing());
    }
}

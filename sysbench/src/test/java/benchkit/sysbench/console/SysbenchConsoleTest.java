package benchkit.sysbench.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.core.run.FakeServer;
import benchkit.core.run.FakeWorkload;
import benchkit.core.run.JournalLines;
import benchkit.core.run.RunOptions;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.RunSummary;
import benchkit.core.run.Runner;
import benchkit.core.run.plan.Variant;
import benchkit.spi.Outcome;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * sysbench's console over a whole run (core's {@link Runner} with its fake workload): sysbench's header, progress
 * lines, checkpoints and final report, and bench's own lines only from --verbosity 4.
 */
class SysbenchConsoleTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private static Variant variant(String label) {
        return new Variant(label, Map.of("allocator", label), () -> new FakeServer(label));
    }

    private RunPlan plan(List<Variant> variants, List<Integer> threads, int warmups, int measurements, int forks,
                         long maxEvents, double rate) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("tables", "2");
        return RunOptions.builder().threads(threads)
                .warmup(warmups, Duration.ofMillis(200)).measure(measurements, Duration.ofMillis(300)).forks(forks)
                .reportInterval(Duration.ofMillis(100)).maxEvents(maxEvents).rate(rate).build().plan("fake", options, 0, variants, tmp.resolve("out"));
    }

    private List<JsonNode> journal() throws Exception {
        return JournalLines.read(tmp.resolve("out"));
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theSummaryCountsTheMeasurementIterationsOnly() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> p.warmup() ? Outcome.ERROR : Outcome.OK);
        RunPlan plan = plan(List.of(variant("glibc")), List.of(3), 1, 2, 1, 0, 0);
        RunSummary summary = new Runner(plan, workload, () -> List.of(workload.phaseCollector()),
                new PrintStream(console, true, StandardCharsets.UTF_8),
                new SysbenchFormat(99, true, SysbenchFormat.INFO)).run();
        assertTrue(summary.complete(), summary.failure().toString());

        String out = console();
        assertTrue(out.contains("lat (ms,99%): "), "progress lines show the chosen percentile");
        // Iterations may overrun their 0.3 s on a loaded machine.
        assertTrue(java.util.regex.Pattern.compile("# sysbench summary of this trial's 2 measurement iterations "
                + "\\([0-9]+\\.[0-9] s\\); 1 warmup iteration not counted\nLatency histogram \\(values are in milliseconds\\)\n"
                + "       value  ------------- distribution ------------- count\n").matcher(out).find(), out);
        long events = 0;
        long reads = 0;
        double seconds = 0;
        for (JsonNode l : journal()) {
            if (l.has("warmup") && !l.get("warmup").asBoolean()) {
                events += l.get("events").asLong();
                reads += l.get("reads").asLong();
                seconds += l.get("durationSec").asDouble();
            }
        }
        assertTrue(events > 0);
        // The summary's counts are the journal's measured iterations', to the event.
        assertTrue(out.contains("\n        read:                            " + reads + "\n"), out);
        assertTrue(out.contains("\n    total number of events:              " + events + "\n"), out);
        java.util.regex.Matcher time = java.util.regex.Pattern.compile("\n    total time: +([0-9.]+)s\n").matcher(out);
        assertTrue(time.find(), out);
        assertEquals(seconds, Double.parseDouble(time.group(1)), 0.00011);
        assertTrue(out.contains("\n         99th percentile:  "), out);
        // The histogram's rows add up to the events exactly: events are counted from the latency histograms.
        long rows = out.lines().filter(l -> l.matches(" +[0-9.]+ \\|\\** +[0-9]+"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
        assertEquals(events, rows);
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("events \\(avg/stddev\\): +([0-9.]+)/").matcher(out);
        assertTrue(m.find(), out);
        assertEquals(events / 3.0, Double.parseDouble(m.group(1)), 1e-4);
        assertTrue(out.contains("\n    execution time (avg/stddev):   "), out);
    }

    @Test
    void atItsDefaultVerbosityOnlySysbenchsLinesPrint() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        RunPlan plan = plan(List.of(variant("glibc")), List.of(2), 0, 1, 1, 0, 0);
        RunSummary summary = new Runner(plan, workload, () -> List.of(workload.phaseCollector()),
                new PrintStream(console, true, StandardCharsets.UTF_8),
                new SysbenchFormat(95, false, SysbenchFormat.NOTICE)).run();
        assertTrue(summary.complete(), summary.failure().toString());
        String out = console();
        // sysbench 1.0.20's print_run_mode and thread start, line for line (its banner is the CLI's)
        assertTrue(out.startsWith("Running the test with following options:\nNumber of threads: 2\n"
                + "Report intermediate results every 0.1 second(s)\n"
                + "Initializing random number generator from current time\n\n\nInitializing worker threads...\n\n"
                + "Threads started!\n\n[ 0.1s ] thds: 2 tps: "), out);
        int report = out.indexOf("SQL statistics:\n");
        assertTrue(report > 0, out);
        assertTrue(out.substring(0, report).lines().skip(10).allMatch(l -> l.startsWith("[ ")), "progress lines only: " + out);
        assertTrue(out.substring(report).startsWith("SQL statistics:\n    queries performed:\n"), out);
        assertTrue(out.endsWith("\nThreads fairness:\n" + out.substring(out.indexOf("    events (avg/stddev):"))), out);
        assertTrue(out.endsWith("\n\n"), "the report ends with sysbench's blank line: " + out);
        for (String bench : List.of("# ", "Iteration", "Result \"", "Score", "Results:")) {
            assertFalse(out.contains(bench), "bench's own line '" + bench + "' shows: " + out);
        }
    }

    /**
     * The final report goes out in one write, from "SQL statistics:" to "Threads fairness" and its blank line: a reader
     * that stops at one of its lines ({@code | awk '/queries:/ {print $2; exit}'}) has read it all before it goes, so
     * a sysbench line does not meet the closed pipe halfway through its report and end with 141 where sysbench ends 0.
     */
    @Test
    void theFinalReportIsOneWrite() throws Exception {
        List<String> writes = java.util.Collections.synchronizedList(new ArrayList<>());   // progress from its own thread
        java.io.OutputStream recording = new java.io.OutputStream() {
            @Override
            public void write(int b) {
                writes.add(String.valueOf((char) b));
            }

            @Override
            public void write(byte[] b, int off, int len) {
                writes.add(new String(b, off, len, StandardCharsets.UTF_8));
            }
        };
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        RunPlan plan = plan(List.of(variant("glibc")), List.of(2), 0, 1, 1, 0, 0);
        RunSummary summary = new Runner(plan, workload, () -> List.of(workload.phaseCollector()),
                new PrintStream(recording, true, StandardCharsets.UTF_8),
                new SysbenchFormat(95, false, SysbenchFormat.NOTICE)).run();
        assertTrue(summary.complete(), summary.failure() + ": " + writes);
        String report = writes.stream().filter(w -> w.contains("queries:")).findFirst()
                .orElseThrow(() -> new AssertionError("no final report: " + writes));
        assertTrue(report.startsWith("SQL statistics:\n") && report.contains("\nThreads fairness:\n")
                && report.endsWith("\n\n"), "one write holds the whole report: " + writes);
    }

    /**
     * A session that fails (an external server killed with kill -9: its connection lost, no reconnect) is one FATAL
     * line, not that line and a "Run incomplete: " one with the same words (issue #51).
     */
    @Test
    void aFailedVariantIsOneFatalLine() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> {
            if (!p.warmup()) {
                throw new java.sql.SQLException("lost the connection (Connection reset) and could not reconnect");
            }
            return Outcome.OK;
        });
        RunPlan plan = RunOptions.builder().threads(List.of(2))
                .warmup(0, Duration.ofMillis(200)).measure(1, Duration.ofMillis(300)).forks(1)
                .reportInterval(Duration.ofMillis(100)).plan("fake", List.of(variant("external")), tmp.resolve("out"));
        RunSummary summary = new Runner(plan, workload, () -> List.of(workload.phaseCollector()),
                new PrintStream(console, true, StandardCharsets.UTF_8), new SysbenchFormat(95, false, SysbenchFormat.NOTICE)).run();
        assertFalse(summary.complete());
        String out = console();
        List<String> fatal = out.lines().filter(l -> l.startsWith("FATAL: ")).toList();
        assertEquals(1, fatal.size(), out);
        assertTrue(fatal.get(0).contains("lost the connection (Connection reset) and could not reconnect"), out);
    }

    @Test
    void whatARunsEndSaysIsWhatNoFatalLineSaid() {
        List<String> said = List.of("Variant a failed (fork 1): server exited; see its log; the run goes on");
        assertEquals("", SysbenchConsole.unsaid("server exited; see its log", said));
        assertEquals("interrupted by SIGTERM; results so far are kept",
                SysbenchConsole.unsaid("interrupted by SIGTERM; results so far are kept; server exited; see its log", said));
        assertEquals("interrupted by SIGTERM; results so far are kept",
                SysbenchConsole.unsaid("interrupted by SIGTERM; results so far are kept", List.of()));
    }

    @Test
    void benchsLinesShowFromVerbosityFourAndItsScoresWhenIterationsAreAskedFor() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        RunPlan plan = plan(List.of(variant("glibc")), List.of(2), 0, 2, 1, 0, 0);
        new Runner(plan, workload, () -> List.of(workload.phaseCollector()), new PrintStream(console, true,
                StandardCharsets.UTF_8), new SysbenchFormat(95, false, SysbenchFormat.NOTICE)).run();
        String out = console();
        assertFalse(out.contains("Iteration   1"), out);
        assertTrue(out.contains("SQL statistics:"), out);
        assertTrue(out.contains("# Results: "), "two iterations ask for bench's statistics: " + out);
        console.reset();
        RunPlan one = RunOptions.builder().threads(List.of(2))
                .warmup(0, Duration.ofMillis(200)).measure(1, Duration.ofMillis(300)).forks(1)
                .reportInterval(Duration.ofMillis(100)).plan("fake", List.of(variant("glibc")), tmp.resolve("out2"));
        new Runner(one, workload,
                () -> List.of(workload.phaseCollector()), new PrintStream(console, true, StandardCharsets.UTF_8),
                new SysbenchFormat(95, false, SysbenchFormat.INFO)).run();
        out = console();
        assertTrue(out.contains("# Benchmark: benchkit.fake") && out.contains("Iteration   1: ")
                && out.contains("# sysbench summary of this trial's 1 measurement iteration"), out);
        assertTrue(out.indexOf("Running the test with following options:") > out.indexOf("# Benchmark: "), out);
    }

    @Test
    void aCheckpointReportsTheEventsSinceTheStartAndTheFinalReportTheRest() throws Exception {
        FakeWorkload workload = new FakeWorkload(500, p -> Outcome.OK);
        RunPlan plan = RunOptions.builder().threads(List.of(2))
                .warmup(0, Duration.ofMillis(200)).measure(1, Duration.ofMillis(2500)).forks(1)
                .reportInterval(Duration.ZERO).plan("fake", List.of(variant("glibc")), tmp.resolve("out"));
        new Runner(plan, workload, () -> List.of(workload.phaseCollector()), new PrintStream(console, true,
                StandardCharsets.UTF_8), new SysbenchFormat(95, false, 3, List.of(1, 2))).run();
        String out = console();
        assertTrue(out.contains("Report checkpoint(s) at 1, 2 seconds\n"), out);
        java.util.regex.Matcher events = java.util.regex.Pattern.compile("total number of events: +([0-9]+)").matcher(out);
        java.util.regex.Matcher times = java.util.regex.Pattern.compile("total time: +([0-9.]+)s").matcher(out);
        long sum = 0;
        List<Double> totals = new ArrayList<>();
        while (events.find() && times.find()) {
            sum += Long.parseLong(events.group(1));
            totals.add(Double.parseDouble(times.group(1)));
        }
        assertEquals(3, totals.size(), out);
        assertTrue(out.indexOf("[ 1s ] Checkpoint report:\nSQL statistics:") > 0 && out.contains("[ 2s ] Checkpoint report:"), out);
        // sysbench's total time runs on from the start; the counts start anew at each checkpoint
        assertEquals(1.0, totals.get(0), 0.05);
        assertEquals(2.0, totals.get(1), 0.05);
        assertEquals(2.5, totals.get(2), 0.3);
        long journalEvents = journal().stream().filter(l -> l.has("warmup") && !l.get("warmup").asBoolean())
                .mapToLong(l -> l.get("events").asLong()).sum();
        assertEquals(journalEvents, sum, 2 * 2, "the three reports share the measurement's events (but those in flight)");
    }
}

package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run killed before it wrote its result files still has its journal, which bench report turns into them. */
class KilledRunReportTest {
    @TempDir
    Path tmp;

    /** A run killed before it wrote its results: bench report writes them from its journal, and says so. */
    @Test
    void aKilledRunIsReportedFromItsJournal() throws Exception {
        Path killed = Files.createDirectories(tmp.resolve("killed"));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of("allocator", "glibc")), java.util.List.of(2), 1, 1,
                java.time.Duration.ofSeconds(1), 3, java.time.Duration.ofSeconds(1), 0, 0);
        var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of("allocator", "glibc"), "MariaDB", 2, 1,
                java.util.List.of());
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(killed)) {
            journal.start(run);
            journal.iteration(trial, iteration(1, true));
            journal.iteration(trial, iteration(1, false));
            journal.iteration(trial, iteration(2, false));
            // no end line: the process was killed here
        }
        // what else reads it points to the rebuild, which --force would lose (sweep 6, case 91)
        String hint = "its run stopped before writing its result files (the journal has no end line (the run was killed or"
                + " is still running)): bench report " + killed + " writes what it finished from its journal";
        CliRun.Outcome compare = CliRun.run("compare", killed.toString(), killed.toString());
        assertEquals(2, compare.exit(), compare.err());
        assertEquals("bench: " + killed + " is not a result directory (no jmh-result.json in it): " + hint, compare.err().strip());
        CliRun.Outcome add = CliRun.run("history", "add", killed.toString(), "--history", tmp.resolve("h.sqlite").toString());
        assertEquals(2, add.exit(), add.err());
        assertTrue(add.err().contains("no jmh-result.json in " + killed + ": " + hint + " (a trend holds complete runs only)"),
                add.err());
        var again = org.junit.jupiter.api.Assertions.assertThrows(benchkit.spi.InvalidOptionException.class,
                () -> benchkit.core.run.results.ResultDirectory.requireFresh(killed, false, "--out"));
        assertTrue(again.getMessage().endsWith("or --force to replace them (--force deletes it; " + hint + ")"),
                again.getMessage());

        CliRun.Outcome ran = CliRun.run("report", killed.toString());
        int exit = ran.exit();
        String said = ran.err();
        assertEquals(0, exit, said);
        assertTrue(said.contains("holds a run that did not end: ") && said.contains("; its 2 finished measurement "
                + "iterations are written from its journal now, as jmh-result.json, results.csv, run.json and report.html"),
                said);
        var results = benchkit.core.report.JmhResultReader.readDirectory(killed);
        assertEquals(1, results.size());
        assertEquals(2, results.get(0).iterationCount(), "the two measured, not the warmup");
        assertTrue(Files.isRegularFile(killed.resolve("report.html")));

        // a signal after the three files, before report.html (sweep 7, case 83): the line's remedy draws it
        String signal = benchkit.core.run.SignalGuard.lastSignal();
        assertEquals("report stopped by " + signal + ": jmh-result.json, results.csv and run.json in " + killed + " are "
                + "written from its journal, report.html is not drawn; the same bench report " + killed + " draws it",
                ReportCommand.stopped(killed, true, true));
        Files.delete(killed.resolve("report.html"));
        CliRun.Outcome drawn = CliRun.run("report", killed.toString());
        assertEquals(0, drawn.exit(), drawn.err());
        assertTrue(Files.isRegularFile(killed.resolve("report.html")));
        // a signal while the three were written: those written removed, the same report writes them again
        assertEquals("report stopped by " + signal + " while it wrote the result files of " + killed + " from its "
                + "journal: remove those written there (jmh-result.json, results.csv, run.json), then the same bench report "
                + killed + " writes them again", ReportCommand.stopped(killed, true, false));
        for (String f : new String[] {"jmh-result.json", "results.csv", "run.json", "report.html"}) {
            Files.delete(killed.resolve(f));
        }
        CliRun.Outcome rebuilt = CliRun.run("report", killed.toString());
        assertEquals(0, rebuilt.exit(), rebuilt.err());
        assertEquals(2, benchkit.core.report.JmhResultReader.readDirectory(killed).get(0).iterationCount());
        assertEquals("report stopped by " + signal + ": report.html in " + killed + " is as it was (it is written whole "
                + "or not at all); the same bench report " + killed + " draws it", ReportCommand.stopped(killed, false, false));
    }

    /**
     * A jmh-result.json copied from another run, or edited to another workload, is refused by report and history add
     * against the run's journal (case 14); the run's own file passes.
     */
    @Test
    void resultsThatAreNotTheRunsOwnAreRefused() throws Exception {
        Path a = completeRun("a", 1000);
        Path b = completeRun("b", 2000);
        String store = tmp.resolve("h.sqlite").toString();
        Path copy = Files.createDirectories(tmp.resolve("copy"));
        Path edited = Files.createDirectories(tmp.resolve("edited"));
        for (Path d : new Path[] {copy, edited}) {
            for (String f : new String[] {"jmh-result.json", "run.json", benchkit.core.result.Journal.FILE_NAME}) {
                Files.copy(a.resolve(f), d.resolve(f));
            }
        }
        Files.copy(b.resolve("jmh-result.json"), copy.resolve("jmh-result.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(edited.resolve("jmh-result.json"), Files.readString(edited.resolve("jmh-result.json"))
                .replace("benchkit.point-select", "benchkit.read-only"));
        String copied = copy.resolve("jmh-result.json") + " is not this run's own (its score 2001.0 at 2 threads is none"
                + " of the measured iterations in the run's journal): restore it from a copy of the run";
        CliRun.Outcome report = CliRun.run("report", copy.toString());
        assertEquals(2, report.exit(), report.err());
        assertEquals("bench: " + copied, report.err().strip());
        CliRun.Outcome add = CliRun.run("history", "add", copy.toString(), "--history", store);
        assertEquals(2, add.exit(), add.err());
        assertTrue(add.err().contains(copied), add.err());
        CliRun.Outcome other = CliRun.run("history", "add", edited.toString(), "--history", store);
        assertEquals(2, other.exit(), other.err());
        assertTrue(other.err().contains(edited.resolve("jmh-result.json") + " is not this run's own (it holds"
                + " benchkit.read-only, but the run's journal is of benchkit.point-select)"), other.err());
        CliRun.Outcome own = CliRun.run("history", "add", a.toString(), b.toString(), "--history", store);
        assertEquals(0, own.exit(), own.err());
    }

    /** A complete run of two measured iterations around {@code events} per second, its files written from its journal. */
    private Path completeRun(String name, long events) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of("allocator", "glibc")), java.util.List.of(2), 1, 1,
                java.time.Duration.ofSeconds(1), 2, java.time.Duration.ofSeconds(1), 0, 0);
        var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of("allocator", "glibc"), "MariaDB", 2, 1,
                java.util.List.of());
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(dir)) {
            journal.start(run);
            for (int i = 1; i <= 2; i++) {
                journal.iteration(trial, new benchkit.core.result.IterationRecord(i, false, 1_000_000_000L, events + i, 0, 0,
                        events + i, 0, 0, 1, 2, 3, 4, java.util.List.of(), 0, 0, ""));
            }
        }
        assertEquals(0, CliRun.run("report", dir.toString()).exit());       // the files, from the journal
        Files.writeString(dir.resolve(benchkit.core.result.Journal.FILE_NAME), "{\"event\":\"end\",\"time\":\""
                + java.time.Instant.now() + "\",\"complete\":true}\n", java.nio.file.StandardOpenOption.APPEND);
        return dir;
    }

    /**
     * A run that failed at its start (access denied) wrote no result: report and history add give the failure its journal
     * holds (sweep 6 case 46, sweep 7 case 35).
     */
    @Test
    void aRunThatFailedBeforeMeasuringSaysWhy() throws Exception {
        Path failed = Files.createDirectories(tmp.resolve("failed"));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("external"),
                java.util.Map.of("external", java.util.Map.of()), java.util.List.of(2), 1, 1,
                java.time.Duration.ofSeconds(1), 3, java.time.Duration.ofSeconds(1), 0, 0);
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(failed)) {
            journal.start(run);
            journal.end(false, "cannot connect as sbtest: access denied");
        }
        Files.writeString(failed.resolve("jmh-result.json"), "[]");
        CliRun.Outcome ran = CliRun.run("report", failed.toString());
        assertEquals(2, ran.exit(), ran.err());
        assertEquals("bench: " + failed.resolve("jmh-result.json") + " holds no result (an empty list): the run ended before "
                + "any measurement iteration finished: cannot connect as sbtest: access denied", ran.err().strip());
        // history add says the same (sweep 7, case 35: it said only "holds no result")
        CliRun.Outcome add = CliRun.run("history", "add", failed.toString(), "--history", tmp.resolve("h.sqlite").toString());
        assertEquals(2, add.exit(), add.err());
        assertEquals(ran.err().strip(), add.err().strip());
    }

    /**
     * A run whose result files could not be written (the disk filled) says that bench report writes them from its
     * journal once there is space, and bench report does (sweep 6 case 48).
     */
    @Test
    void aRunThatCouldNotWriteItsFilesSaysHowTheyAreWrittenLater() throws Exception {
        Path full = Files.createDirectories(tmp.resolve("full"));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of("allocator", "glibc")), java.util.List.of(2), 1, 1,
                java.time.Duration.ofSeconds(1), 3, java.time.Duration.ofSeconds(1), 0, 0);
        var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of("allocator", "glibc"), "MariaDB", 2, 1,
                java.util.List.of());
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(full)) {
            journal.start(run);
            journal.iteration(trial, iteration(1, true));
            journal.iteration(trial, iteration(1, false));
            journal.iteration(trial, iteration(2, false));
            journal.end(false, "could not append iteration 3 of variant glibc to journal.jsonl; could not write jmh-result.json");
        }
        assertEquals(java.util.Optional.of("its journal keeps the 2 finished measurement iterations: once there is space "
                + "again (or the cause is fixed), bench report " + full + " writes the result files from it"),
                benchkit.core.run.results.ResultFiles.rebuiltFromJournal(full));
        CliRun.Outcome ran = CliRun.run("report", full.toString());
        assertEquals(0, ran.exit(), ran.err());
        // its journal has its end line: the run ended, incomplete (sweep 10, case N9), not "did not end"
        assertTrue(ran.err().contains(full + " holds a run that ended incomplete: could not append iteration 3"), ran.err());
        assertEquals(2, benchkit.core.report.JmhResultReader.readDirectory(full).get(0).iterationCount());
        assertEquals(java.util.Optional.empty(), benchkit.core.run.results.ResultFiles.rebuiltFromJournal(full),
                "written now: nothing more to say");
    }

    /**
     * A run that ended but lost its jmh-result.json is not "a run that did not end": bench report says what is missing
     * and leaves run.json, whose settings the journal does not hold, as it was.
     */
    @Test
    void aCompleteRunWithoutItsResultsIsNotRebuiltOverItsRunJson() throws Exception {
        Path ended = Files.createDirectories(tmp.resolve("ended"));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of()), java.util.List.of(2), 1, 0, java.time.Duration.ZERO, 1,
                java.time.Duration.ofSeconds(1), 0, 0);
        var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of(), "MariaDB", 2, 1, java.util.List.of());
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(ended)) {
            journal.start(run);
            journal.iteration(trial, iteration(1, false));
            journal.end(true, null);
        }
        for (boolean withRunJson : new boolean[] {true, false}) {
            Path runJson = benchkit.core.result.RunInfo.write(ended, java.time.Instant.parse("2026-11-29T10:00:00Z"),
                    java.util.Map.of("workload", "point-select", "threads", "2"));
            if (!withRunJson) {
                Files.delete(runJson);
            }
            String before = withRunJson ? Files.readString(runJson) : null;
            CliRun.Outcome ran = CliRun.run("report", ended.toString());
            assertEquals(2, ran.exit(), ran.err());
            assertEquals("bench: " + ended.resolve("jmh-result.json") + " is missing, though the run ended and wrote its "
                    + "result files (" + (withRunJson ? "its run.json is there" : "its journal's end line says it completed")
                    + "): restore jmh-result.json from a copy of the run; bench report rebuilds from the journal only a run "
                    + "killed before it wrote them", ran.err().strip());
            if (withRunJson) {
                assertEquals(before, Files.readString(runJson), "run.json left as it was");
            }
            assertTrue(!Files.exists(ended.resolve("jmh-result.json")));
        }
    }

    /**
     * A journal whose last line was cut short as the process died while writing it reads to the line before, as a run
     * that did not end; a broken line before the last is still an error that names it.
     */
    @Test
    void aLastLineCutShortEndsTheJournalThere() throws Exception {
        Path killed = Files.createDirectories(tmp.resolve("torn"));
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of()), java.util.List.of(2), 1, 0, java.time.Duration.ZERO, 2,
                java.time.Duration.ofSeconds(1), 0, 0);
        var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of(), "MariaDB", 2, 1, java.util.List.of());
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(killed)) {
            journal.start(run);
            journal.iteration(trial, iteration(1, false));
            journal.iteration(trial, iteration(2, false));
        }
        Path file = killed.resolve("journal.jsonl");
        Files.writeString(file, "{\"event\":\"end\",\"time\":\"2026-11-29T0", java.nio.file.StandardOpenOption.APPEND);
        var read = benchkit.core.result.JournalReader.read(killed);
        assertEquals(2, read.trials().get(0).iterations().size());
        assertTrue(!read.complete() && read.error().orElse("").contains("last line is cut short"), read.toString());
        java.util.List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
        lines.add(1, "{\"event\":\"iter");
        Files.write(file, lines);
        java.io.IOException broken = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> benchkit.core.result.JournalReader.read(killed));
        assertTrue(broken.getMessage().endsWith("line 2 is not JSON"), broken.getMessage());
    }

    private static benchkit.core.result.IterationRecord iteration(int index, boolean warmup) {
        long events = 1000 + index;
        return new benchkit.core.result.IterationRecord(index, warmup, 1_000_000_000L, events, 0, 0, events, 0, 0,
                1, 2, 3, 4, java.util.List.of(), 1_795_000_000_000L + index * 1000L, 1_795_000_001_000L + index * 1000L, "");
    }
}

package benchkit.core.run.results;


import benchkit.core.report.Compare;
import benchkit.core.report.HtmlReport;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.report.ReportSettings;
import benchkit.core.result.IterationRecord;
import benchkit.core.result.JmhResults;
import benchkit.core.result.RunDescription;
import benchkit.core.result.TrialRecord;
import benchkit.core.stats.EffectMethod;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's files, and its report drawn from what the run holds, not from the run.json it has just written. */
class ResultFilesTest {
    @TempDir
    Path dir;

    private static final RunDescription RUN = new RunDescription("point-select", Map.of(), List.of("glibc", "jemalloc"),
            Map.of("glibc", Map.of("allocator", "glibc"), "jemalloc", Map.of("allocator", "jemalloc")), List.of(4), 3, 0,
            Duration.ZERO, 2, Duration.ofSeconds(1), 0, 0);

    private static List<TrialRecord> trials() {
        List<TrialRecord> trials = new ArrayList<>();
        for (int fork = 1; fork <= 3; fork++) {
            for (String variant : List.of("glibc", "jemalloc")) {
                long events = (variant.equals("glibc") ? 1000 : 1300) + fork * 7L;
                List<IterationRecord> its = List.of(
                        new IterationRecord(1, false, 1_000_000_000L, events, 1, 0, events, events, 0, 1, 2, 3, 9, List.of()),
                        new IterationRecord(2, false, 1_000_000_000L, events + 3, 1, 0, events + 3, events + 3, 0, 1, 2, 3, 9,
                                List.of()));
                trials.add(new TrialRecord(variant, Map.of("allocator", variant), "MariaDB 10.11", 4, fork, its));
            }
        }
        return trials;
    }

    @Test
    void theReportJudgesAsTheRunDidFromMemoryNotFromTheRunJsonItWrote() throws Exception {
        List<JmhResults.Entry> entries = JmhResults.build(RUN, trials());
        RunInfo run = RunInfo.endingNow(null, Map.of("workload", "point-select")); // no verdict keys in run.json
        Compare.Settings verdicts = new Compare.Settings(EffectMethod.FORKS_T, 0.90, 0.30);
        List<String> failures = ResultFiles.write(RunRecord.of(dir, "point-select", entries, run),
                new ReportSettings(verdicts, Optional.of("glibc"), Optional.empty()), warning -> {
                });
        assertEquals(List.of(), failures);
        String drawnByTheRun = Files.readString(dir.resolve(HtmlReport.FILE_NAME));
        assertTrue(drawnByTheRun.contains("90% intervals") && drawnByTheRun.contains("minimum effect 30%"), "the run's settings");

        // bench report starts from the files, whose run.json holds no settings: the defaults
        String redrawn = Files.readString(HtmlReport.write(dir));
        assertTrue(redrawn.contains("95% intervals") && redrawn.contains("minimum effect 2%"), "the files' settings");
        assertFalse(redrawn.contains("minimum effect 30%"));
    }

    /** The result directory removed mid-run: the results held in memory are written into it made again, and it is said. */
    @Test
    void aDirectoryRemovedDuringTheRunIsMadeAgainForTheResults() throws Exception {
        Path gone = dir.resolve("removed");
        List<String> warnings = new ArrayList<>();
        List<String> failures = ResultFiles.write(RunRecord.of(gone, "point-select", JmhResults.build(RUN, trials()),
                RunInfo.endingNow(null, Map.of("workload", "point-select"))), new ReportSettings(new Compare.Settings(EffectMethod.FORKS_T, 0.95, 0.02),
                Optional.of("glibc"), Optional.empty()), warnings::add);
        assertEquals(List.of(), failures);
        assertTrue(Files.isRegularFile(gone.resolve("jmh-result.json")) && Files.isRegularFile(gone.resolve("report.html")));
        assertEquals(List.of("# Warning: the result directory " + gone + " was removed during the run; it is made again "
                + "for the results, and the journal and latency logs written into it before are gone"), warnings);
    }

    /** When jmh-result.json cannot be written, the report drawn from it is named among what is missing too. */
    @Test
    void aReportThatCouldNotBeDrawnIsNamedAmongTheFailures() throws Exception {
        Path blocked = Files.createDirectories(dir.resolve("blocked"));
        // a directory where jmh-result.json goes: no one, root included, can put the file there
        Files.writeString(Files.createDirectories(blocked.resolve("jmh-result.json")).resolve("x"), "in the way");
        List<String> failures = ResultFiles.write(RunRecord.of(blocked, "point-select", JmhResults.build(RUN, trials()),
                RunInfo.endingNow(null, Map.of("workload", "point-select"))), new ReportSettings(
                new Compare.Settings(EffectMethod.FORKS_T, 0.95, 0.02), Optional.of("glibc"), Optional.empty()), w -> {
                });
        assertTrue(failures.get(0).startsWith("could not write jmh-result.json"), failures.toString());
        assertEquals("did not draw report.html: it is drawn from jmh-result.json, which is missing",
                failures.get(failures.size() - 1), failures.toString());
        assertFalse(Files.exists(blocked.resolve("report.html")));
    }
}

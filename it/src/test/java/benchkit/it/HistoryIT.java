package benchkit.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs of bench.jar into a history: --history on a run, then list, check, report and export from the store alone. */
class HistoryIT {
    @TempDir
    Path dir;

    @Test
    void aRunWithHistoryIsStoredAndTheStoreAnswersWithoutItsDirectory() throws Exception {
        String store = dir.resolve("history.sqlite").toString();
        Path out = dir.resolve("run1");
        BenchJar.Result run = BenchJar.run(dir, 300, "--workload", "point-select", "--server", "system", "--threads", "2",
                "--table-size", "1000", "--forks", "2", "--budget", "off", "--warmup-iterations", "0", "--iterations", "2",
                "--time", "1", "--out", out.toString(), "--history", store, "--label", "commit=abc123");
        assertEquals(0, run.exit(), run.all());
        assertTrue(run.out().contains("stored "), "the run says it was stored: " + run.out());

        BenchJar.Result list = BenchJar.run(dir, 60, "history", "list", "--history", store);
        assertEquals(0, list.exit(), list.all());
        assertTrue(list.out().contains("point-select 2") && list.out().contains("commit=abc123"), list.out());

        // one stored run is no trend: the check says so and passes it, in a line of its own
        BenchJar.Result check = BenchJar.run(dir, 60, "history", "check", out.toString(), "--history", store);
        assertEquals(0, check.exit(), check.all());
        assertTrue(check.all().contains("not judged") && check.all().contains("passes them unseen"), check.all());

        Path page = dir.resolve("trend.html");
        BenchJar.Result report = BenchJar.run(dir, 60, "history", "report", "--history", store, "--out", page.toString(),
                "--x", "commit");
        assertEquals(0, report.exit(), report.all());
        assertTrue(Files.readString(page).contains("point-select"), "a section for the run's series");

        String key = list.out().strip().substring(0, 12);
        BenchJar.Result export = BenchJar.run(dir, 60, "history", "export", key, "--history", store, "--format", "bencher");
        assertEquals(0, export.exit(), export.all());
        assertTrue(export.out().contains("\"tps\"") && export.out().contains("lower_value"), export.out());
        assertFalse(run.all().contains("\tat ") || check.all().contains("\tat "), "no stack trace");
    }
}

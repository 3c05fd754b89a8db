package benchkit.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The gate from Java, as docs/history.md shows it for a JUnit check. */
class HistoryCheckTest {
    @TempDir
    Path tmp;

    @Test
    void aJunitCheckFailsOnARegressionAgainstTheTrend() throws Exception {
        String store = tmp.resolve("history.sqlite").toString();
        SplittableRandom random = new SplittableRandom(9);
        Instant t0 = Instant.parse("2026-11-01T02:00:00Z");
        try (HistoryStore h = HistoryStore.open(store)) {
            for (int night = 0; night < 10; night++) {
                double level = 1000 * Math.exp(0.02 * random.nextGaussian());
                Path dir = TestRuns.directory(tmp, "night" + night, t0.plusSeconds(86_400L * night), 8,
                        new double[][] {{level, level * 1.01}, {level * 0.99, level}});
                h.add(RunImport.read(dir, Map.of()));
            }
        }
        Path good = TestRuns.directory(tmp, "good", t0.plusSeconds(86_400L * 10), 8, new double[][] {{1000, 1005}, {995, 1000}});
        Path slow = TestRuns.directory(tmp, "slow", t0.plusSeconds(86_400L * 10), 8, new double[][] {{800, 805}, {795, 800}});

        Path runDir = good;
        List<TrendGate.Judgement> judged = HistoryCheck.assertNoRegression(store, runDir);
        assertTrue(judged.stream().allMatch(TrendGate.Judgement::judged), judged.toString());

        AssertionError e = assertThrows(AssertionError.class, () -> HistoryCheck.assertNoRegression(store, slow));
        assertTrue(e.getMessage().startsWith("point-select at 8 threads, tps: slower -"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one series, one line");
    }
}

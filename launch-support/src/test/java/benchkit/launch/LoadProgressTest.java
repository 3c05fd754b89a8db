package benchkit.launch;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoadProgressTest {
    private static final long MS = 1_000_000L;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private long now = 1_000 * MS;

    private LoadProgress printer(boolean terminal) {
        return new LoadProgress(out, terminal, "# ", () -> now);
    }

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private List<String> lines() {
        return Arrays.stream(text().split("\n")).filter(l -> !l.isEmpty()).toList();
    }

    /** Times the terminal block was redrawn: each redraw clears the first unit's line. */
    private int redraws(String unit) {
        return text().split("\r\033\\[2K" + unit + " ", -1).length - 1;
    }

    @Test
    void terminalLineShowsBarPercentRowsAndRate() {
        LoadProgress p = printer(true);
        p.progress("sbtest3", 0, 100_000);
        now += 400 * MS;
        p.progress("sbtest3", 61_000, 100_000);
        String last = text().substring(text().lastIndexOf("\033[2K") + 4).trim();
        assertEquals("sbtest3 [############--------]  61% 61000/100000 rows  153k rows/s", last);
        assertTrue(text().contains("\033[1A"), "the second draw moves back up over the first");
    }

    @Test
    void terminalRedrawsAtMostFourTimesASecond() {
        LoadProgress p = printer(true);
        for (int i = 0; i < 1000; i++) {           // 1000 batches in one second
            p.progress("sbtest1", i * 100L, 100_000);
            now += MS;
        }
        assertTrue(redraws("sbtest1") <= 5, "redraws: " + redraws("sbtest1"));
        assertTrue(redraws("sbtest1") >= 4, "redraws: " + redraws("sbtest1"));
    }

    @Test
    void terminalAlwaysDrawsTheFinishAndCloseDrawsWhatIsPending() {
        LoadProgress p = printer(true);
        p.progress("sbtest1", 0, 1000);
        p.progress("sbtest2", 0, 1000);
        p.progress("sbtest2", 500, 1000);          // within 250 ms: not drawn yet
        assertFalse(text().contains(" 50%"));
        p.close();
        assertTrue(text().contains("sbtest2 [##########----------]  50% 500/1000 rows"), text());
        p.progress("sbtest1", 1000, 1000);         // finishing is drawn at once
        assertTrue(text().contains("sbtest1 [####################] 100% 1000/1000 rows"), text());
    }

    @Test
    void terminalKeepsOneLinePerUnitAndLetsFinishedOnesScrollAway() {
        LoadProgress p = printer(true);
        p.progress("sbtest1", 0, 10);
        p.progress("sbtest2", 0, 10);
        p.progress("sbtest1", 10, 10);             // drawn with sbtest2 below it, then frozen
        now += 300 * MS;
        p.progress("sbtest2", 5, 10);
        assertEquals(2, text().split("sbtest1 \\[", -1).length - 1, "sbtest1 drawn twice, then left alone: " + text());
        assertTrue(text().endsWith("\033[1A\r\033[2Ksbtest2 [##########----------]  50% 5/10 rows  17 rows/s\n"), text());
    }

    @Test
    void plainPrintsEveryTenthAtMostOnceASecondAndOnceWhenDone() {
        LoadProgress p = printer(false);
        for (int i = 0; i <= 1000; i++) {          // 0.1% a call, 20 ms apart: 20 s in all
            p.progress("sbtest1", i * 100L, 100_000);
            now += 20 * MS;
        }
        List<String> lines = lines();
        assertEquals(10, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("# sbtest1  10% 10000/100000 rows"), lines.get(0));
        assertTrue(lines.get(8).startsWith("# sbtest1  90% 90000/100000 rows"), lines.get(8));
        assertEquals("# Prepared sbtest1 (100000 rows in 20.0 s, 5k rows/s)", lines.get(9));
        assertFalse(text().contains("\033"), "no terminal escapes in plain output");
        assertFalse(text().contains("\r"));
    }

    @Test
    void plainNeverFloodsWithManyUnits() {
        LoadProgress p = printer(false);
        for (int step = 1; step <= 10; step++) {   // 8 tables, each 10% more every 100 ms
            for (int t = 1; t <= 8; t++) {
                p.progress("sbtest" + t, step * 100L - 1, 1000);
            }
            now += 100 * MS;
        }
        // one second in all: at most two in-between lines, however many tables move
        assertTrue(lines().size() <= 2, String.join("\n", lines()));
    }

    @Test
    void plainSpeaksUpAboutASlowUnit() {
        LoadProgress p = printer(false);
        p.progress("sbtest1", 0, 1_000_000);
        now += 11_000 * MS;
        p.progress("sbtest1", 5_000, 1_000_000);   // under a tenth, but 11 s of silence
        assertEquals(List.of("# sbtest1   0% 5000/1000000 rows  455 rows/s"), lines());
    }

    @Test
    void emptyUnitIsDoneAtOnce() {
        LoadProgress p = printer(false);
        p.progress("sbtest1", 0, 0);
        assertEquals(List.of("# Prepared sbtest1 (0 rows in 0.0 s)"), lines());
    }

    @Test
    void humanRates() {
        assertEquals("950", LoadProgress.humanRate(950));
        assertEquals("152k", LoadProgress.humanRate(152_300));
        assertEquals("2.5M", LoadProgress.humanRate(2_500_000));
    }
}

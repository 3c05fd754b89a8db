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
}

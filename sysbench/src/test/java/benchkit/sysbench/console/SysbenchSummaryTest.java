package benchkit.sysbench.console;

import benchkit.core.run.console.Counts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Layout against real sysbench 1.0.20 output captured on this machine (src/test/resources/sysbench-1.0.20:
 * {@code oltp_read_write --threads=4 --time=3 --histogram=on --percentile=99 --report-interval=1} and
 * {@code oltp_point_select --threads=2 --time=2 --percentile=0 --report-interval=1} against MariaDB 10.11).
 */
class SysbenchSummaryTest {
    private static List<String> captured(String name) throws IOException {
        try (InputStream in = SysbenchSummaryTest.class.getResourceAsStream("/sysbench-1.0.20/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** The captured lines from the first one equal to {@code from} to the end (sysbench ends with a blank line). */
    private static List<String> from(List<String> lines, String from) {
        return lines.subList(lines.indexOf(from), lines.size());
    }

    /**
     * sysbench divides the per-second rates by its checkpoint timer, which stops a few hundred microseconds
     * after the "total time" it prints; bench uses one duration for both, so only that line's digits differ.
     */
    private static List<String> withTotalTime(List<String> lines, String sysbenchTime, String benchTime) {
        return lines.stream().map(l -> l.equals("    total time:                          " + sysbenchTime)
                ? "    total time:                          " + benchTime : l).toList();
    }

    @Test
    void reportHasSysbenchLayout() throws IOException {
        List<String> expected = withTotalTime(from(captured("oltp_read_write-histogram-percentile99.txt"), "SQL statistics:"),
                "3.0058s", "3.0061s");
        SysbenchSummary.Stats s = new SysbenchSummary.Stats(18802, 5369, 2685, 1342, 1, 0, 3.006121,
                1.61, 8.95, 206.42, 99, 31.37, 12005.55, 335.5, 23.61, 3.0014, 0.0);
        assertEquals(expected, SysbenchSummary.report(s, true));
    }

    @Test
    void percentileZeroSaysDisabledAsSysbench() throws IOException {
        List<String> expected = withTotalTime(from(captured("oltp_point_select-percentile0.txt"), "SQL statistics:"),
                "2.0223s", "2.0227s");
        SysbenchSummary.Stats s = new SysbenchSummary.Stats(33695, 0, 0, 33695, 0, 0, 2.02266,
                0.05, 0.12, 18.20, 0, 0, 3996.26, 16847.5, 14545.5, 1.9981, 0.0);
        assertEquals(expected, SysbenchSummary.report(s, true));
    }

    @Test
    void percentileLineKeepsSysbenchsColumnsForOneToThreeDigits() {
        for (int p : new int[] {5, 99, 100}) {
            SysbenchSummary.Stats s = new SysbenchSummary.Stats(0, 0, 0, 1, 0, 0, 1, 1, 1, 1, p, 12.5, 1, 1, 0, 1, 0);
            String line = SysbenchSummary.report(s, false).stream().filter(l -> l.contains("percentile")).findFirst()
                    .orElseThrow();
            // As the captured "         99th percentile:                       31.37".
            assertEquals(String.format(java.util.Locale.ROOT, "        %3dth percentile:                  %10.2f", p, 12.5), line);
            assertEquals(53, line.length());
        }
    }

    @Test
    void withoutQueriesTheReportStartsAtGeneralStatistics() throws IOException {
        SysbenchSummary.Stats s = new SysbenchSummary.Stats(0, 0, 0, 10, 0, 0, 1, 1, 1, 1, 95, 1, 10, 10, 0, 0.01, 0);
        List<String> report = SysbenchSummary.report(s, false);
        assertEquals(List.of("", "General statistics:", "    total time:                          1.0000s",
                "    total number of events:              10"), report.subList(0, 4));
    }

    @Test
    void histogramReproducesSysbenchRowsFromHdrHistogram() throws IOException {
        List<String> lines = captured("oltp_read_write-histogram-percentile99.txt");
        int first = lines.indexOf("Latency histogram (values are in milliseconds)");
        int last = lines.indexOf(" ");
        List<String> expected = lines.subList(first, last + 1);
        // Record each captured row's count at its value into bench's latency histogram (ns, 2 digits) ...
        Histogram h = benchkit.core.run.console.TrialTally.newHistogram();
        for (String row : expected.subList(2, expected.size() - 1)) {
            String[] parts = row.strip().split("\\s*\\|\\**\\s*");
            h.recordValueWithCount(Math.round(Double.parseDouble(parts[0]) * 1e6), Long.parseLong(parts[1].strip()));
        }
        // ... and sysbench's rows come back: same buckets, values, stars and counts.
        assertEquals(expected, SysbenchSummary.histogram(SysbenchSummary.buckets(h)));
    }

    @Test
    void bucketsAreSysbenchs() {
        assertEquals(0, SysbenchSummary.bucket(0.0005));
        assertEquals(SysbenchSummary.BUCKETS - 1, SysbenchSummary.bucket(1e9));
        for (int i = 0; i < SysbenchSummary.BUCKETS; i++) {
            assertEquals(i, SysbenchSummary.bucket(SysbenchSummary.bucketValue(i)));
        }
        assertEquals("1.608", String.format(java.util.Locale.ROOT, "%.3f",
                SysbenchSummary.bucketValue(SysbenchSummary.bucket(1.61))));
        // Every event of the histogram lands in exactly one row.
        Histogram h = benchkit.core.run.console.TrialTally.newHistogram();
        for (long v = 1_000; v < 5_000_000_000L; v = v * 11 / 10) {
            h.recordValue(v);
        }
        assertEquals(h.getTotalCount(), java.util.Arrays.stream(SysbenchSummary.buckets(h)).sum());
    }

    @Test
    void emptyHistogramPrintsTitleOnlyAsSysbench() {
        assertEquals(List.of("Latency histogram (values are in milliseconds)", " "),
                SysbenchSummary.histogram(new long[SysbenchSummary.BUCKETS]));
    }

    @Test
    void statsComeFromThreadsAndHistogram() {
        Histogram h = benchkit.core.run.console.TrialTally.newHistogram();
        // thread 0: 3 events of 1, 2, 3 ms; thread 1: 1 event of 10 ms
        for (long ms : new long[] {1, 2, 3, 10}) {
            h.recordValue(ms * 1_000_000);
        }
        Counts counts = new Counts(4, 1, 2, 8, 4, 0);
        SysbenchSummary.Stats s = SysbenchSummary.stats(counts, 2.0, new long[] {3, 1},
                new long[] {6_000_000, 10_000_000}, h, 99);
        assertEquals(4, s.events());
        assertEquals(12, s.queries());
        assertEquals(1, s.errors());
        assertEquals(2, s.reconnects());
        assertEquals(4.0, s.avgMs(), 1e-9, "avg is the exact latency sum over events");
        assertEquals(16.0, s.sumMs(), 1e-9);
        assertEquals(1.0, s.minMs(), 0.01);
        assertEquals(10.0, s.maxMs(), 0.1);
        assertEquals(10.0, s.percentileMs(), 0.1);
        assertEquals(2.0, s.eventsAvg(), 1e-9);
        assertEquals(1.0, s.eventsStddev(), 1e-9);
        assertEquals(0.008, s.timeAvgSec(), 1e-12);
        assertEquals(0.002, s.timeStddevSec(), 1e-12);

        SysbenchSummary.Stats none = SysbenchSummary.stats(Counts.ZERO, 1.0, new long[2], new long[2],
                benchkit.core.run.console.TrialTally.newHistogram(), 95);
        assertEquals(0, none.minMs());
        assertEquals(0, none.avgMs());
        assertEquals(0, none.percentileMs());
        assertTrue(SysbenchSummary.report(none, true).contains("    transactions:                        0      (0.00 per sec.)"));
    }

    @Test
    void scopeLineSaysWhichEventsCount() {
        assertEquals("# sysbench summary of this trial's 3 measurement iterations (30.0 s); 1 warmup iteration not counted",
                SysbenchSummary.scopeLine(3, 30.0, 1));
        assertEquals("# sysbench summary of this trial's 1 measurement iteration (10.0 s); no warmup",
                SysbenchSummary.scopeLine(1, 10.0, 0));
    }

    /** sysbench stamps every line with whole seconds ({@code log_timestamp}): a line that came at 2.7 s says 3 s. */
    @Test
    void linesAreStampedInWholeSecondsAsSysbenchsAre() {
        assertEquals("[ 3s ]", SysbenchSummary.stamp(2.7));
        assertEquals("[ 1s ]", SysbenchSummary.stamp(1.0004));
        assertEquals("[ 10s ]", SysbenchSummary.stamp(10.2));
    }
}

package benchkit.core.report;

import benchkit.core.result.LatencyLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading the latency logs bench writes (LatencyLog, HdrHistogram's format) into seconds on the run's clock. */
class OverTimeTest {
    @TempDir
    Path dir;

    private static Histogram events(int n, long nanos) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < n; i++) {
            h.recordValue(nanos + i);
        }
        return h;
    }

    @Test
    void eachIntervalIsARateAndAP95OnTheRunsClockWithItsWarmupMarked() throws Exception {
        long t0 = 1_790_000_000_000L;
        try (LatencyLog glibc = LatencyLog.open(dir, "glibc", 4, 1, t0)) {
            glibc.interval(events(100, 1_000_000), t0, t0 + 1000, true);
            glibc.interval(events(300, 2_000_000), t0 + 1000, t0 + 2000, false);
            glibc.interval(events(100, 2_000_000), t0 + 2000, t0 + 2500, false);   // an iteration's shorter end
            // a kind of event's latency over the iteration repeats the totals' events: no point of its own
            glibc.kindInterval("a", events(400, 2_000_000), t0 + 1000, t0 + 2500, false);
        }
        // the other variant's slice came 3 s later: on the run's clock, not its own
        try (LatencyLog jemalloc = LatencyLog.open(dir, "jemalloc", 4, 1, t0 + 3000)) {
            jemalloc.interval(events(50, 4_000_000), t0 + 3000, t0 + 4000, false);
        }
        Files.writeString(dir.resolve(LatencyLog.DIR).resolve("notes.hlog"), "not bench's\n");

        List<OverTime.Series> series = OverTime.read(dir);
        assertEquals(List.of("glibc", "jemalloc"), series.stream().map(OverTime.Series::variant).toList());
        List<double[]> g = series.get(0).points();
        assertEquals(3, g.size());
        assertArrayEquals(new double[]{0, 100, 1.0, 1}, round(g.get(0)), "warmup: 100 events in 1 s, p95 ~1 ms");
        assertArrayEquals(new double[]{1, 300, 2.0, 0}, round(g.get(1)));
        assertArrayEquals(new double[]{2, 200, 2.0, 0}, round(g.get(2)), "100 events in half a second");
        assertArrayEquals(new double[]{3, 50, 4.0, 0}, round(series.get(1).points().get(0)));
        assertEquals(4, series.get(0).threads());
        assertEquals(1, series.get(1).fork());
    }

    /**
     * A log cut short, cut in a line, or a directory where a log was is named as damaged, and what it held before the
     * damage is kept; the others are read as ever (issue #51: reports drawn less without a word, or refused as unwritable).
     */
    @Test
    void damagedLogsAreNamedAndTheRestRead() throws Exception {
        long t0 = 1_790_000_000_000L;
        for (String variant : List.of("cut", "halved", "whole")) {
            try (LatencyLog log = LatencyLog.open(dir, variant, 4, 1, t0)) {
                log.interval(events(100, 1_000_000), t0, t0 + 1000, false);
                log.interval(events(300, 2_000_000), t0 + 1000, t0 + 2000, false);
            }
        }
        Path logs = dir.resolve(LatencyLog.DIR);
        Path cut = logs.resolve(LatencyLog.fileName("cut", 4, 1));
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(cut), 100));
        Path halved = logs.resolve(LatencyLog.fileName("halved", 4, 1));
        String text = Files.readString(halved);
        Files.writeString(halved, text.substring(0, text.length() - 40));
        Path directory = Files.createDirectory(logs.resolve(LatencyLog.fileName("dir", 4, 1)));
        Path garbled = Files.write(logs.resolve(LatencyLog.fileName("garbled", 4, 1)),
                new byte[] {(byte) 0xf8, (byte) 0x80, 0x41, (byte) 0xff, '\n', 0x00});        // random bytes over a log
        Files.writeString(logs.resolve("mine.hlog"), "#a user's own log\n");                 // not bench's: not named

        OverTime.Logs read = OverTime.readAll(dir);
        assertEquals(List.of("halved", "whole"), read.series().stream().map(OverTime.Series::variant).toList());
        assertEquals(1, read.series().get(0).points().size(), "the interval before the cut is kept");
        assertEquals(List.of(cut + " holds no interval (cut short?): the over-time chart leaves it out"), read.damaged().stream().filter(d -> d.startsWith(cut.toString())).toList());
        assertTrue(read.damaged().contains(halved + " is cut short after its first 1 interval (its writing did not finish:"
                + " a full disk, or the run killed): the over-time chart draws that one only; the scores do not come from"
                + " it, and a copy of the run's whole log draws all of it"), read.damaged().toString());
        assertTrue(read.damaged().contains(directory + " cannot be read (it is a directory): the over-time chart leaves it out"), read.damaged().toString());
        assertTrue(read.damaged().contains(garbled + " is damaged: it is named as bench's latency logs are, but does not "
                + "begin as they do (overwritten?); the over-time chart leaves it out"), read.damaged().toString());
        assertEquals(4, read.damaged().size(), read.damaged().toString());
    }

    /**
     * A log that goes on in zero bytes (a write cut short by a crash) was read whole as one line, 2 GB for minutes, in
     * silence (sweep 8, case 71): read up to them, named, the intervals before them drawn; cut in a line as well.
     */
    @Test
    void aLogPaddedWithZerosIsReadUpToThemAndNamed() throws Exception {
        long t0 = 1_790_000_000_000L;
        for (String variant : List.of("padded", "cutpadded")) {
            try (LatencyLog log = LatencyLog.open(dir, variant, 4, 1, t0)) {
                log.interval(events(100, 1_000_000), t0, t0 + 1000, false);
                log.interval(events(300, 2_000_000), t0 + 1000, t0 + 2000, false);
            }
        }
        Path logs = dir.resolve(LatencyLog.DIR);
        Path padded = logs.resolve(LatencyLog.fileName("padded", 4, 1));
        byte[] whole = Files.readAllBytes(padded);
        Files.write(padded, java.util.Arrays.copyOf(whole, whole.length + 50_000_000));
        Path cutPadded = logs.resolve(LatencyLog.fileName("cutpadded", 4, 1));
        byte[] text = Files.readAllBytes(cutPadded);
        Files.write(cutPadded, java.util.Arrays.copyOf(java.util.Arrays.copyOf(text, text.length - 40), text.length + 1000));

        OverTime.Logs read = OverTime.readAll(dir);
        assertEquals(List.of(1, 2), read.series().stream().map(s -> s.points().size()).toList());
        assertEquals(List.of(padded + " goes on in zero bytes after its first 2 intervals (a write cut short, e.g. by a"
                + " crash): the over-time chart draws those only", cutPadded + " goes on in zero bytes after its first 1"
                + " interval (a write cut short, e.g. by a crash): the over-time chart draws that one only"),
                read.damaged().stream().sorted(java.util.Comparator.comparing(d -> d.contains("cutpadded"))).toList());
    }

    /** A log that is a link to /dev/zero (sweep 5, case 124) was read until "out of memory": it is named, not read. */
    @Test
    void aLogThatIsNoRegularFileIsNamedNotRead() throws Exception {
        Path logs = Files.createDirectories(dir.resolve(LatencyLog.DIR));
        Path zero = Files.createSymbolicLink(logs.resolve(LatencyLog.fileName("zero", 4, 1)), Path.of("/dev/zero"));
        // a megabyte of zeros with no line end: its first line is read only so far, and it is not bench's
        Path zeros = Files.write(logs.resolve(LatencyLog.fileName("zeros", 4, 1)), new byte[1 << 20]);
        OverTime.Logs read = OverTime.readAll(dir);
        assertEquals(List.of(zero + " is not a regular file (a device or a FIFO): the over-time chart leaves it out",
                zeros + " is damaged: it is named as bench's latency logs are, but does not begin as they do (overwritten?); "
                        + "the over-time chart leaves it out"), read.damaged());
        assertTrue(read.series().isEmpty());
    }

    /** A log or the whole latency/ gone (sweep 6, case 86): named as a damaged one is, where the chart went silently. */
    @Test
    void aMissingLogTheJournalNamesIsSaid() throws Exception {
        var run = new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), List.of("glibc"),
                java.util.Map.of("glibc", java.util.Map.of()), List.of(2, 4), 1, 0, java.time.Duration.ZERO, 1,
                java.time.Duration.ofSeconds(1), 0, 0);
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(dir)) {
            journal.start(run);
            for (int threads : new int[] {2, 4}) {
                var trial = new benchkit.core.result.TrialRecord("glibc", java.util.Map.of(), "MariaDB", threads, 1, List.of());
                journal.iteration(trial, new benchkit.core.result.IterationRecord(1, false, 1_000_000_000L, 100, 0, 0, 100, 0, 0,
                        1, 2, 3, 4, List.of(), 0, 1000, ""));
            }
            journal.end(true, null);
        }
        assertEquals(List.of(dir.resolve(LatencyLog.DIR) + " is missing (the latency logs of 2 trials): the report has no "
                + "over-time chart"), OverTime.readAll(dir).damaged());
        long t0 = 1_790_000_000_000L;
        try (LatencyLog log = LatencyLog.open(dir, "glibc", 2, 1, t0)) {
            log.interval(events(100, 1_000_000), t0, t0 + 1000, false);
        }
        OverTime.Logs read = OverTime.readAll(dir);
        assertEquals(List.of(dir.resolve(LatencyLog.DIR).resolve(LatencyLog.fileName("glibc", 4, 1)) + " is missing: the "
                + "over-time chart leaves it out"), read.damaged());
        assertEquals(1, read.series().size());
    }

    @Test
    void noLogsNoChart() throws Exception {
        assertTrue(OverTime.read(dir).isEmpty());
    }

    private static double[] round(double[] p) {
        return new double[]{p[0], Math.round(p[1]), Math.round(p[2] * 10) / 10.0, p[3]};
    }
}

package benchkit.core.merge;

import benchkit.core.result.IterationRecord;
import benchkit.core.result.LatencyLog;
import benchkit.core.result.TrialRecord;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each interval of a worker's latency log counts in the one iteration that holds it. */
class LatencyIntervalsTest {
    @TempDir
    Path dir;

    private static Histogram events(int n) {
        Histogram h = new Histogram(2);
        for (int i = 0; i < n; i++) {
            h.recordValue(1_000_000);
        }
        return h;
    }

    private static IterationRecord iteration(int index, long events, long start, long end) {
        return new IterationRecord(index, false, (end - start) * 1_000_000, events, 0, 0, events, 0, 0, 1, 1, 1, 1,
                List.of(), start, end, "");
    }

    /** A 1-ms tail of iteration 1 (cut at its end) is iteration 1's alone, not also the next one's (seen in CI: +8). */
    @Test
    void aOneMillisecondTailAtAnIterationsEndCountsOnce() throws Exception {
        long t0 = 1_700_000_000_000L;
        try (LatencyLog log = LatencyLog.open(dir, "external", 2, 1, t0)) {
            log.interval(events(100), t0, t0 + 1000, false);
            log.interval(events(8), t0 + 1999, t0 + 2000, false);     // the tail: iteration 1 ends at +2000
            log.interval(events(50), t0 + 2000, t0 + 3000, false);
            log.interval(events(40), t0 + 3000, t0 + 4000, false);
        }
        IterationRecord first = iteration(1, 108, t0, t0 + 2000);
        IterationRecord second = iteration(2, 90, t0 + 2000, t0 + 4000);
        TrialRecord trial = new TrialRecord("external", Map.of(), "s", 2, 1, List.of(first, second));
        assertEquals(108, LatencyIntervals.of(dir, trial, first).all().getTotalCount());
        assertEquals(90, LatencyIntervals.of(dir, trial, second).all().getTotalCount());
    }

    /**
     * A worker held up mid-iteration (the outside sweep's #126 and #127): its log holds one event more than the invalid
     * iteration (or the warmup) counted. That iteration is in no score and is merged as the log holds it; a valid
     * measured iteration whose log disagrees still stops the merge, naming the file.
     */
    @Test
    void onlyAMeasuredValidIterationMustMatchItsLog() throws Exception {
        long t0 = 1_700_000_000_000L;
        try (LatencyLog log = LatencyLog.open(dir, "external", 2, 1, t0)) {
            log.interval(events(145), t0, t0 + 1000, true);
            log.interval(events(5510), t0 + 1000, t0 + 2000, false);
            log.interval(events(700), t0 + 2000, t0 + 3000, false);
        }
        IterationRecord warmup = new IterationRecord(1, true, 1_000_000_000L, 144, 0, 0, 144, 0, 0, 1, 1, 1, 1,
                List.of(), t0, t0 + 1000, "");
        IterationRecord heldUp = new IterationRecord(2, false, 1_000_000_000L, 5509, 0, 0, 5509, 0, 0, 1, 1, 1, 1,
                List.of(), t0 + 1000, t0 + 2000, "held up for 4.4 s");
        IterationRecord valid = iteration(3, 699, t0 + 2000, t0 + 3000);
        TrialRecord trial = new TrialRecord("external", Map.of(), "s", 2, 1, List.of(warmup, heldUp, valid));
        assertEquals(145, LatencyIntervals.of(dir, trial, warmup).all().getTotalCount());
        assertEquals(5510, LatencyIntervals.of(dir, trial, heldUp).all().getTotalCount());
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> LatencyIntervals.of(dir, trial, valid));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("holds 700 of the 699 events"), e.getMessage());
    }
}

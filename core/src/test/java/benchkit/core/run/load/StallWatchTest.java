package benchkit.core.run.load;


import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What makes an iteration invalid, on a clock the test drives (the real freezes are in TrustIT). */
class StallWatchTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** A 2-s slot from t=10 s, polled every 100 ms, with the last event finished at {@code lastFinish(t)}. */
    private static Optional<String> slot(StallWatch w, java.util.function.LongUnaryOperator lastFinish, long events) {
        w.iterationStarted();
        long start = 10 * S;
        for (long t = start; t <= start + 2 * S; t += 100 * MS) {
            w.observe(t, t, lastFinish.applyAsLong(t));
        }
        return w.verdict(events, 2 * S, 2 * S, start);
    }

    @Test
    void aServerThatAnswersIsValid() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(9 * S);
        assertEquals(Optional.empty(), slot(w, t -> t - MS, 50_000));
    }

    @Test
    void noAnswerForLongerThanTheLimitIsAStallEvenAcrossSlots() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(8 * S);
        // the last answer came 1.5 s before this slot: within the slot the quiet span passes 2 s
        Optional<String> v = slot(w, t -> (long) (8.5 * S), 0);
        assertTrue(v.orElseThrow().startsWith("no event finished for 3.5 s from 1.5 s before the iteration:"), v.toString());
    }

    @Test
    void aClosedLoopSlotWithNoEventAtAllIsInvalidUnderTheLimit() {
        StallWatch w = new StallWatch(Duration.ofSeconds(10), 0);  // a quarter of it is longer than the 2-s slot
        w.loadStarted(10 * S);
        Optional<String> v = slot(w, t -> 0, 0);
        assertTrue(v.orElseThrow().startsWith("no event finished in the whole iteration (2.0 s)"), v.toString());
        // an open loop at one event every 10 s may have none in a slot, and its gaps are no stall
        StallWatch open = new StallWatch(Duration.ofSeconds(10), 0.1);
        open.loadStarted(10 * S);
        assertEquals(Optional.empty(), slot(open, t -> 0, 0));
    }

    @Test
    void aControlThreadThatWokeLateMeansBenchWasPaused() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(10 * S);
        w.iterationStarted();
        w.observe(10 * S, 10 * S, 10 * S);
        w.observe(18 * S + 700 * MS, 10 * S + 100 * MS, 18 * S + 600 * MS); // meant to wake at 10.1 s, woke at 18.7 s
        Optional<String> v = w.verdict(3707, (long) (8.69 * S), 2 * S, 10 * S);
        assertTrue(v.orElseThrow().startsWith("bench itself was held up for 8.6 s"), v.toString());
    }

    /**
     * bench stopped (SIGSTOP, as Ctrl-Z) while a collector's call was under way: the call lasted the pause, and the pause is
     * bench's, not the collector's (TrustIT's Ctrl-Z landed in the machine collector's beforeIteration, which was blamed).
     * This JVM is really stopped for 2 s, by a shell that then wakes it.
     */
    @Test
    void aCallThatLastedBecauseBenchWasStoppedInItIsBenchsPause() throws Exception {
        StallWatch w = new StallWatch(Duration.ofSeconds(1), 0);
        Thread.sleep(200);                                      // the pause watch runs
        long start = System.nanoTime();
        w.loadStarted(start);
        w.iterationStarted();
        long pid = ProcessHandle.current().pid();
        long callStart = System.nanoTime();
        Process stopper = new ProcessBuilder("sh", "-c", "kill -STOP " + pid + "; sleep 2; kill -CONT " + pid).start();
        stopper.waitFor();
        long now = System.nanoTime();
        w.called("collector machine in beforeIteration", now - callStart);
        w.observe(now, callStart + 100 * MS, now);
        Thread.sleep(200);                                      // the watch has noted the pause
        String verdict = w.verdict(1000, now - start, now - start, start).orElseThrow();
        assertTrue(verdict.startsWith("bench itself was held up for "), verdict);
    }

    /** Held up in a collector's call (its server frozen): the collector is named, not bench stopped (sweep 7, case 40). */
    @Test
    void aControlThreadHeldUpInACollectorNamesIt() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(10 * S);
        w.iterationStarted();
        w.called("collector quick in sample", 5 * MS);
        w.called("collector memcached-stats in afterIteration", 2500 * MS);
        w.observe(12 * S + 600 * MS, 10 * S, 12 * S + 600 * MS);
        assertEquals("bench's watch of the load was held up for 2.6 s by collector memcached-stats in afterIteration, which "
                + "took 2.5 s (a slow or stalled server it reads, or a slow collector): the slice's clock and counts do not "
                + "agree", w.verdict(1000, 3 * S, 2 * S, 10 * S).orElseThrow());
        w.iterationStarted();
        w.observe(13 * S + 100 * MS, 10 * S + 100 * MS, 13 * S);       // late with no call of its own: bench held up
        assertTrue(w.verdict(1000, 3 * S, 2 * S, 10 * S).orElseThrow().startsWith("bench itself was held up"));
    }

    @Test
    void anOverrunSlotIsInvalidAndALimitOfZeroTurnsItAllOff() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(10 * S);
        w.iterationStarted();
        w.observe(12 * S, 12 * S, 12 * S);
        assertTrue(w.verdict(1000, 7 * S, 2 * S, 10 * S).orElseThrow().startsWith("it took 7.0 s of its 2.0 s slot"));
        StallWatch off = new StallWatch(Duration.ZERO, 0);
        off.loadStarted(10 * S);
        assertEquals(Optional.empty(), slot(off, t -> 0, 0));
    }

    @Test
    void timeTheLoadWasPausedForOtherVariantsIsNoStall() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(1 * S);
        slot(w, t -> t - MS, 1000);            // this variant's slice ends at 12 s, its last answer just before
        w.loadStarted(30 * S);                 // the other variants' slices ran meanwhile
        w.iterationStarted();
        w.observe(30 * S + 100 * MS, 30 * S + 100 * MS, 30 * S + 50 * MS);
        assertEquals(Optional.empty(), w.verdict(1000, 2 * S, 2 * S, 30 * S));
    }

    @Test
    void aFreezeThatBeginsInAShortSlotIsCaughtInThatSlotNotOnlyTheNext() {
        StallWatch w = new StallWatch(Duration.ofSeconds(2), 0);
        w.loadStarted(9 * S);
        // frozen 50 ms into a 2-s slot: 1.95 s without an answer, under the limit, but most of the slot
        Optional<String> v = slot(w, t -> Math.min(t, 10 * S + 50 * MS), 700);
        assertTrue(v.orElseThrow().startsWith("no event finished for 2.0 s from 0.1 s into the iteration"), v.toString());
        // in a 5-s slot a 1-s gap (an fsync storm, say) is a fifth of it, under both bounds
        StallWatch longer = new StallWatch(Duration.ofSeconds(2), 0);
        longer.loadStarted(9 * S);
        longer.iterationStarted();
        for (long t = 10 * S; t <= 15 * S; t += 100 * MS) {
            long now = t;
            longer.observe(t, t, now >= 12 * S && now < 13 * S ? 12 * S : now - MS);
        }
        assertEquals(Optional.empty(), longer.verdict(50_000, 5 * S, 5 * S, 10 * S));
    }
}

package benchkit.core.run.load;

import benchkit.core.run.plan.ClientThreads;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sessions whose event never returns (a script's event() in a loop: sweep 7, case 73): the load says which ones once it
 * has waited for them, does not resume on them, and a run being stopped does not wait for them.
 */
class TrialLoadStopTest {
    private final CountDownLatch inEvent = new CountDownLatch(2);
    private final CountDownLatch release = new CountDownLatch(1);
    private final List<String> notes = new CopyOnWriteArrayList<>();

    /** Two sessions whose every event hangs, deaf to interrupts, until the test lets them go. */
    private TrialLoad stuckLoad(Duration stopWait) throws Exception {
        Workload workload = (target, context) -> (Session) () -> {
            inEvent.countDown();
            boolean released = false;
            while (!released) {
                try {
                    released = release.await(1, TimeUnit.SECONDS);
                } catch (InterruptedException deaf) {
                    // as Lua code in a loop: goes on
                }
            }
            return Outcome.OK;
        };
        TrialLoad load = TrialLoad.open(workload, Target.builder().build(), 2, 0, 0, ClientThreads.PLATFORM, stopWait,
                notes::add);
        load.start("t");
        assertTrue(inEvent.await(10, TimeUnit.SECONDS), "both sessions are in their event");
        return load;
    }

    @Test
    void sessionsStuckInTheirEventAreNamedAndTheLoadDoesNotResumeOnThem() throws Exception {
        TrialLoad load = stuckLoad(Duration.ofMillis(300));
        try {
            load.pause();
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).matches("# sessions 1, 2 of 2 have not returned from an event after \\d+ s: the workload's"
                    + " own code \\(a script's event\\(\\)\\) or a request the server never answers; the trial cannot go on"
                    + " with them, and Ctrl-C stops the run"), notes.get(0));
            load.start("t");
            assertFalse(load.running(), "not resumed on sessions still in their event");
            assertTrue(load.control().failure().getMessage().startsWith("sessions 1, 2 of 2 have not returned from an event"),
                    load.control().failure().getMessage());
        } finally {
            release.countDown();
            load.close();
        }
    }

    @Test
    void aRunBeingStoppedDoesNotWaitForThem() throws Exception {
        TrialLoad load = stuckLoad(Duration.ofSeconds(60));
        try {
            long start = System.nanoTime();
            load.stopNow();
            load.stop();        // as the trial closes: nothing left to wait for
            long took = System.nanoTime() - start;
            assertTrue(took < TimeUnit.SECONDS.toNanos(5), "stopped in " + took / 1e9 + " s");
        } finally {
            release.countDown();
            load.close();
        }
    }
}

package benchkit.cli;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A worker learns that its coordinator is gone, however it ended (kill -9 included), within about a second. */
class CoordinatorWatchTest {
    @Test
    void theWatchFiresWhenTheWatchedProcessIsKilledAndNotBefore() throws Exception {
        Process coordinator = new ProcessBuilder("sleep", "60").start();
        CountDownLatch gone = new CountDownLatch(1);
        CoordinatorWatch.watch(coordinator.pid(), gone::countDown);
        assertFalse(gone.await(1200, TimeUnit.MILLISECONDS), "the coordinator is alive");
        coordinator.destroyForcibly();     // SIGKILL: no hook of its own runs
        coordinator.waitFor();
        assertTrue(gone.await(5, TimeUnit.SECONDS), "the watch saw it end");
    }

    @Test
    void aPidThatIsNotThereIsGoneAtOnce() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor();
        CountDownLatch gone = new CountDownLatch(1);
        CoordinatorWatch.watch(done.pid(), gone::countDown);
        assertTrue(gone.await(5, TimeUnit.SECONDS));
        assertEquals(0, gone.getCount());
    }
}

package benchkit.core.run.load;

import benchkit.core.run.plan.ClientThreads;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session whose close never returns (a script's thread_done in a loop: sweep 8, case 36) is named while the trial
 * waits for it, again as the wait doubles, and Ctrl-C or SIGTERM still ends the wait at once; a run already stopping
 * does not wait for it.
 */
class TrialLoadCloseTest {
    private final CountDownLatch inClose = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final BlockingQueue<String> notes = new LinkedBlockingQueue<>();

    @AfterEach
    void letGo() {
        release.countDown();
    }

    /** Two sessions; the second one's close hangs, deaf to interrupts, until the test lets it go. */
    private TrialLoad loadClosingSlowly(Duration sayEvery) throws Exception {
        Workload workload = (target, context) -> new Session() {
            @Override
            public Outcome execute() {
                return Outcome.OK;
            }

            @Override
            public void close() {
                if (context.thread() == 1) {
                    inClose.countDown();
                    boolean released = false;
                    while (!released) {
                        try {
                            released = release.await(1, TimeUnit.SECONDS);
                        } catch (InterruptedException deaf) {
                            // as Lua code in a loop: goes on
                        }
                    }
                }
            }
        };
        return TrialLoad.open(workload, Target.builder().build(), 2, 0, 0, ClientThreads.PLATFORM, sayEvery, notes::add);
    }

    /** Closes {@code load} on a thread of its own, as the run's control thread: what it threw, null when it returned. */
    private static CompletableFuture<Throwable> closing(TrialLoad load, Thread[] control) {
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        control[0] = new Thread(() -> {
            try {
                load.close();
                ended.complete(null);
            } catch (Throwable t) {
                ended.complete(t);
            }
        });
        control[0].start();
        return ended;
    }

    @Test
    void aCloseThatNeverReturnsIsSaidAgainAsTheWaitDoublesAndCtrlCEndsTheWait() throws Exception {
        TrialLoad load = loadClosingSlowly(Duration.ofMillis(200));
        Thread[] control = new Thread[1];
        CompletableFuture<Throwable> ended = closing(load, control);
        assertTrue(inClose.await(10, TimeUnit.SECONDS));
        String first = notes.poll(10, TimeUnit.SECONDS);
        assertNotNull(first, "no word while session 2's close has not returned");
        assertTrue(first.matches("# session 2 of 2 has not closed after \\d+ s: the workload's end of the trial \\(a "
                + "script's thread_done\\) has not returned; Ctrl-C stops the run"), first);
        long firstAt = System.nanoTime();
        String second = notes.poll(10, TimeUnit.SECONDS);
        assertNotNull(second, "said again while it has still not returned");
        assertTrue(System.nanoTime() - firstAt >= TimeUnit.MILLISECONDS.toNanos(150), "not a stream of lines");

        control[0].interrupt();     // as SignalGuard does on Ctrl-C or SIGTERM
        assertInstanceOf(InterruptedException.class, ended.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aRunBeingStoppedDoesNotWaitForIt() throws Exception {
        TrialLoad load = loadClosingSlowly(Duration.ofSeconds(60));
        load.stopNow();
        Thread[] control = new Thread[1];
        long t0 = System.nanoTime();
        CompletableFuture<Throwable> ended = closing(load, control);
        assertNull(ended.get(10, TimeUnit.SECONDS), "closed as far as it could, and left the rest");
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(5), "a second or so, not the wait of a trial");
        assertTrue(inClose.await(0, TimeUnit.SECONDS), "session 2's close was begun");
        assertTrue(notes.isEmpty(), notes.toString());
    }
}

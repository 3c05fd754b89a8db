package benchkit.core.run.load;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/**
 * Pauses of this whole process (Ctrl-Z or SIGSTOP, or a machine that gave it no CPU), seen by a daemon thread that
 * wakes every {@value #TICK_MILLIS} ms and notes how late it woke, as jHiccup does. It tells a pause of bench from a
 * slow call of its own: a collector's call that took 5 s because bench was stopped in it is bench's pause, not the
 * collector's (TrustIT: the stop landed in the machine collector's beforeIteration, which was then blamed).
 */
final class ProcessPauses {
    private static final long TICK_MILLIS = 50;
    /** Lateness below this is the scheduler's, not a pause. */
    private static final long NOTED_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final int KEPT = 64;
    /** {end, length} of the latest pauses, oldest first. */
    private static final Deque<long[]> PAUSES = new ArrayDeque<>();
    private static Thread ticker;

    private ProcessPauses() {
    }

    /** Starts the watch (once per process). */
    static synchronized void watch() {
        if (ticker != null) {
            return;
        }
        ticker = new Thread(ProcessPauses::tick, "bench-pause-watch");
        ticker.setDaemon(true);
        ticker.start();
    }

    private static void tick() {
        long meant = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        while (true) {
            try {
                Thread.sleep(TICK_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            long now = System.nanoTime();
            long late = now - meant;
            if (late > NOTED_NANOS) {
                synchronized (ProcessPauses.class) {
                    PAUSES.addLast(new long[] {now, late});
                    if (PAUSES.size() > KEPT) {
                        PAUSES.removeFirst();
                    }
                }
            }
            meant = now + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
        }
    }

    /** The longest pause of the process that ended after {@code since} (nanoTime), 0 when none. */
    static synchronized long longestEndedAfter(long since) {
        long longest = 0;
        for (long[] p : PAUSES) {
            if (p[0] - since > 0) {
                longest = Math.max(longest, p[1]);
            }
        }
        return longest;
    }
}

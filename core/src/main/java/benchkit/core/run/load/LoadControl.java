package benchkit.core.run.load;

import benchkit.core.run.console.Counts;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * What the workers of one trial share: the run flag, the open-loop schedule, the event limit
 * and the first failure. Workers wake the control thread when they stop the trial.
 */
final class LoadControl {
    private final Thread controlThread;
    final double rate;
    final long maxEvents;
    private final AtomicLong okEvents = new AtomicLong();
    /** Events started or finished OK: never more than the limit, so no thread runs one too many. */
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean running = true;
    private volatile long startNanos;
    private volatile long limitReachedAt;
    /** Why the sessions cannot take up the load again after a pause (e.g. left mid-event), or null. */
    private volatile String unresumable;

    LoadControl(Thread controlThread, double rate, long maxEvents) {
        this.controlThread = controlThread;
        this.rate = rate;
        this.maxEvents = maxEvents;
    }

    boolean running() {
        return running;
    }

    long startNanos() {
        return startNanos;
    }

    void start(long nanos) {
        startNanos = nanos;
    }

    void stop() {
        running = false;
    }

    /**
     * Lets workers run again after {@link #stop()} (the load resumes on this trial's sessions after
     * another variant's time slice); false when the trial cannot go on: it failed or reached its limit.
     */
    boolean resume() {
        if (unresumable != null) {
            fail(new IllegalStateException(unresumable));
        }
        if (failure.get() != null || limitReachedAt != 0) {
            return false;
        }
        running = true;
        return true;
    }

    /**
     * Takes one of the limit's events before running it (as sysbench does), so in-flight events of other
     * threads cannot push the total past the limit; false while all are taken. Only called under a limit.
     */
    boolean claimEvent() {
        if (claimed.incrementAndGet() <= maxEvents) {
            return true;
        }
        claimed.decrementAndGet();
        return false;
    }

    /** Gives back a claimed event that did not end OK (an ignored error or a reconnect), to be run again. */
    void releaseEvent() {
        claimed.decrementAndGet();
    }

    /** Counts an OK event towards the limit; only called when there is a limit. */
    void countEvent() {
        if (okEvents.incrementAndGet() == maxEvents) {
            limitReachedAt = System.nanoTime();
            running = false;
            LockSupport.unpark(controlThread);
        }
    }

    /** When the event limit was reached (a nanoTime), or 0 while it has not been. */
    long limitReachedAt() {
        return limitReachedAt;
    }

    /** Whether the load can resume (no session was left in an unknown state). */
    boolean resumable() {
        return unresumable == null;
    }

    /** The load stopped with sessions in an unknown state: a later {@link #resume} fails the trial with {@code why}. */
    void cannotResume(String why) {
        unresumable = why;
    }

    void fail(Throwable t) {
        if (failure.compareAndSet(null, t)) {
            running = false;
            LockSupport.unpark(controlThread);
        }
    }

    Throwable failure() {
        return failure.get();
    }
}

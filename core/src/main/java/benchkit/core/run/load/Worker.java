package benchkit.core.run.load;

import benchkit.spi.Outcome;
import benchkit.spi.Session;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One client thread: runs its session's events back to back for the whole trial (closed loop),
 * or at its share of the target rate (open loop), timing each OK event. Under a rate, latency
 * counts from the event's intended start, so a stalled server cannot hide its queueing
 * (coordinated omission corrected, like YCSB's {@code -target}).
 *
 * @param schedule the open-loop schedule; null in a closed loop
 */
record Worker(Session session, EventRecorder events, LoadControl control, Schedule schedule) implements Runnable {
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    static final long CLAIM_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    @Override
    public void run() {
        boolean limited = control.maxEvents > 0;
        try {
            while (control.running()) {
                long start;
                if (schedule != null) {
                    start = schedule.next(control.startNanos());
                    if (!waitUntil(start)) {
                        return;
                    }
                } else {
                    start = System.nanoTime();
                }
                if (limited && !control.claimEvent()) {
                    // Every event of the limit is running elsewhere; one may yet end in an error and come back.
                    LockSupport.parkNanos(CLAIM_RETRY_NANOS);
                    continue;
                }
                events.started(start);
                Outcome outcome = session.execute();
                events.finished(outcome, start, System.nanoTime());
            }
        } catch (Throwable t) {
            control.fail(t);
        }
    }

    /** Sleeps until {@code nanos}; false when the trial ended meanwhile. */
    private boolean waitUntil(long nanos) {
        long now;
        while ((now = System.nanoTime()) < nanos) {
            if (!control.running()) {
                return false;
            }
            LockSupport.parkNanos(Math.min(nanos - now, MAX_PARK_NANOS));
        }
        return control.running();
    }
}

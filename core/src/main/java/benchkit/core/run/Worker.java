package benchkit.core.run;

import benchkit.spi.Outcome;
import benchkit.spi.Session;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Recorder;

/**
 * One client thread: runs its session's events back to back for the whole trial (closed loop),
 * or at its share of the target rate (open loop), timing each OK event. Under a rate, latency
 * counts from the event's intended start, so a stalled server cannot hide its queueing
 * (coordinated omission corrected, like YCSB's {@code -target}).
 */
final class Worker implements Runnable {
    /** Longest latency the histograms hold; longer ones are clamped. */
    static final long MAX_LATENCY_NANOS = TimeUnit.HOURS.toNanos(1);
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long CLAIM_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final int thread;
    private final int threads;
    private final Session session;
    private final ThreadCounters counters;
    private final Recorder latency;
    private final LoadControl control;

    Worker(int thread, int threads, Session session, ThreadCounters counters, Recorder latency, LoadControl control) {
        this.thread = thread;
        this.threads = threads;
        this.session = session;
        this.counters = counters;
        this.latency = latency;
        this.control = control;
    }

    @Override
    public void run() {
        boolean openLoop = control.rate > 0;
        // Thread i owns the events i, i+T, i+2T, ... of one global schedule at the target rate.
        double periodNanos = openLoop ? threads * 1e9 / control.rate : 0;
        double offsetNanos = openLoop ? thread * 1e9 / control.rate : 0;
        boolean limited = control.maxEvents > 0;
        long k = 0;
        try {
            while (control.running()) {
                long start;
                if (openLoop) {
                    start = control.startNanos() + (long) (offsetNanos + k++ * periodNanos);
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
                Outcome outcome = session.execute();
                long end = System.nanoTime();
                if (outcome == null) {
                    throw new IllegalStateException("session returned no outcome");
                }
                switch (outcome) {
                    case OK -> {
                        long nanos = Math.min(Math.max(end - start, 0), MAX_LATENCY_NANOS);
                        latency.recordValue(nanos);
                        counters.event(nanos);
                        if (limited) {
                            control.countEvent();
                        }
                    }
                    case RETRY -> counters.reconnect();
                    case IGNORED_ERROR, ERROR -> counters.error();
                }
                if (limited && outcome != Outcome.OK) {
                    control.releaseEvent();
                }
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

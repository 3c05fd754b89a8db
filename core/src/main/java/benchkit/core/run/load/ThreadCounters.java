package benchkit.core.run.load;


import benchkit.spi.QueryCounter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Cache-line padding before the counters (superclass fields are laid out first). */
abstract class ThreadCountersPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** The counters themselves, between two paddings. */
abstract class ThreadCountersFields extends ThreadCountersPadBefore {
    long errors;
    long reconnects;
    /** When the session's event in flight started (or was due), 0 when none is in flight: a stall's waiting request. */
    long inFlightSince;
    /** When the session's last answered event finished (nanoTime), 0 before the first: progress. */
    long finishedAt;
    /** The kind of the event in flight its session named, -1 when none: only the thread running it reads and writes it. */
    int eventKind = -1;
    /**
     * Queries of the event in flight, counted when it ends, with it (SessionRecorder): only the thread running it reads
     * and writes them.
     */
    int pendingReads;
    int pendingWrites;
    int pendingOthers;
}

/** Cache-line padding after the counters. */
abstract class ThreadCountersPadAfter extends ThreadCountersFields {
    long p10, p11, p12, p13, p14, p15, p16, p17;
}

/**
 * Counts of one worker thread, padded so two threads' counters never share a cache line. Only that thread writes (plain read + opaque write: no lock, no
 * allocation, no contended atomic); the control thread reads with opaque loads at boundaries.
 */
final class ThreadCounters extends ThreadCountersPadAfter implements QueryCounter {
    private static final VarHandle ERRORS;
    private static final VarHandle RECONNECTS;
    private static final VarHandle IN_FLIGHT_SINCE;
    private static final VarHandle FINISHED_AT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ERRORS = l.findVarHandle(ThreadCountersFields.class, "errors", long.class);
            RECONNECTS = l.findVarHandle(ThreadCountersFields.class, "reconnects", long.class);
            IN_FLIGHT_SINCE = l.findVarHandle(ThreadCountersFields.class, "inFlightSince", long.class);
            FINISHED_AT = l.findVarHandle(ThreadCountersFields.class, "finishedAt", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** An event starts (or was due) at {@code startNanos}. */
    void started(long startNanos) {
        IN_FLIGHT_SINCE.setOpaque(this, startNanos == 0 ? 1 : startNanos);
    }

    /**
     * The event in flight ended at {@code endNanos}; {@code answered} when the server answered it (OK, or an error
     * the workload ignores), which is progress, unlike a timeout or a lost connection.
     */
    void finished(long endNanos, boolean answered) {
        IN_FLIGHT_SINCE.setOpaque(this, 0L);
        if (answered) {
            FINISHED_AT.setOpaque(this, endNanos);
        }
    }

    /** The session names the kind of its event in flight (on the thread running it). */
    void eventKind(int index) {
        eventKind = index;
    }

    /** The kind the session named for the event that just ended, -1 when none; the next event starts with none. */
    int takeEventKind() {
        int k = eventKind;
        eventKind = -1;
        return k;
    }

    void error() {
        ERRORS.setOpaque(this, errors + 1);
    }

    void reconnect() {
        RECONNECTS.setOpaque(this, reconnects + 1);
    }

    /**
     * Counted with the event they belong to, when it ends ({@link SessionRecorder#record}), not as sent: an event in
     * flight at an iteration's end would otherwise count its queries in one iteration and itself in the next (at 64
     * threads, up to 385 queries of one-query events on the wrong side, so that tps and qps of point selects differed).
     */
    @Override
    public void reads(int n) {
        pendingReads += n;
    }

    @Override
    public void writes(int n) {
        pendingWrites += n;
    }

    @Override
    public void others(int n) {
        pendingOthers += n;
    }

    /** This thread's errors so far (called by the control thread). */
    long errors() {
        return (long) ERRORS.getOpaque(this);
    }

    /** This thread's reconnects so far (called by the control thread). */
    long reconnects() {
        return (long) RECONNECTS.getOpaque(this);
    }

    /** When this session's event in flight started, 0 when none is (called by the control thread). */
    long inFlightSince() {
        return (long) IN_FLIGHT_SINCE.getOpaque(this);
    }

    /** When this session's last event finished, 0 before the first (called by the control thread). */
    long finishedAt() {
        return (long) FINISHED_AT.getOpaque(this);
    }
}

package benchkit.core.run;

import benchkit.spi.QueryCounter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Counts of one worker thread. Only that thread writes (plain read + opaque write: no lock, no
 * allocation, no contended atomic); the control thread reads with opaque loads at boundaries.
 */
final class ThreadCounters implements QueryCounter {
    private static final VarHandle EVENTS;
    private static final VarHandle ERRORS;
    private static final VarHandle RECONNECTS;
    private static final VarHandle READS;
    private static final VarHandle WRITES;
    private static final VarHandle OTHERS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            EVENTS = l.findVarHandle(ThreadCounters.class, "events", long.class);
            ERRORS = l.findVarHandle(ThreadCounters.class, "errors", long.class);
            RECONNECTS = l.findVarHandle(ThreadCounters.class, "reconnects", long.class);
            READS = l.findVarHandle(ThreadCounters.class, "reads", long.class);
            WRITES = l.findVarHandle(ThreadCounters.class, "writes", long.class);
            OTHERS = l.findVarHandle(ThreadCounters.class, "others", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long events;
    private long errors;
    private long reconnects;
    private long reads;
    private long writes;
    private long others;

    void event() {
        EVENTS.setOpaque(this, events + 1);
    }

    void error() {
        ERRORS.setOpaque(this, errors + 1);
    }

    void reconnect() {
        RECONNECTS.setOpaque(this, reconnects + 1);
    }

    @Override
    public void reads(int n) {
        READS.setOpaque(this, reads + n);
    }

    @Override
    public void writes(int n) {
        WRITES.setOpaque(this, writes + n);
    }

    @Override
    public void others(int n) {
        OTHERS.setOpaque(this, others + n);
    }

    /** Adds this thread's current counts to {@code into} (called by the control thread). */
    void addTo(long[] into) {
        into[Counts.EVENTS] += (long) EVENTS.getOpaque(this);
        into[Counts.ERRORS] += (long) ERRORS.getOpaque(this);
        into[Counts.RECONNECTS] += (long) RECONNECTS.getOpaque(this);
        into[Counts.READS] += (long) READS.getOpaque(this);
        into[Counts.WRITES] += (long) WRITES.getOpaque(this);
        into[Counts.OTHERS] += (long) OTHERS.getOpaque(this);
    }
}

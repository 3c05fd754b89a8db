package benchkit.core.run.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One session's share of the open-loop schedule: session i of T owns the events i, i+T, i+2T, ...
 * of one global schedule at the target rate.
 */
final class Schedule {
    private static final VarHandle TAKEN;

    static {
        try {
            TAKEN = MethodHandles.lookup().findVarHandle(Schedule.class, "k", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final double periodNanos;
    private final double offsetNanos;
    /** The events taken so far: written by the session's thread, read (opaque) by the control thread. */
    private long k;

    Schedule(int session, int sessions, double rate) {
        this.periodNanos = sessions * 1e9 / rate;
        this.offsetNanos = session * 1e9 / rate;
    }

    /** The intended start of this session's next event (a nanoTime), for a trial that started at {@code trialStart}. */
    long next(long trialStart) {
        long taken = k;
        TAKEN.setOpaque(this, taken + 1);
        return trialStart + (long) (offsetNanos + taken * periodNanos);
    }

    /**
     * How many of this session's events were due by {@code now} and not yet taken (sysbench's queue length, for a
     * trial that started at {@code trialStart}): a session that keeps up has none.
     */
    long behind(long now, long trialStart) {
        double since = now - trialStart - offsetNanos;
        long due = since < 0 ? 0 : (long) (since / periodNanos) + 1;
        return Math.max(0, due - (long) TAKEN.getOpaque(this));
    }
}

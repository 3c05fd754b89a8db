package benchkit.core.run;

/**
 * One session's share of the open-loop schedule: session i of T owns the events i, i+T, i+2T, ...
 * of one global schedule at the target rate.
 */
final class Schedule {
    private final double periodNanos;
    private final double offsetNanos;
    private long k;

    Schedule(int session, int sessions, double rate) {
        this.periodNanos = sessions * 1e9 / rate;
        this.offsetNanos = session * 1e9 / rate;
    }

    /** The intended start of this session's next event (a nanoTime), for a trial that started at {@code trialStart}. */
    long next(long trialStart) {
        return trialStart + (long) (offsetNanos + k++ * periodNanos);
    }
}

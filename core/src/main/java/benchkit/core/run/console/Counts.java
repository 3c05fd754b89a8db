package benchkit.core.run.console;

/** A snapshot of all workers' counters summed; differences of two snapshots give an interval. */
public record Counts(long events, long errors, long reconnects, long reads, long writes, long others) {
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0);

    public Counts minus(Counts o) {
        return new Counts(events - o.events, errors - o.errors, reconnects - o.reconnects,
                reads - o.reads, writes - o.writes, others - o.others);
    }

    public long queries() {
        return reads + writes + others;
    }
}

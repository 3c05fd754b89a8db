package benchkit.core.run;

/** A snapshot of all workers' counters summed; differences of two snapshots give an interval. */
public record Counts(long events, long errors, long reconnects, long reads, long writes, long others) {
    static final int EVENTS = 0;
    static final int ERRORS = 1;
    static final int RECONNECTS = 2;
    static final int READS = 3;
    static final int WRITES = 4;
    static final int OTHERS = 5;
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0);

    /** From an array indexed by {@link #EVENTS} ... {@link #OTHERS}. */
    static Counts of(long[] c) {
        return new Counts(c[EVENTS], c[ERRORS], c[RECONNECTS], c[READS], c[WRITES], c[OTHERS]);
    }

    public Counts minus(Counts o) {
        return new Counts(events - o.events, errors - o.errors, reconnects - o.reconnects,
                reads - o.reads, writes - o.writes, others - o.others);
    }

    public long queries() {
        return reads + writes + others;
    }
}

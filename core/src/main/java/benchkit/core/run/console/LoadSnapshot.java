package benchkit.core.run.console;

/**
 * Every worker's counters read once at an iteration boundary: their sum, and per thread the OK events
 * (counted by its drained latency histograms) and the sum of their latencies. The totals are summed from the same reads as the per-thread values,
 * so events always equal the sum of the threads' events.
 */
public record LoadSnapshot(Counts total, long[] threadEvents, long[] threadLatencyNanos) {
    public static LoadSnapshot zero(int threads) {
        return new LoadSnapshot(Counts.ZERO, new long[threads], new long[threads]);
    }

    /** Per-thread OK events since {@code earlier}. */
    public long[] threadEventsSince(LoadSnapshot earlier) {
        return minus(threadEvents, earlier.threadEvents);
    }

    /** Per-thread latency sums since {@code earlier}. */
    public long[] threadLatencyNanosSince(LoadSnapshot earlier) {
        return minus(threadLatencyNanos, earlier.threadLatencyNanos);
    }

    private static long[] minus(long[] a, long[] b) {
        long[] d = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }
}

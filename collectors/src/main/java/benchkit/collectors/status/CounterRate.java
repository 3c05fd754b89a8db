package benchkit.collectors.status;

import java.util.Optional;

/** Turns two readings of a status counter into a per-second rate. */
public final class CounterRate {
    private CounterRate() {
    }

    /**
     * (after - before - ownReads) / elapsed seconds, where {@code ownReads} is how many status
     * reads the collector made after {@code before} up to and including {@code after}. Empty when
     * the counter is missing or went backwards (e.g. {@code FLUSH STATUS} reset it).
     */
    public static Optional<Double> perSecond(StatusSnapshot before, StatusSnapshot after, String name, int ownReads) {
        Optional<Double> a = before.number(name);
        Optional<Double> b = after.number(name);
        double seconds = (after.wallNanos() - before.wallNanos()) / 1e9;
        if (a.isEmpty() || b.isEmpty() || seconds <= 0) {
            return Optional.empty();
        }
        double delta = b.get() - a.get();
        if (delta < 0) {
            return Optional.empty();
        }
        return Optional.of(OwnStatementCorrection.counterDelta(name, delta, ownReads) / seconds);
    }
}

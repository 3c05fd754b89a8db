package benchkit.collectors.status;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Turns two readings of a status counter into a per-second rate. */
public final class CounterRate {
    /**
     * Counters that each of the collector's own {@code SHOW GLOBAL STATUS} statements bumps by
     * one; the collector subtracts its statements so an idle server shows 0.
     */
    private static final Set<String> BUMPED_BY_OWN_READS = Set.of("questions", "queries", "com_show_status");

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
        if (BUMPED_BY_OWN_READS.contains(name.toLowerCase(Locale.ROOT))) {
            delta = Math.max(0, delta - ownReads);
        }
        return Optional.of(delta / seconds);
    }
}

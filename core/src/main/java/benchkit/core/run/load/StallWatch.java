package benchkit.core.run.load;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Decides whether an iteration measured what it claims to: a time slice of load on a server that answered and a
 * client that ran. Three things make an iteration invalid, each longer than the stall limit:
 * <ul>
 *   <li>a stall: no event was answered (OK, or an error the workload ignores; not a timeout or a lost connection,
 *       which a frozen server gives too) for that long while the load ran (or for
 *       a quarter of a shorter slot, see {@link #quietLimit}), or none at all in a closed-loop iteration: the
 *       server froze (SIGSTOP, a hung disk, a lock) and its 0 ops/s is not a throughput;</li>
 *   <li>a pause of bench itself: the control thread, which wakes at least every 100 ms, woke that much late
 *       (bench was stopped with Ctrl-Z, or starved of CPU), so the slice's clock and counts do not agree;</li>
 *   <li>an overrun: the iteration took that much longer than its slot (ending it waited on stuck sessions).</li>
 * </ul>
 * A stall is measured across iteration boundaries while the load runs, so a freeze longer than one slice marks
 * each slice it covers. Used by the control thread only.
 */
final class StallWatch {
    private final long limitNanos;
    private final boolean closedLoop;
    /** When an event last finished, or the load (re)started; what a quiet span counts from. */
    private long lastProgress;
    private long longestQuiet;
    private long quietFrom;
    private long latest;
    /** The longest call the control thread made in the slot (a collector's), and whose, for {@link #verdict}. */
    private long longestCall;
    private String longestCallBy;

    /**
     * @param limit    the stall limit; zero turns the watch off
     * @param rate     the open-loop rate (events/s), 0 for a closed loop: a slow schedule's gaps are no stall
     */
    StallWatch(Duration limit, double rate) {
        long gap = rate > 0 ? (long) (2e9 / rate) : 0;
        this.limitNanos = limit.isZero() ? Long.MAX_VALUE : limit.toNanos() + gap;
        this.closedLoop = rate == 0;
        if (enabled()) {
            ProcessPauses.watch();
        }
    }

    boolean enabled() {
        return limitNanos != Long.MAX_VALUE;
    }

    /** The load started or resumed at {@code now}: the time it was paused for other variants is no stall. */
    void loadStarted(long now) {
        lastProgress = now;
    }

    /** A new iteration begins: its worst quiet span and lateness start at zero. */
    void iterationStarted() {
        longestQuiet = 0;
        latest = 0;
        longestCall = 0;
        longestCallBy = null;
    }

    /** The control thread spent {@code nanos} in {@code by} (e.g. {@code collector memcached-stats in afterIteration}). */
    void called(String by, long nanos) {
        if (nanos > longestCall) {
            longestCall = nanos;
            longestCallBy = by;
        }
    }

    /**
     * The control thread looked at {@code now}, having meant to wake at {@code meantToWake}, and the latest event
     * finished at {@code lastFinish} (0 when none has yet).
     */
    void observe(long now, long meantToWake, long lastFinish) {
        latest = Math.max(latest, now - meantToWake);
        if (lastFinish - lastProgress > 0) {
            lastProgress = lastFinish;
        }
        long quiet = now - lastProgress;
        if (quiet > longestQuiet) {
            longestQuiet = quiet;
            quietFrom = lastProgress;
        }
    }

    /** How long a request still waiting must have waited to be counted in the latency as a stalled one. */
    long limitNanos() {
        return limitNanos;
    }

    /**
     * Why the iteration just ended is invalid, or empty when it is valid.
     *
     * @param events   events that finished in it (OK, error and reconnect)
     * @param nanos    how long it lasted
     * @param slotNanos how long it was meant to last
     */
    Optional<String> verdict(long events, long nanos, long slotNanos, long iterationStart) {
        if (!enabled()) {
            return Optional.empty();
        }
        // a call that was long because bench itself was stopped in it is bench's pause, not the call's
        boolean paused = ProcessPauses.longestEndedAfter(iterationStart) > limitNanos;
        if (latest > limitNanos && longestCall > limitNanos && !paused) {
            // held up in a call of its own, not stopped: name it (a collector reading a frozen server's stats, sweep 7)
            return Optional.of("bench's watch of the load was held up for " + seconds(latest) + " by " + longestCallBy
                    + ", which took " + seconds(longestCall) + " (a slow or stalled server it reads, or a slow collector): "
                    + "the slice's clock and counts do not agree");
        }
        if (latest > limitNanos) {
            return Optional.of("bench itself was held up for " + seconds(latest) + " (stopped with Ctrl-Z or SIGSTOP, "
                    + "starved of CPU, or a collector was slow): the slice's clock and counts do not agree");
        }
        if (longestQuiet > quietLimit(slotNanos)) {
            long into = quietFrom - iterationStart;
            return Optional.of("no event finished for " + seconds(longestQuiet)
                    + (into > 0 ? " from " + seconds(into) + " into the iteration" : "")
                    // a freeze that began in the slice before: say so, or the span reads longer than the slice held
                    + (into < 0 ? " from " + seconds(-into) + " before the iteration" : "")
                    + ": the server or the workload's own code stalled (or the stall limit, --stall-limit, is shorter than its"
                    + " slowest events)");
        }
        if (closedLoop && events == 0 && nanos > 0) {
            return Optional.of("no event finished in the whole iteration (" + seconds(nanos) + "): the server or the workload's own code stalled");
        }
        if (nanos - slotNanos > limitNanos) {
            return Optional.of("it took " + seconds(nanos) + " of its " + seconds(slotNanos)
                    + " slot (ending it waited on stuck sessions)");
        }
        return Optional.empty();
    }

    /**
     * The longest quiet span a slot may hold: the stall limit, or a quarter of the slot when that is shorter (but
     * not under a quarter of the limit). A freeze that begins near a slot's end is then caught in that slot too,
     * not only in the next one, where the span has grown past the limit: a 2-s slot that lost 1.9 s to a freeze
     * would otherwise be stored at a twentieth of its rate.
     */
    private long quietLimit(long slotNanos) {
        return Math.min(limitNanos, Math.max(limitNanos / 4, slotNanos / 4));
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}

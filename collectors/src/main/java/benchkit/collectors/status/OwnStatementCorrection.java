package benchkit.collectors.status;

import java.util.Locale;
import java.util.Set;

/**
 * Takes the collector's own {@code SHOW GLOBAL STATUS} statements out of what it reports, so an
 * idle server shows no questions and no running threads: each read bumps {@code Questions},
 * {@code Queries} and {@code Com_show_status} by one, and is itself the one running thread
 * {@code Threads_running} counts while it reads.
 */
final class OwnStatementCorrection {
    private static final Set<String> BUMPED_BY_EACH_READ = Set.of("questions", "queries", "com_show_status");

    private OwnStatementCorrection() {
    }

    /** A counter's increase without the collector's {@code ownReads} statements. */
    static double counterDelta(String name, double delta, int ownReads) {
        if (BUMPED_BY_EACH_READ.contains(name.toLowerCase(Locale.ROOT))) {
            return Math.max(0, delta - ownReads);
        }
        return delta;
    }

    /** A gauge's value without the collector's own running statement. */
    static double gaugeValue(String name, double value) {
        if (name.equalsIgnoreCase("Threads_running")) {
            return Math.max(0, value - 1);
        }
        return value;
    }
}

package benchkit.core.result;

import java.util.List;
import java.util.Map;

/**
 * The finished iterations of one trial: one variant at one thread count in one fork.
 *
 * @param server the server's product and version, e.g. {@code MariaDB 10.11.6}
 */
public record TrialRecord(String variant, Map<String, String> variantParams, String server, int threads, int fork,
                          List<IterationRecord> iterations) {
    public TrialRecord {
        // the order given, as RunDescription's: Map.copyOf's changes from one JVM to the next
        variantParams = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variantParams));
        iterations = List.copyOf(iterations);
    }

    /** The measurement iterations that count: not warmups, not invalid ones. */
    public List<IterationRecord> measurements() {
        return iterations.stream().filter(i -> !i.warmup() && i.valid()).toList();
    }

    /**
     * Measurement iterations invalid and not made up for by one measured again: the planned {@code planned} less the
     * valid ones, or none.
     */
    public int unreplaced(int planned) {
        return Math.max(0, Math.min(planned - measurements().size(),
                (int) iterations.stream().filter(i -> !i.warmup() && !i.valid()).count()));
    }

    /** The iterations that measured nothing they could claim, warmups included. */
    public List<IterationRecord> invalid() {
        return iterations.stream().filter(i -> !i.valid()).toList();
    }
}

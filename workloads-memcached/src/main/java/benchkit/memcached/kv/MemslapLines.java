package benchkit.memcached.kv;

import benchkit.spi.WorkloadFactory;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code --format memslap}: the line memslap users compare, "Time to set N keys by T threads: X s",
 * per key-value workload, variant and thread count. N is {@code --execute-number} x threads when given,
 * else the events of the measured iterations.
 */
public final class MemslapLines {
    /** One variant's throughput at one thread count, in events (keys) per second. */
    public record Score(String variant, int threads, double eventsPerSecond) {
    }

    private MemslapLines() {
    }

    /** @param factories the workload factory of each workload name in {@code scores} */
    public static void print(Map<String, List<Score>> scores, Function<String, WorkloadFactory> factories,
                             long executeNumber, double measuredSeconds, PrintStream out) {
        for (Map.Entry<String, List<Score>> e : scores.entrySet()) {
            String op = operation(factories.apply(e.getKey()));
            if (op == null) {
                continue;
            }
            for (Score s : e.getValue()) {
                double score = s.eventsPerSecond();
                if (!(score > 0)) {
                    continue;
                }
                long keys = executeNumber > 0 ? executeNumber * s.threads() : Math.round(score * measuredSeconds);
                out.printf(Locale.ROOT, "Time to %s %d keys by %d threads: %.3f s (%s, %s)%n",
                        op, keys, s.threads(), keys / score, e.getKey(), s.variant());
            }
        }
    }

    /** set, get or set/get for the key-value workloads (memcached and SQL alike); null for others. */
    static String operation(WorkloadFactory factory) {
        if (!(factory instanceof KvWorkloadFactory kv)) {
            return null;
        }
        return switch (kv.operation()) {
            case SET -> "set";
            case GET -> "get";
            case MIXED -> "set/get";
        };
    }
}

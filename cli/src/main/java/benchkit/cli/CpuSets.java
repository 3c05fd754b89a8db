package benchkit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --server-cpus}: each value a CPU count ({@code 2} = CPUs 0-1) or an explicit range
 * ({@code 0-3}); several values make an axis of the matrix, as study B varied 4/8/16/32 vCPUs.
 */
final class CpuSets {
    private CpuSets() {
    }

    /** The taskset CPU lists to run with; one empty string means no pinning. */
    static List<String> parseAll(String option) {
        if (option == null) {
            return List.of("");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> sets = new ArrayList<>();
        for (String raw : option.split(",")) {
            String v = raw.strip();
            if (v.matches("\\d+")) {
                int n = Integer.parseInt(v);
                if (n < 1 || n > cores) {
                    throw new UsageException("--server-cpus " + v + ": a CPU count must be from 1 to " + cores + " on this machine");
                }
                sets.add(n == 1 ? "0" : "0-" + (n - 1));
            } else if (v.matches("\\d+-\\d+")) {
                String[] ends = v.split("-");
                int lo = Integer.parseInt(ends[0]);
                int hi = Integer.parseInt(ends[1]);
                if (lo > hi || hi >= cores) {
                    throw new UsageException("--server-cpus " + v + ": expected a range within 0-" + (cores - 1));
                }
                sets.add(v);
            } else {
                throw new UsageException("--server-cpus " + v + ": expected CPU counts or ranges, e.g. 1,2 or 0-3");
            }
        }
        return sets;
    }
}

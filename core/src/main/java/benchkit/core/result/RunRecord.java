package benchkit.core.result;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A finished run as its result files see it, handed whole to every {@link ResultWriter}: where the files go, each
 * workload's JMH entries in run order (one workload for a run, several for a command's combined results) and what
 * run.json says about the run.
 */
public record RunRecord(Path dir, Map<String, List<JmhResults.Entry>> entries, RunInfo info) {
    public RunRecord {
        Map<String, List<JmhResults.Entry>> copy = new LinkedHashMap<>();
        entries.forEach((workload, list) -> copy.put(workload, List.copyOf(list)));
        entries = Collections.unmodifiableMap(copy);
    }

    /** The record of one workload's run. */
    public static RunRecord of(Path dir, String workload, List<JmhResults.Entry> entries, RunInfo info) {
        return new RunRecord(dir, Map.of(workload, entries), info);
    }

    /** Every entry, the workloads one after the other. */
    public List<JmhResults.Entry> allEntries() {
        return entries.values().stream().flatMap(List::stream).toList();
    }

    /** Each workload's scores, in run order. */
    public Map<String, List<VariantResult>> resultsByWorkload() {
        Map<String, List<VariantResult>> results = new LinkedHashMap<>();
        entries.forEach((workload, list) -> results.put(workload, JmhResults.results(list)));
        return results;
    }

    /** Every score, the workloads one after the other. */
    public List<VariantResult> results() {
        return JmhResults.results(allEntries());
    }
}

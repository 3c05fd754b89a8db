package benchkit.core.report;

import benchkit.core.result.JmhResults;
import benchkit.spi.StandardMetrics;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Judgement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The answer of a run in a few lines: for each workload, each variant against the baseline at each
 * thread count, the effect and verdict of the headline metrics, e.g.
 * {@code jemalloc vs glibc, 64 threads: tps faster +4.1% [+1.2, +7.0]; server.rss better -12.0% [-14.1, -9.8]}.
 */
public final class EffectSummary {
    /** The metrics the published studies report, in the order a DBA reads them. */
    public static final List<String> HEADLINE = List.of(VariantResult.PRIMARY, "qps", "latency.p95",
            StandardMetrics.SERVER_CPU_USER, StandardMetrics.SERVER_RSS, StandardMetrics.SERVER_VSZ, JmhResults.SERVER_CPU_PER_QUERY, JmhResults.CLIENT_CPU_PER_QUERY,
            StandardMetrics.SERVER_CPU_ALLOCATOR, JmhResults.ALLOCATOR_PER_QUERY);

    private EffectSummary() {
    }

    /** The lines to print after a run (empty when there is one variant). */
    public static List<String> lines(List<Comparison> comparisons) {
        List<String> lines = new ArrayList<>();
        if (comparisons.isEmpty()) {
            return lines;
        }
        lines.add("# Effects against the baseline: " + comparisons.get(0).settings().describe()
                + "; forks are the replicates");
        for (Comparison c : comparisons) {
            List<Integer> threads = c.rows().stream().map(Comparison.Row::threads).distinct().sorted().toList();
            Set<String> benchmarks = new java.util.LinkedHashSet<>(c.rows().stream().map(Comparison.Row::benchmark).toList());
            for (String benchmark : benchmarks) {
                for (int t : threads) {
                    List<String> parts = new ArrayList<>();
                    Judgement any = null;
                    for (String metric : HEADLINE) {
                        var row = c.rows().stream().filter(r -> r.benchmark().equals(benchmark) && r.threads() == t
                                && r.metric().equals(metric)).findFirst();
                        if (row.isPresent()) {
                            parts.add(metric + " " + row.get().judgement().describe());
                            any = row.get().judgement();
                        }
                    }
                    if (any != null) {
                        lines.add(VariantLine.shortName(benchmark) + ": " + c.candidate() + " vs " + c.baseline() + ", " + t
                                + " threads (" + any.effect().replication() + "): " + String.join("; ", parts));
                    }
                }
            }
        }
        return lines;
    }
}

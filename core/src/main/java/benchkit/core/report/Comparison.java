package benchkit.core.report;

import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.Verdict;
import java.util.List;
import java.util.Map;

/**
 * The result of comparing a baseline (A) with a candidate (B).
 *
 * @param baseline  what A is, e.g. {@code /runs/a (allocator=glibc)}
 * @param candidate what B is
 * @param rows      one row per shared (benchmark, params, threads) and metric present on both sides
 * @param unmatched one line per entry that is on one side only
 * @param settings  how the effects were estimated and judged
 */
public record Comparison(String baseline, String candidate, List<Row> rows, List<String> unmatched,
                         Compare.Settings settings) {
    public Comparison {
        rows = List.copyOf(rows);
        unmatched = List.copyOf(unmatched);
    }

    /**
     * One metric of one matched pair of entries.
     *
     * @param benchmark JMH benchmark name
     * @param params    the params both entries share (those that tell matched pairs apart)
     * @param threads   client threads
     * @param metric    metric name ({@link VariantResult#PRIMARY} for the primary score)
     * @param a         baseline score, JMH's interval and raw data
     * @param b         candidate score, JMH's interval and raw data
     * @param judgement the effect B/A with its interval, and the verdict
     */
    public record Row(String benchmark, Map<String, String> params, int threads, String metric,
                      MetricResult a, MetricResult b, Judgement judgement) {
        public Row {
            // sorted, as a VariantResult's: Map.copyOf's order changes from one JVM to the next, and so did --json's
            params = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(params));
        }

        public Verdict verdict() {
            return judgement.verdict();
        }
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The row of one metric at one thread count, if any (the first when several benchmarks match). */
    public java.util.Optional<Row> row(String metric, int threads) {
        return rows.stream().filter(r -> r.metric().equals(metric) && r.threads() == threads).findFirst();
    }

    /** Rows whose verdict is a regression (slower, worse) beyond the minimum effect. */
    public List<Row> regressions() {
        return rows.stream().filter(r -> r.verdict().isRegression()).toList();
    }

    /** The aligned text table the CLI prints. */
    public String render() {
        return CompareTable.render(this);
    }
}

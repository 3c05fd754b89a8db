package benchkit.core.report;

import java.util.List;
import java.util.Map;

/**
 * The result of comparing a baseline (A) with a candidate (B).
 *
 * @param baseline  what A is, e.g. {@code /runs/a (allocator=glibc)}
 * @param candidate what B is
 * @param rows      one row per shared (benchmark, params, threads) and metric present on both sides
 * @param unmatched one line per entry that is on one side only
 */
public record Comparison(String baseline, String candidate, List<Row> rows, List<String> unmatched) {
    public Comparison {
        rows = List.copyOf(rows);
        unmatched = List.copyOf(unmatched);
    }

    /**
     * One metric of one matched pair of entries.
     *
     * @param benchmark     JMH benchmark name
     * @param params        the params both entries share (those that tell matched pairs apart)
     * @param threads       client threads
     * @param metric        metric name ({@link BenchmarkResult#PRIMARY} for the primary score)
     * @param a             baseline score and confidence interval
     * @param b             candidate score and confidence interval
     * @param changePercent {@code (b - a) / |a| * 100}; NaN when unknown
     * @param verdict       significance and direction of the change
     */
    public record Row(String benchmark, Map<String, String> params, int threads, String metric,
                      MetricResult a, MetricResult b, double changePercent, Verdict verdict) {
        public Row {
            params = Map.copyOf(params);
        }
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The row of one metric at one thread count, if any (the first when several benchmarks match). */
    public java.util.Optional<Row> row(String metric, int threads) {
        return rows.stream().filter(r -> r.metric().equals(metric) && r.threads() == threads).findFirst();
    }

    /** The aligned text table the CLI prints. */
    public String render() {
        return CompareTable.render(this);
    }
}

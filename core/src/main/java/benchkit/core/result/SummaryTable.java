package benchkit.core.result;

import benchkit.spi.StandardMetrics;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static benchkit.core.result.JmhResults.ALLOCATOR_PER_QUERY;
import static benchkit.core.result.JmhResults.ALLOCATOR_SHARE;

/**
 * The final table a DBA reads: per variant and thread count, tps, qps, p95 latency, server CPU and memory; with a
 * CPU profile ({@code --profile cpu}), where the server's CPU went too; when a row's requests failed, their rate
 * (err/s), which the scores leave out (sweep 8: half of memcached's sets refused, no word in the table).
 */
public final class SummaryTable {
    private static final String[] HEADER = {"variant", "threads", "tps", "± (99.9%)", "qps", "p95 ms",
            "srv cpu user %", "srv us/query", "cli us/query", "srv RSS MB", "srv VSZ MB"};
    /** Failed requests per second (the runner's "errors" metric), shown after "p95 ms" when a row has any. */
    private static final String ERRORS = "errors";
    private static final String ERRORS_HEADER = "err/s";
    private static final int ERRORS_AT = 6;
    private static final String[] PROFILE_HEADER = {"alloc %", "alloc us/query", "locks %", "kernel %"};
    private static final String[] PROFILE_METRICS = {ALLOCATOR_SHARE, ALLOCATOR_PER_QUERY, StandardMetrics.SERVER_CPU_LOCKS, StandardMetrics.SERVER_CPU_KERNEL};

    private SummaryTable() {
    }

    public static void print(List<VariantResult> scores, PrintStream out) {
        print(scores, out, s -> "");
    }

    /** The same, each row followed by its {@code mark} where it has one (a merged score that lacks a worker's load). */
    public static void print(List<VariantResult> scores, PrintStream out, java.util.function.Function<VariantResult, String> mark) {
        boolean profiled = scores.stream().anyMatch(s -> s.metric(ALLOCATOR_SHARE).isPresent());
        boolean failed = scores.stream().anyMatch(s -> s.metric(ERRORS).filter(m -> m.score() > 0).isPresent());
        List<String[]> rows = new ArrayList<>();
        String[] header = failed ? withErrors(HEADER, ERRORS_HEADER) : HEADER;
        rows.add(profiled ? concat(header, PROFILE_HEADER) : header);
        for (VariantResult s : scores) {
            String[] row = {s.variant(), Integer.toString(s.threads()), fmt(s.primary().score()), fmt(s.primary().error()),
                    metric(s, "qps"), metric(s, "latency.p95"), metric(s, StandardMetrics.SERVER_CPU_USER),
                    metric(s, JmhResults.SERVER_CPU_PER_QUERY), metric(s, JmhResults.CLIENT_CPU_PER_QUERY),
                    metric(s, StandardMetrics.SERVER_RSS), metric(s, StandardMetrics.SERVER_VSZ)};
            if (failed) {
                row = withErrors(row, metric(s, ERRORS));
            }
            if (profiled) {
                String[] profile = new String[PROFILE_METRICS.length];
                for (int i = 0; i < profile.length; i++) {
                    profile[i] = metric(s, PROFILE_METRICS[i]);
                }
                row = concat(row, profile);
            }
            String marked = mark.apply(s);
            if (!marked.isEmpty()) {
                row = concat(row, new String[] {"(" + marked + ")"});
            }
            rows.add(row);
        }
        int[] widths = new int[rows.stream().mapToInt(r -> r.length).max().orElse(0)];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String cell = i == 0 ? pad(r[i], widths[i], false) : pad(r[i], widths[i], true);
                sb.append(i == 0 ? "" : "  ").append(cell);
            }
            out.println(sb.toString().stripTrailing());
        }
    }

    /** {@code row} with {@code errors} after its p95 column, beside the rates it is one of. */
    private static String[] withErrors(String[] row, String errors) {
        return concat(concat(java.util.Arrays.copyOf(row, ERRORS_AT), new String[]{errors}),
                java.util.Arrays.copyOfRange(row, ERRORS_AT, row.length));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String metric(VariantResult s, String name) {
        return s.metric(name).map(m -> fmt(m.score())).orElse("-");
    }

    private static String fmt(double d) {
        return Double.isNaN(d) ? "-" : String.format(Locale.ROOT, "%.2f", d);
    }

    private static String pad(String s, int width, boolean right) {
        String spaces = " ".repeat(width - s.length());
        return right ? spaces + s : s + spaces;
    }
}

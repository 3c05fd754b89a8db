package benchkit.core.result;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Writes {@code results.csv}: one row per variant and thread count with the score, its error,
 * the runner's own metrics, then one column per further secondary metric (its aggregated score:
 * the mean for AVG metrics, the max for MAX ones such as RSS, as in the JSON).
 */
public final class CsvWriter implements ResultWriter {
    public static final String FILE_NAME = "results.csv";
    private static final List<String> FIXED_METRICS = List.of(
            "qps", "latency.p50", "latency.p95", "latency.p99", "errors", "reconnects");

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    /** One table for every workload of the run. */
    @Override
    public void write(RunRecord run) throws IOException {
        AtomicFiles.write(run.dir().resolve(FILE_NAME), render(run.resultsByWorkload()));
    }

    public static String render(String workload, List<VariantResult> scores) {
        return render(Map.of(workload, scores));
    }

    /** One table for several workloads: the metric columns are the union of theirs. */
    public static String render(Map<String, List<VariantResult>> scoresByWorkload) {
        TreeSet<String> extra = new TreeSet<>();
        scoresByWorkload.values().forEach(list -> list.forEach(s -> extra.addAll(s.metrics().keySet())));
        extra.removeAll(FIXED_METRICS);
        extra.remove(VariantResult.PRIMARY);

        List<String> header = new ArrayList<>(List.of("workload", "variant", "threads", "forks", "iterations",
                "score", "score_error", "unit", "qps", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms",
                "errors_per_s", "reconnects_per_s"));
        extra.forEach(header::add);
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", header.stream().map(CsvWriter::field).toList())).append('\n');
        for (Map.Entry<String, List<VariantResult>> e : scoresByWorkload.entrySet()) {
            String workload = e.getKey();
            for (VariantResult s : e.getValue()) {
                List<String> row = new ArrayList<>(List.of(workload, s.variant(), Integer.toString(s.threads()),
                        Integer.toString(s.forkCount()), Integer.toString(s.iterationCount()),
                        number(s.primary().score()), number(s.primary().error()), s.primary().unit()));
                for (String m : FIXED_METRICS) {
                    row.add(s.metric(m).map(ms -> number(ms.score())).orElse(""));
                }
                for (String m : extra) {
                    row.add(s.metric(m).map(ms -> number(ms.score())).orElse(""));
                }
                sb.append(String.join(",", row.stream().map(CsvWriter::field).toList())).append('\n');
            }
        }
        return sb.toString();
    }


    private static String number(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.6f", d);
    }

    private static String field(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}

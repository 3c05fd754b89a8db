package benchkit.history;

import benchkit.core.report.MetricCatalog;
import benchkit.core.stats.Direction;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Locale;

/**
 * A stored run in the formats CI dashboards read: github-action-benchmark's custom JSON ({@code tool:
 * 'customBiggerIsBetter'} or {@code 'customSmallerIsBetter'}: one file per direction, as the action takes them) and
 * Bencher's metric format (BMF, {@code bencher run --adapter json}). Each value is the run's mean over forks, with its
 * 95% interval over forks where it has one.
 */
public enum Exports {
    /** github-action-benchmark, metrics where more is better (throughput). */
    CUSTOM_BIGGER_IS_BETTER("customBiggerIsBetter"),
    /** github-action-benchmark, metrics where less is better (latency, CPU, memory, errors). */
    CUSTOM_SMALLER_IS_BETTER("customSmallerIsBetter"),
    /** Bencher Metric Format: every metric, one measure each. */
    BENCHER("bencher");

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    private final String cliName;

    Exports(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** The format named {@code name} on the command line; refused with the names there are. */
    public static Exports parse(String name) {
        for (Exports e : values()) {
            if (e.cliName.equalsIgnoreCase(name.strip())) {
                return e;
            }
        }
        throw new IllegalArgumentException("--format " + name + " is not known; expected customBiggerIsBetter,"
                + " customSmallerIsBetter or bencher");
    }

    /** {@code run} in this format; one with no metric the format takes is refused (an empty file would pass a CI step). */
    public String render(StoredRun run) {
        List<Series> series = Series.of(List.of(run), List.of());
        com.fasterxml.jackson.databind.JsonNode out = this == BENCHER ? bencher(series) : githubAction(series, run);
        if (out.isEmpty()) {
            throw new IllegalArgumentException("the run has no metric " + cliName + " takes" + (this == BENCHER ? ""
                    : this == CUSTOM_BIGGER_IS_BETTER ? " (none where more is better)" : " (none where less is better)"));
        }
        try {
            return MAPPER.writeValueAsString(out) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + cliName + ": " + e.getOriginalMessage(), e);
        }
    }

    private ArrayNode githubAction(List<Series> series, StoredRun run) {
        Direction wanted = this == CUSTOM_BIGGER_IS_BETTER ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
        ArrayNode out = MAPPER.createArrayNode();
        for (Series s : series) {
            if (MetricCatalog.direction(s.key().metric()) != wanted) {
                continue;
            }
            Series.Point p = s.points().get(0);
            ObjectNode o = out.addObject();
            o.put("name", s.key().describe());
            o.put("unit", p.unit() == null ? "" : p.unit());
            o.put("value", p.value());
            if (Double.isFinite(p.low())) {
                o.put("range", "± " + TrendGate.number((p.high() - p.low()) / 2));
            }
            o.put("extra", p.forks() + " fork" + (p.forks() == 1 ? "" : "s") + "; " + run.describe());
        }
        return out;
    }

    private static ObjectNode bencher(List<Series> series) {
        ObjectNode out = MAPPER.createObjectNode();
        for (Series s : series) {
            Series.Key k = s.key();
            String name = k.benchmark().replaceFirst("^benchkit\\.", "") + (k.variant().isEmpty() ? "" : " [" + k.variant()
                    + "]") + " at " + k.threads() + " thread" + (k.threads() == 1 ? "" : "s");
            ObjectNode benchmark = out.has(name) ? (ObjectNode) out.get(name) : out.putObject(name);
            Series.Point p = s.points().get(0);
            ObjectNode measure = benchmark.putObject(k.metric().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-"));
            measure.put("value", p.value());
            if (Double.isFinite(p.low())) {
                measure.put("lower_value", p.low());
                measure.put("upper_value", p.high());
            }
        }
        return out;
    }
}

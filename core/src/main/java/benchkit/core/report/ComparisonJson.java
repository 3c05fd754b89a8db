package benchkit.core.report;

import benchkit.core.stats.Effect;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Comparisons as a JSON array for scripts and CI, one object per row:
 * {@code {"workload": "point-select", "threads": 8, "metric": "tps", "baseline": "...", "candidate": "...",
 * "ratio": 1.041, "ci_low": 1.012, "ci_high": 1.070, "verdict": "faster", ...}}. Unknown numbers are null.
 */
public final class ComparisonJson {
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ComparisonJson() {
    }

    public static String render(List<Comparison> comparisons) {
        ArrayNode array = MAPPER.createArrayNode();
        for (Comparison c : comparisons) {
            for (Comparison.Row r : c.rows()) {
                Effect e = r.judgement().effect();
                ObjectNode o = array.addObject();
                o.put("workload", VariantLine.shortName(r.benchmark()));
                o.put("threads", r.threads());
                o.put("metric", r.metric());
                o.put("unit", r.a().unit());
                o.put("baseline", c.baseline());
                o.put("candidate", c.candidate());
                number(o, "baseline_score", r.a().score());
                number(o, "candidate_score", r.b().score());
                number(o, "ratio", e.ratio());
                number(o, "ci_low", e.low());
                number(o, "ci_high", e.high());
                o.put("confidence", e.confidence());
                o.put("verdict", r.verdict().word());
                o.put("summary", r.judgement().describe());
                o.put("min_effect", r.judgement().minEffect());
                o.put("method", e.method().cliName());
                o.put("paired", e.paired());
                o.put("forks_baseline", e.forksA());
                o.put("forks_candidate", e.forksB());
                o.put("iterations_baseline", e.iterationsA());
                o.put("iterations_candidate", e.iterationsB());
                if (r.judgement().forksNeeded().isPresent()) {
                    o.put("forks_to_settle", r.judgement().forksNeeded().getAsInt());
                } else {
                    o.putNull("forks_to_settle");
                }
                if (!e.note().isEmpty()) {
                    o.put("note", e.note());
                }
                if (!r.judgement().heldBack().isEmpty()) {
                    // its own interval excludes no change, but the run's false discovery rate does not let it through
                    o.put("held_back", r.judgement().heldBack());
                }
                ObjectNode params = o.putObject("params");
                r.params().forEach(params::put);
            }
        }
        try {
            return MAPPER.writeValueAsString(array) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write comparisons as JSON", e);
        }
    }

    private static void number(ObjectNode o, String field, double value) {
        if (Double.isFinite(value)) {
            o.put(field, value);
        } else {
            o.putNull(field);
        }
    }
}

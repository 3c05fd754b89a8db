package benchkit.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/**
 * Writes {@code jmh-result.json} with JMH's own JSON writer. That writer prints param values
 * unescaped (a comma or quote in e.g. {@code mysql-ignore-errors=1213,1020} would break the
 * file), so params go in as placeholders and are put back here through Jackson.
 */
public final class JmhJsonWriter implements ResultWriter {
    public static final String FILE_NAME = "jmh-result.json";

    /** Jackson's mapper, made when a file is rendered: a run that keeps no files never loads it. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    @Override
    public String fileName() {
        return FILE_NAME;
    }

    /** Every workload's entries in one array (JMH's format is an array of entries, so they simply follow each other). */
    @Override
    public void write(RunRecord run) throws IOException {
        AtomicFiles.write(run.dir().resolve(FILE_NAME), render(run.allEntries()));
    }

    static String placeholderKey(int i) {
        return String.format(java.util.Locale.ROOT, "p%04d", i);
    }

    /** The JSON text for the entries (an empty array when there are none). */
    public static String render(List<JmhResults.Entry> entries) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps)
                    .writeOut(entries.stream().map(JmhResults.Entry::result).toList());
        }
        JsonNode tree = Json.MAPPER.readTree(bytes.toString(StandardCharsets.UTF_8));
        ArrayNode array = tree instanceof ArrayNode a ? a : Json.MAPPER.createArrayNode();
        for (int i = 0; i < array.size() && i < entries.size(); i++) {
            ObjectNode entry = (ObjectNode) array.get(i);
            ObjectNode params = Json.MAPPER.createObjectNode();
            for (Map.Entry<String, String> p : entries.get(i).params().entrySet()) {
                params.put(p.getKey(), p.getValue());
            }
            entry.replace("params", params);
            ObjectNode own = entry.putObject(JmhJsonFields.BENCHKIT);
            own.put(JmhJsonFields.VARIANT, entries.get(i).variant());
            entries.get(i).forks().forEach(own.withArray(JmhJsonFields.FORKS)::add);
            if (entries.get(i).eventsPerThread() > 0) {
                own.put(JmhJsonFields.EVENTS_PER_THREAD, entries.get(i).eventsPerThread());
            }
        }
        return Json.MAPPER.writeValueAsString(array) + System.lineSeparator();
    }

}

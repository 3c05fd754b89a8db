package benchkit.core.report;

import benchkit.core.result.JmhJsonFields;

import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JMH's JSON result format. Tolerant: entries may lack secondary metrics, params,
 * confidence intervals or settings; only {@code benchmark} and {@code primaryMetric.score} are required.
 */
public final class JmhResultReader {
    /** The file a result directory holds. */
    public static final String FILE_NAME = benchkit.core.result.JmhJsonWriter.FILE_NAME;

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            // text after the array (a file appended to, two files in one) is damage, not something to drop in silence
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private static final List<String> SETTINGS = List.of("mode", "forks", "warmupIterations", "warmupTime",
            "measurementIterations", "measurementTime", "jvm", "jdkVersion", "vmName", "vmVersion", "jmhVersion");

    /**
     * The largest value a run writes. Every value is a 64-bit count (events, nanoseconds, bytes) or one divided by a
     * count or a duration: a time in ns or a coarser unit stays below Long.MAX_VALUE (292 years in ns), and a rate
     * above it would be one event per 1e-19 s, ten orders of magnitude faster than a CPU cycle. A larger value
     * (1e308) was edited in.
     */
    static final double LARGEST = Long.MAX_VALUE;

    private JmhResultReader() {
    }

    /** Reads {@code jmh-result.json} of a result directory. */
    public static List<VariantResult> readDirectory(Path resultDir) throws IOException {
        if (!Files.isDirectory(resultDir)) {
            throw new IllegalArgumentException("not a result directory: " + resultDir);
        }
        Path file = resultDir.resolve(FILE_NAME);
        try {
            return parse(benchkit.core.util.TextFiles.readJson(file), file.toString());
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no " + FILE_NAME + " in " + resultDir);
        }
    }

    /** Parses JMH JSON text; {@code source} names it in error messages. */
    public static List<VariantResult> parse(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            if (e.getOriginalMessage().startsWith("Trailing token")) {
                throw new IllegalArgumentException(source + " is not valid JSON: text after its JSON array"
                        + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()));
            }
            throw new IllegalArgumentException(benchkit.core.util.JsonErrors.damagedResultFile(source, e));
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(source + " is not a JMH result (expected a JSON array)");
        }
        List<VariantResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(entry(root.get(i), source, i));
        }
        return results;
    }

    private static VariantResult entry(JsonNode node, String source, int index) {
        String benchmark = node.path("benchmark").asText("");
        if (benchmark.isEmpty()) {
            throw new IllegalArgumentException(source + ": entry " + (index + 1) + " has no \"benchmark\"");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (String key : SETTINGS) {
            JsonNode v = node.get(key);
            if (v != null && v.isValueNode()) {
                settings.put(key, v.asText());
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        node.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        Map<String, MetricResult> metrics = new LinkedHashMap<>();
        JsonNode primary = node.get("primaryMetric");
        if (primary == null || !primary.isObject() || !primary.path("score").isNumber()) {
            // without a score there is nothing to compare or draw: such a file is not a run's result
            throw new IllegalArgumentException(source + ": entry " + (index + 1) + " (" + benchmark
                    + ") has no \"primaryMetric\" with a numeric \"score\"");
        }
        String where = source + ": entry " + (index + 1) + " (" + benchmark + ")";
        if (primary.has("rawData") && noValues(primary.get("rawData"))) {
            // JMH and bench write an entry only with a measured iteration, and the score is their mean
            throw new IllegalArgumentException(where + ", primaryMetric has no raw data (no measured iteration), which no"
                    + " run produces");
        }
        metrics.put(VariantResult.PRIMARY, producible(metric(primary), where + ", primaryMetric", true));
        Iterator<Map.Entry<String, JsonNode>> secondary = node.path("secondaryMetrics").fields();
        while (secondary.hasNext()) {
            Map.Entry<String, JsonNode> e = secondary.next();
            if (e.getValue().isObject()) {
                metrics.putIfAbsent(e.getKey(), producible(metric(e.getValue()), where + ", " + e.getKey(), false));
            }
        }
        List<Integer> forks = new ArrayList<>();
        node.path(JmhJsonFields.BENCHKIT).path(JmhJsonFields.FORKS).forEach(f -> forks.add(f.asInt()));
        String variant = node.path(JmhJsonFields.BENCHKIT).path(JmhJsonFields.VARIANT).asText("");
        JsonNode eventsPerThread = node.path(JmhJsonFields.BENCHKIT).path(JmhJsonFields.EVENTS_PER_THREAD);
        if (eventsPerThread.canConvertToLong() && eventsPerThread.asLong() > 0) {
            settings.put(JmhJsonFields.EVENTS_PER_THREAD, eventsPerThread.asText());
        }
        return new VariantResult(benchmark, variant, node.path("threads").asInt(1), settings, params, metrics, forks);
    }

    /**
     * {@code m} when a run could have produced it: no infinite value; for the primary metric (a rate or a time) also
     * no NaN or negative score or raw value, and a score within its raw data's range (a mean of them cannot be
     * outside). No value beyond {@link #LARGEST}. Else the file was edited or damaged: refused, naming the entry and the value, before it is drawn or
     * judged. A secondary metric may be NaN where it was not measured.
     */
    private static MetricResult producible(MetricResult m, String where, boolean primary) {
        List<Double> values = new ArrayList<>();
        values.add(m.score());
        m.rawData().forEach(fork -> java.util.Arrays.stream(fork).forEach(values::add));
        for (double v : values) {
            if (Double.isInfinite(v) || Math.abs(v) > LARGEST || primary && (Double.isNaN(v) || v < 0)) {
                throw new IllegalArgumentException(where + " holds " + v + ", which no run produces");
            }
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double[] fork : m.rawData()) {
            for (double v : fork) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        double slack = 1e-9 * Math.max(1, Math.abs(m.score()));
        if (primary && min <= max && (m.score() < min - slack || m.score() > max + slack)) {
            throw new IllegalArgumentException(where + ": score " + m.score() + " is outside its raw data (" + min + " to "
                    + max + "), which no run produces");
        }
        return m;
    }

    /** Whether JMH's {@code rawData} (one array per fork) holds no iteration's value: {@code []}, {@code [[]]}. */
    private static boolean noValues(JsonNode rawData) {
        for (JsonNode fork : rawData) {
            if (!fork.isArray() || !fork.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static MetricResult metric(JsonNode m) {
        double score = number(m.get("score"));
        double error = number(m.get("scoreError"));
        JsonNode ci = m.get("scoreConfidence");
        double low = Double.NaN;
        double high = Double.NaN;
        if (ci != null && ci.isArray() && ci.size() == 2) {
            low = number(ci.get(0));
            high = number(ci.get(1));
        } else if (Double.isFinite(error)) {
            low = score - error;
            high = score + error;
        }
        List<double[]> raw = new ArrayList<>();
        for (JsonNode fork : m.path("rawData")) {
            double[] values = new double[fork.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = number(fork.get(i));
            }
            raw.add(values);
        }
        return new MetricResult(score, error, low, high, m.path("scoreUnit").asText(""), raw);
    }

    /** JMH writes NaN and infinities as strings ("NaN"); anything unreadable is NaN. */
    private static double number(JsonNode n) {
        if (n == null || n.isNull()) {
            return Double.NaN;
        }
        if (n.isNumber()) {
            return n.asDouble();
        }
        try {
            return Double.parseDouble(n.asText().trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

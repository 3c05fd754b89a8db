package benchkit.core.report;

import benchkit.core.result.AtomicFiles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A published study a run repeats: what it was, what it concluded, and its findings as data, so the
 * report can put each published figure beside the one measured here. It is the {@code "study"} block of
 * an experiment file, and a run keeps a copy as {@code study.json} in its result directory:
 * <pre>{@code
 * {"title": "A. glibc malloc vs jemalloc on MySQL 5.5 (2013)", "original": "...", "here": "...",
 *  "conclusion": "jemalloc gives up to 25% more QPS read-only ...",
 *  "published": [{"workload": "oltp-read-only", "candidate": "jemalloc", "baseline": "glibc",
 *                 "metric": "qps", "threads": 512, "effect": 25, "says": "up to ~25% more QPS"}]}
 * }</pre>
 *
 * @param title      the study's name and year
 * @param original   its machine, sizes and commands
 * @param here       how this file scales it
 * @param conclusion what it was published for
 * @param published  its findings
 */
public record Study(String title, String original, String here, String conclusion, List<Finding> published) {
    public static final String FILE_NAME = "study.json";
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    /** Experiment files are written by hand and kept under version control: people comment them. */
    private static final JsonMapper EXPERIMENT_MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)   // else the last of a key given twice wins in silence
            .build();
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.*)'");

    public Study {
        published = List.copyOf(published);
    }

    /**
     * One published finding: either an effect of a candidate against a baseline ({@code effect} in percent,
     * e.g. {@code 25} for 25% more; absent when only words were published), or a plain value of a metric.
     *
     * @param workload  the workload it concerns, e.g. {@code oltp-read-only}
     * @param candidate the variant (label, part of it, {@code key=value}) or workload that was better or worse; for a
     *                  value finding, the variant whose value it is (its {@code "variant"} in the file), or
     *                  {@code null} for the highest over the variants
     * @param baseline  what it was compared with; {@code null} for a value finding
     * @param metric    a metric name, e.g. {@code qps}, or {@code client.cpu.share}
     * @param threads   the client threads the figure was measured at; {@code null} = any ("up to")
     * @param effect    published change in percent, or {@code null}
     * @param value     published value of a value finding, or {@code null}
     * @param unit      unit of {@code value}
     * @param says      the finding in the study's words
     */
    public record Finding(String workload, String candidate, String baseline, String metric, Integer threads,
                          Double effect, Double value, String unit, String says) {
        public boolean isEffect() {
            return baseline != null;
        }
    }

    /** Reads the study block of an experiment file ({@code "study"}) or a {@code study.json}. */
    public static Study parse(JsonNode node, String source) {
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException(source + ": the study must be a JSON object with title, conclusion and published");
        }
        List<Finding> findings = new ArrayList<>();
        JsonNode published = node.path("published");
        if (!published.isMissingNode() && !published.isArray()) {
            throw new IllegalArgumentException(source + ": study.published must be a list of findings");
        }
        int i = 0;
        for (JsonNode f : published) {
            i++;
            String where = source + ": study.published[" + i + "]";
            if (!f.isObject()) {
                throw new IllegalArgumentException(where + " must be an object");
            }
            String metric = text(f, "metric");
            String says = text(f, "says");
            if (metric == null || says == null) {
                throw new IllegalArgumentException(where + " needs \"metric\" and \"says\"");
            }
            String candidate = text(f, "candidate");
            String baseline = text(f, "baseline");
            if ((candidate == null) != (baseline == null)) {
                throw new IllegalArgumentException(where + ": an effect needs both \"candidate\" and \"baseline\"");
            }
            Double value = number(f, "value", where);
            if (baseline == null && value == null) {
                throw new IllegalArgumentException(where + " needs \"candidate\" and \"baseline\" (an effect) or \"value\"");
            }
            String variant = text(f, "variant");
            if (variant != null && baseline != null) {
                throw new IllegalArgumentException(where + ": \"variant\" names whose value a value finding is; an effect "
                        + "names \"candidate\" and \"baseline\"");
            }
            if (variant != null) {
                candidate = variant;
            }
            Double threads = number(f, "threads", where);
            findings.add(new Finding(text(f, "workload"), candidate, baseline, metric,
                    threads == null ? null : threads.intValue(), number(f, "effect", where), value,
                    text(f, "unit") == null ? "" : text(f, "unit"), says));
        }
        String title = text(node, "title");
        if (title == null) {
            throw new IllegalArgumentException(source + ": the study needs a \"title\"");
        }
        return new Study(title, orEmpty(text(node, "original")), orEmpty(text(node, "here")),
                orEmpty(text(node, "conclusion")), findings);
    }

    /** Reads {@code dir/study.json}; empty when the run repeats no study. */
    public static Optional<Study> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        try {
            return Optional.of(parse(MAPPER.readTree(benchkit.core.util.TextFiles.readJson(file)), file.toString()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /** Reads the {@code "study"} block of an experiment file. */
    public static Study fromExperiment(Path experiment) throws IOException {
        JsonNode root = readExperiment(experiment);
        if (root == null || !root.has("study")) {
            throw new IllegalArgumentException(experiment + " has no \"study\" block");
        }
        return parse(root.get("study"), experiment.toString());
    }

    /**
     * An experiment file's JSON, read as people write it: {@code //} and {@code /* *}{@code /} comments allowed, a
     * leading byte-order mark (as Windows editors save UTF-8) skipped; a key given twice in one object refused.
     *
     * @throws IllegalArgumentException one line, {@code FILE: ...}, for text that is not such JSON
     */
    public static JsonNode readExperiment(Path file) throws IOException {
        String json = benchkit.core.util.TextFiles.readJson(file);     // without its byte-order mark
        try (com.fasterxml.jackson.core.JsonParser parser = EXPERIMENT_MAPPER.createParser(json)) {
            JsonNode root = EXPERIMENT_MAPPER.readTree(parser);
            if (root != null) {
                trailingText(file, json, parser);
            }
            return root;
        } catch (JsonProcessingException e) {
            // a limit of the parser's (nesting deeper than 1,000 levels) has no place in the text
            String at = e.getLocation() == null ? "its depth" : "line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            Matcher twice = DUPLICATE.matcher(e.getOriginalMessage());
            if (twice.matches()) {
                throw new IllegalArgumentException(file + ": \"" + twice.group(1) + "\" is given twice in one object ("
                        + at + "); give each key once");
            }
            throw new IllegalArgumentException(file + ": not valid JSON at " + at + ": " + benchkit.core.util.JsonErrors.plain(e.getOriginalMessage()));
        }
    }

    /**
     * Text after the file's one JSON value ({@code {...} garbage}, or a second object) would otherwise be dropped in
     * silence, and with it what the user meant it to say: refused, naming where it starts.
     */
    private static void trailingText(Path file, String json, com.fasterxml.jackson.core.JsonParser parser) throws IOException {
        try {
            if (parser.nextToken() == null) {
                return;                 // only spaces and comments after it
            }
        } catch (JsonProcessingException notAToken) {
            // not even a JSON token ("garbage"): it starts where the parser's token does
        }
        com.fasterxml.jackson.core.JsonLocation at = parser.currentTokenLocation();
        String rest = json.substring((int) Math.min(json.length(), Math.max(0, at.getCharOffset()))).strip();
        String first = rest.lines().findFirst().orElse("");
        throw new IllegalArgumentException(file + ": text after the JSON object at line " + at.getLineNr() + ", column "
                + at.getColumnNr() + " (" + (first.length() > 20 ? first.substring(0, 20) + "..." : first)
                + "); an experiment file holds one JSON object");
    }

    /** Writes this as {@code dir/study.json} (atomically). */
    public Path writeTo(Path dir) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("title", title);
        root.put("original", original);
        root.put("here", here);
        root.put("conclusion", conclusion);
        var list = root.putArray("published");
        for (Finding f : published) {
            ObjectNode o = list.addObject();
            putIf(o, "workload", f.workload());
            putIf(o, f.isEffect() ? "candidate" : "variant", f.candidate());
            putIf(o, "baseline", f.baseline());
            o.put("metric", f.metric());
            if (f.threads() != null) {
                o.put("threads", f.threads());
            }
            if (f.effect() != null) {
                o.put("effect", f.effect());
            }
            if (f.value() != null) {
                o.put("value", f.value());
            }
            putIf(o, "unit", f.unit().isEmpty() ? null : f.unit());
            o.put("says", f.says());
        }
        Files.createDirectories(dir);
        return AtomicFiles.write(dir.resolve(FILE_NAME), MAPPER.writeValueAsString(root) + "\n");
    }

    private static void putIf(ObjectNode o, String field, String value) {
        if (value != null) {
            o.put(field, value);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static Double number(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isNumber()) {
            throw new IllegalArgumentException(where + ": \"" + field + "\" must be a number, got " + v);
        }
        return v.asDouble();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }
}

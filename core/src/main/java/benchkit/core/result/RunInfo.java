package benchkit.core.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code run.json} beside {@code jmh-result.json}: when the run ran, its settings as the user gave
 * them, and the machine. Shape:
 * <pre>{@code
 * {"format": 1, "startedAt": "2026-11-21T01:00:00Z", "finishedAt": "2026-11-21T01:30:00Z",
 *  "settings": {"workload": "oltp-read-only", "threads": "1,4,16,64", ...},
 *  "machine": {"cpuModel": "...", "logicalCpus": 2, "physicalCores": 2, "memoryMb": 7953,
 *              "kernel": "6.1.0-18-amd64", "os": "Debian GNU/Linux 12 (bookworm)",
 *              "libc": "glibc 2.36", "jvm": "OpenJDK 64-Bit Server VM 17.0.13+11"}}
 * }</pre>
 * Settings whose name mentions a password, secret or token are written as {@code (hidden)}.
 *
 * @param startedAt  ISO-8601 instant, or {@code null} when not known
 * @param finishedAt ISO-8601 instant, or {@code null} when not known
 * @param settings   run settings in the order given (e.g. workload, threads, forks, server, allocators)
 * @param machine    the machine; {@code null} when the file has none
 */
public record RunInfo(String startedAt, String finishedAt, Map<String, String> settings, MachineInfo machine) {
    public static final String FILE_NAME = "run.json";
    /** Settings that say how the run judged its effects ({@link Compare.Settings#runSettings}). */
    public static final String BASELINE = "baseline";
    public static final String CONFIDENCE = "confidence";
    public static final String MIN_EFFECT = "min-effect";
    public static final String METHOD = "effect-method";
    /** The looks of a run that stopped when settled, e.g. {@code 3..12} (see {@link benchkit.core.stats.SequentialDesign}). */
    public static final String SEQUENTIAL = "sequential-looks";
    /** How a run until settled ended: {@code within 12 min; settled} or {@code within 12 min; open: ...}. */
    public static final String UNTIL_SETTLED = "until-settled";
    /** The run's invalid iterations, one per line (where, and why). */
    public static final String INVALID = "invalid-iterations";
    /**
     * Why the run did not end as planned (interrupted, a variant failed, written from the journal of a killed run);
     * absent for a run that completed. The report says it above every number.
     */
    public static final String INCOMPLETE = "incomplete";
    /** How many of the invalid measurement iterations were made up for by one measured again. */
    public static final String MEASURED_AGAIN = "invalid-iterations-measured-again";
    static final String HIDDEN = "(hidden)";
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public RunInfo {
        Map<String, String> safe = new LinkedHashMap<>();
        if (settings != null) {
            settings.forEach((k, v) -> safe.put(k, isSecret(k) ? HIDDEN : v));
        }
        settings = Collections.unmodifiableMap(safe);
    }

    /**
     * Writes {@code dir/run.json} for a run that started at {@code started} and ends now, with this
     * machine's facts. Returns the file written.
     */
    public static Path write(Path dir, Instant started, Map<String, String> settings) throws IOException {
        return endingNow(started, settings).writeTo(dir);
    }

    /** A run that started at {@code started} and ends now, on this machine. */
    public static RunInfo endingNow(Instant started, Map<String, String> settings) {
        return new RunInfo(started == null ? null : started.toString(), Instant.now().toString(), settings,
                MachineInfo.collect());
    }

    /** The writer of a run record's run.json. */
    public static ResultWriter writer() {
        return ResultWriter.of(FILE_NAME, run -> run.info().writeTo(run.dir()));
    }

    /** Writes this as {@code dir/run.json} (atomically). */
    public Path writeTo(Path dir) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", 1);
        root.put("startedAt", startedAt);
        root.put("finishedAt", finishedAt);
        ObjectNode s = root.putObject("settings");
        settings.forEach(s::put);
        if (machine != null) {
            root.set("machine", MAPPER.valueToTree(machine));
        }
        return AtomicFiles.write(dir.resolve(FILE_NAME), MAPPER.writeValueAsString(root) + "\n");
    }

    /** Reads {@code dir/run.json}; empty when there is none. Missing fields are tolerated. */
    public static Optional<RunInfo> read(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        JsonNode root;
        try {
            root = MAPPER.readTree(benchkit.core.util.TextFiles.readJson(file));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(benchkit.core.util.JsonErrors.damagedResultFile(file.toString(), e));
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + " is not a run description (expected a JSON object)");
        }
        if (!root.has("startedAt") && !root.has("settings") && !root.has("machine")) {
            // an emptied run.json ({}) would be read as a run of unknown settings and machine, judged and stored so
            throw new IllegalArgumentException(file + " holds none of a run's description (startedAt, settings, machine):"
                    + " restore it from a copy of the run, or remove it (the run is then read with its settings unknown)");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        root.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
        JsonNode m = root.get("machine");
        MachineInfo machine = m == null || !m.isObject() ? null : new MachineInfo(
                text(m, "cpuModel"), m.path("logicalCpus").asInt(0), m.path("physicalCores").asInt(0),
                m.path("memoryMb").asLong(0), text(m, "kernel"), text(m, "os"), text(m, "libc"), text(m, "jvm"));
        return Optional.of(new RunInfo(text(root, "startedAt"), text(root, "finishedAt"), settings, machine));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }

    private static boolean isSecret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.contains("token");
    }
}

package benchkit.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code --experiment FILE}: a study kept as one JSON file under version control. Its keys are
 * bench's option names without dashes and its values strings, numbers, booleans or lists, e.g.
 * {@code {"workload": ["oltp-read-only"], "allocator": ["glibc", "jemalloc"], "threads": [32, 64]}}.
 * It expands to command-line options placed before the ones typed; an option typed replaces the file's;
 * keys starting with {@code "//"} are comments.
 */
final class ExperimentFile {
    /** Options given once per value rather than as one comma-separated list. */
    private static final Set<String> REPEATED = Set.of("mysqld", "allocator-env");

    private ExperimentFile() {
    }

    static String[] expand(String[] args) {
        List<String> out = new ArrayList<>();
        List<String> fromFile = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--experiment") || a.startsWith("--experiment=")) {
                String file = a.contains("=") ? a.substring(a.indexOf('=') + 1) : (i + 1 < args.length ? args[++i] : null);
                if (file == null) {
                    throw new UsageException("--experiment needs a file");
                }
                fromFile.addAll(read(Path.of(file)));
            } else {
                out.add(a);
            }
        }
        if (fromFile.isEmpty()) {
            return args;
        }
        // An option typed on the command line replaces the file's value for it.
        Set<String> typed = new java.util.HashSet<>();
        out.stream().filter(a -> a.startsWith("--")).forEach(a -> typed.add(nameOf(a)));
        fromFile.removeIf(a -> typed.contains(nameOf(a)));
        // A subcommand typed first stays first.
        int at = !out.isEmpty() && List.of("run", "prepare", "cleanup").contains(out.get(0)) ? 1 : 0;
        out.addAll(at, fromFile);
        return out.toArray(new String[0]);
    }

    private static String nameOf(String option) {
        int eq = option.indexOf('=');
        return eq < 0 ? option : option.substring(0, eq);
    }

    static List<String> read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new UsageException("--experiment " + file + ": not valid JSON at line "
                    + e.getLocation().getLineNr() + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UsageException("--experiment " + file + " cannot be read: " + e.getClass().getSimpleName());
        }
        if (root == null || !root.isObject()) {
            throw new UsageException("--experiment " + file + ": expected a JSON object of option names and values");
        }
        List<String> args = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            if (name.startsWith("//")) {
                continue;
            }
            if (!name.matches("[a-z0-9][a-z0-9_-]*")) {
                throw new UsageException("--experiment " + file + ": '" + name + "' is not an option name");
            }
            List<String> values = values(file, name, e.getValue());
            if (REPEATED.contains(name)) {
                for (String v : values) {
                    args.add("--" + name + "=" + v);
                }
            } else {
                args.add("--" + name + "=" + String.join(",", values));
            }
        }
        return args;
    }

    private static List<String> values(Path file, String name, JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(v -> values.add(scalar(file, name, v)));
        } else {
            values.add(scalar(file, name, node));
        }
        return values;
    }

    private static String scalar(Path file, String name, JsonNode v) {
        if (v.isTextual() || v.isNumber()) {
            return v.asText();
        }
        if (v.isBoolean()) {
            return v.asBoolean() ? "on" : "off";
        }
        throw new UsageException("--experiment " + file + ": '" + name + "' must be a string, number, boolean or a list of them");
    }
}

package benchkit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import benchkit.core.report.Study;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --experiment FILE}: a study kept as one JSON file under version control. Its keys are
 * bench's option names without dashes and its values strings, numbers, booleans or lists, e.g.
 * {@code {"workload": ["oltp-read-only"], "allocator": ["glibc", "jemalloc"], "threads": [32, 64]}}.
 * It expands to command-line options placed before the ones typed; an option typed replaces the file's;
 * {@code //} and {@code /* *}{@code /} comments, and keys starting with {@code "//"}, are comments.
 *
 * <p>A study file may also hold {@code "study"}, the published study it repeats (see {@link Study}),
 * which becomes {@code --study FILE} so the report puts the published findings beside the measured ones;
 * and {@code "original-scale"}, options that restore the study's original sizes and times, applied over
 * the file's own with {@code --scale original} (the default {@code --scale here} runs the file as written).
 */
final class ExperimentFile {
    /** Options given once per value rather than as one comma-separated list. */
    private static final Set<String> REPEATED = Set.of("mysqld", "allocator-env");
    private static final String EXPERIMENT = "experiment";
    private static final String STUDY = "study";
    private static final String ORIGINAL_SCALE = "original-scale";
    private static final String HERE = "here";
    private static final String ORIGINAL = "original";

    private ExperimentFile() {
    }

    /**
     * A command line with its experiment file's options in it: {@code file} (as given; null when the line names none)
     * and {@code options}, the canonical names of the options that came from it (those typed over it left out).
     */
    record Expansion(String[] args, String file, Set<String> options, Map<String, String> written) {
        /** No experiment file: what a line has before its own is read. */
        static final Expansion NONE = new Expansion(new String[0], null, Set.of(), Map.of());

        /** Whether {@code option} (with or without dashes, any spelling) came from the file. */
        boolean fromFile(String option) {
            return file != null && options.contains(benchkit.spi.OptionValues.canonical(option));
        }

        /**
         * The file's key and value for {@code option} as its user wrote them ({@code "threads": true}), when the option
         * came from the file: an error about the value bench made of it ('on') would else quote what nobody wrote.
         */
        Optional<String> written(String option) {
            return fromFile(option) ? Optional.ofNullable(written.get(benchkit.spi.OptionValues.canonical(option)))
                    : Optional.empty();
        }
    }

    static String[] expand(String[] args) {
        return expansion(args).args();
    }

    static Expansion expansion(String[] args) {
        if (java.util.Arrays.stream(args).noneMatch(a -> a.equals("--experiment") || a.startsWith("--experiment="))) {
            return new Expansion(args, null, Set.of(), Map.of());   // --scale is then a workload's own option (sysbench-tpcc's tpcc.lua has one)
        }
        List<String> out = new ArrayList<>();
        Path file = null;
        String scale = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--experiment") || a.startsWith("--experiment=")) {
                String name = valueOf(args, i, a);
                if (!a.contains("=")) {
                    i++;
                }
                if (file != null) {
                    // two files' options would meet as options given twice ("--workload should be specified only once")
                    throw new UsageException("--experiment is given twice (" + file + ", " + name + "); give one "
                            + "experiment file, and type on the command line what should differ from it");
                }
                file = Path.of(name);
            } else if (a.equals("--scale") || a.startsWith("--scale=")) {
                scale = valueOf(args, i, a);
                if (!a.contains("=")) {
                    i++;
                }
                if (!List.of(HERE, ORIGINAL).contains(scale)) {
                    throw new UsageException("--scale " + scale + " is not valid; expected here (the file as written) or original");
                }
            } else {
                out.add(a);
            }
        }
        ObjectNode options = options(file, ORIGINAL.equals(scale));
        List<String> fromFile = new ArrayList<>(args(file, options));
        // An option typed on the command line replaces the file's value for it.
        Set<String> typed = new java.util.HashSet<>();
        out.stream().filter(a -> a.startsWith("--")).forEach(a -> typed.add(nameOf(a)));
        fromFile.removeIf(a -> typed.contains(nameOf(a)));
        // A subcommand typed first stays first.
        int at = !out.isEmpty() && List.of("run", "prepare", "cleanup").contains(out.get(0)) ? 1 : 0;
        if (at == 1 && !out.get(0).equals("run")) {
            fromFile.removeIf(a -> a.startsWith("--study="));     // the data commands draw no report
        }
        out.addAll(at, fromFile);
        Set<String> names = new java.util.HashSet<>();
        fromFile.forEach(a -> names.add(benchkit.spi.OptionValues.canonical(nameOf(a))));
        Map<String, String> written = new java.util.HashMap<>();
        options.fields().forEachRemaining(e -> written.put(benchkit.spi.OptionValues.canonical(e.getKey()),
                com.fasterxml.jackson.databind.node.TextNode.valueOf(e.getKey()) + ": " + e.getValue()));
        return new Expansion(out.toArray(new String[0]), file.toString(), Set.copyOf(names), Map.copyOf(written));
    }

    private static String valueOf(String[] args, int i, String a) {
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : (i + 1 < args.length ? args[i + 1] : null);
        if (value == null || value.isBlank()) {
            throw new UsageException(name + " needs a value");
        }
        return value.strip();
    }

    private static String nameOf(String option) {
        int eq = option.indexOf('=');
        return eq < 0 ? option : option.substring(0, eq);
    }

    static List<String> read(Path file) {
        return read(file, false);
    }

    /** The file's options; with {@code originalScale}, its {@code "original-scale"} block replaces them key by key. */
    static List<String> read(Path file, boolean originalScale) {
        return args(file, options(file, originalScale));
    }

    /** The file's object of options, checked, at the scale asked for. */
    private static ObjectNode options(Path file, boolean originalScale) {
        JsonNode root;
        try {
            root = Study.readExperiment(file);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--experiment " + e.getMessage());
        } catch (IOException e) {
            if (Files.isDirectory(file)) {
                throw new UsageException("--experiment " + file + " is a directory; give an experiment file (a JSON "
                        + "object of option names and values, docs/usage.md)");
            }
            throw new UsageException("--experiment " + file + " cannot be read: " + benchkit.core.run.plan.RunFailure.ioMessage(e));
        }
        if (root == null || !root.isObject()) {
            throw new UsageException("--experiment " + file + ": expected a JSON object of option names and values");
        }
        ObjectNode options = ((ObjectNode) root).deepCopy();
        JsonNode original = options.remove(ORIGINAL_SCALE);
        if (original != null && !original.isObject()) {
            throw new UsageException("--experiment " + file + ": \"" + ORIGINAL_SCALE + "\" must be an object of option names and values");
        }
        if (originalScale) {
            if (original == null) {
                throw new UsageException("--scale original: " + file + " has no \"" + ORIGINAL_SCALE + "\" block");
            }
            original.fields().forEachRemaining(e -> options.set(e.getKey(), e.getValue()));
        }
        if (options.has(EXPERIMENT)) {
            throw new UsageException("--experiment " + file + ": an experiment file cannot name another (\"" + EXPERIMENT
                    + "\"); put the options of both in one file");
        }
        return options;
    }

    /** The command-line options that {@code file}'s {@code options} stand for. */
    private static List<String> args(Path file, ObjectNode fileOptions) {
        ObjectNode options = fileOptions.deepCopy();
        List<String> args = new ArrayList<>();
        JsonNode study = options.remove(STUDY);
        if (study != null) {
            try {
                Study.parse(study, file.toString());
            } catch (IllegalArgumentException e) {
                throw new UsageException("--experiment " + e.getMessage());
            }
            args.add("--study=" + file);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = options.fields(); it.hasNext(); ) {
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
            if (node.isEmpty()) {
                // "--threads=" would be refused as a value '' that nobody wrote
                throw new UsageException("--experiment " + file + ": \"" + name + "\" is an empty list; give at least one "
                        + "value, or leave the key out for bench's default");
            }
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

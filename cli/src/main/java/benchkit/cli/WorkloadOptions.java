package benchkit.cli;

import benchkit.spi.OptionValues;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload and its own options. Options bench itself does not know (e.g. {@code --tables 4},
 * {@code --table-size=1000}) belong to the workload, which validates them.
 */
final class WorkloadOptions {
    @Option(names = "--workload", paramLabel = "NAME",
            description = "Workload to run (see 'bench list'), e.g. point-select.")
    String workload;

    /** Here for --help only (sweep 10, case N43): Main reads the file into the line before the line is parsed. */
    @Option(names = "--experiment", paramLabel = "FILE.json",
            description = "Take the options from a file: a JSON object of option names without dashes and their values, "
                    + "e.g. {\"workload\": \"point-select\", \"threads\": [8, 16]}; options typed on the line win. "
                    + "docs/usage.md (Matrices) describes the file.")
    String experimentFile;

    /**
     * The workload's options as name -> value, from the arguments bench itself did not match
     * (picocli's {@code @Unmatched}); {@code --flag} alone means {@code on}.
     */
    static Map<String, String> workloadOptions(List<String> rest) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < rest.size(); i++) {
            String arg = rest.get(i);
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "'");
            }
            int eq = arg.indexOf('=');
            if (eq > 0) {
                options.put(OptionValues.canonical(arg.substring(0, eq)), arg.substring(eq + 1));
            } else if (i + 1 < rest.size() && !rest.get(i + 1).startsWith("--")) {
                options.put(OptionValues.canonical(arg), rest.get(++i));
            } else {
                options.put(OptionValues.canonical(arg), "on");
            }
        }
        return options;
    }

    /** The {@code --workload} names (a comma-separated list runs each in turn, results combined). */
    List<String> requireWorkloads(java.util.Set<String> valid) {
        if (workload == null || workload.isBlank()) {
            throw new UsageException("missing --workload; valid: " + String.join(", ", valid));
        }
        List<String> names = new java.util.ArrayList<>();
        for (String name : workload.split(",")) {
            if (!name.isBlank() && !names.contains(name.strip())) {
                names.add(name.strip());
            }
        }
        return names;
    }

    String requireWorkload(java.util.Set<String> valid) {
        List<String> names = requireWorkloads(valid);
        if (names.size() != 1) {
            throw new UsageException("this command takes one --workload, not " + String.join(",", names));
        }
        return names.get(0);
    }
}

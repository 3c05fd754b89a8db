package benchkit.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Accepts sysbench command lines: legacy 0.4/0.5 option names ({@code --num-threads}, {@code --oltp-*},
 * {@code --test=oltp}), sysbench 1.0's positional form ({@code oltp_read_only ... run}), and
 * rewrites them to bench's, with a one-line note per legacy name saying the modern one.
 */
final class SysbenchArgs {
    /** Legacy name -> modern name; the value is kept. */
    private static final Map<String, String> RENAMED = Map.ofEntries(
            Map.entry("--num-threads", "--threads"),
            Map.entry("--max-time", "--time"),
            Map.entry("--max-requests", "--events"),
            Map.entry("--oltp-table-size", "--table-size"),
            Map.entry("--oltp-tables-count", "--tables"),
            Map.entry("--oltp-dist-type", "--rand-type"),
            Map.entry("--oltp-point-selects", "--point-selects"),
            Map.entry("--oltp-simple-ranges", "--simple-ranges"),
            Map.entry("--oltp-sum-ranges", "--sum-ranges"),
            Map.entry("--oltp-order-ranges", "--order-ranges"),
            Map.entry("--oltp-distinct-ranges", "--distinct-ranges"),
            Map.entry("--oltp-range-size", "--range-size"),
            Map.entry("--oltp-index-updates", "--index-updates"),
            Map.entry("--oltp-non-index-updates", "--non-index-updates"),
            Map.entry("--oltp-skip-trx", "--skip-trx"),
            Map.entry("--oltp-auto-inc", "--auto-inc"),
            Map.entry("--oltp-secondary", "--secondary"),
            Map.entry("--mysql-table-engine", "--mysql-storage-engine"));

    /** sysbench options that choose nothing in bench (it always talks to MySQL-family servers). */
    private static final List<String> IGNORED = List.of("--db-driver");

    private static final List<String> COMMANDS = List.of("run", "prepare", "cleanup");

    private SysbenchArgs() {
    }

    static String[] translate(String[] args, Consumer<String> note) {
        List<String> out = new ArrayList<>();
        String command = null;
        String legacyTest = null;
        boolean readOnly = false;
        boolean hasWorkload = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : null;
            if (name.equals("--workload")) {
                hasWorkload = true;
            }
            if (COMMANDS.contains(arg) && i > 0 && i == args.length - 1) {
                command = arg;                      // sysbench puts the command last
            } else if (!arg.startsWith("-") && i == 0 && arg.matches("[a-z_]+") && arg.contains("_")) {
                out.add("--workload=" + arg.replace('_', '-').replaceFirst("^oltp-point-select$", "point-select"));
                hasWorkload = true;
            } else if (name.equals("--test")) {
                legacyTest = value != null ? value : (i + 1 < args.length ? args[++i] : "");
            } else if (name.equals("--oltp-read-only")) {
                String v = value != null ? value : (i + 1 < args.length && !args[i + 1].startsWith("--") ? args[++i] : "on");
                readOnly = v.equals("on") || v.equals("true") || v.equals("1") || v.equals("yes");
            } else if (IGNORED.contains(name)) {
                note.accept(name + " is not needed by bench; ignored");
                if (value == null && i + 1 < args.length && !args[i + 1].startsWith("--")) {
                    i++;
                }
            } else if (RENAMED.containsKey(name)) {
                note.accept(name + " is " + RENAMED.get(name) + " in sysbench 1.0 and bench");
                out.add(RENAMED.get(name) + (value != null ? "=" + value : ""));
            } else {
                out.add(arg);
            }
        }
        if (legacyTest != null && !hasWorkload) {
            String workload = workloadOfTest(legacyTest, readOnly);
            note.accept("--test=" + legacyTest + (readOnly ? " --oltp-read-only=on" : "") + " is --workload " + workload);
            out.add(0, "--workload=" + workload);
        } else if (readOnly) {
            note.accept("--oltp-read-only=on is --workload oltp-read-only");
        }
        if (command != null) {
            out.add(0, command);
        }
        return out.toArray(new String[0]);
    }

    /** {@code oltp}, {@code oltp.lua}, {@code tests/db/oltp.lua}, {@code select_random_points} ... to a workload name. */
    static String workloadOfTest(String test, boolean readOnly) {
        String base = test.substring(test.lastIndexOf('/') + 1).replaceFirst("\\.lua$", "");
        switch (base) {
            case "oltp":
            case "oltp_read_write":
                return readOnly ? "oltp-read-only" : "oltp-read-write";
            case "parallel_prepare":
                return readOnly ? "oltp-read-only" : "oltp-read-write";
            case "oltp_simple":
            case "select":
            case "oltp_point_select":
                return "point-select";
            default:
                return base.replace('_', '-');
        }
    }
}

package benchkit.cli;

import picocli.CommandLine;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A sysbench command line run as sysbench 1.0.20 runs it, for the scripts that call bench as {@code sysbench}:
 * sysbench's warnings for its deprecated options, its banner, errors as its {@code FATAL: } lines on stdout, and
 * its exit codes (0, or 1 for any failure, bad input included). bench's notes on how it read the line are
 * sysbench's "info" level: on stderr from {@code --verbosity 4}.
 */
final class SysbenchLine {
    private SysbenchLine() {
    }

    /** sysbench's first line and the blank one after it; says which program prints it. */
    static void banner(PrintStream out) {
        String version = SysbenchLine.class.getPackage().getImplementationVersion();
        out.println("sysbench 1.0.20 (benchkit " + (version == null ? "development build" : version) + ")");
        out.println();
    }

    /**
     * Whether a line bench could not translate was meant for sysbench (its errors are then sysbench's): no
     * --workload, and a sysbench test, or a command after the first word ({@code oltp_read_onlyy run}).
     */
    static boolean looksLikeOne(String[] args) {
        List<String> all = List.of(args);
        return all.stream().noneMatch(a -> a.equals("--workload") || a.startsWith("--workload="))
                && (all.stream().anyMatch(a -> a.equals("--test") || a.startsWith("--test=") || SysbenchTest.isTestName(a))
                || all.stream().skip(1).anyMatch(a -> List.of("run", "prepare", "prewarm", "warmup", "cleanup").contains(a)));
    }

    static int run(CommandLine cl, SysbenchArgs.Translation line) {
        PrintStream out = System.out;
        int verbosity = line.verbosity();
        for (SysbenchArgs.Note note : line.notes()) {
            if (note.sysbenchWarning() != null && verbosity >= 2) {
                out.println("WARNING: " + note.sysbenchWarning());
            } else if (verbosity >= 4) {
                cl.getErr().println("bench: note: " + note.text());
            }
        }
        out.flush();
        cl.setParameterExceptionHandler((e, args) -> fatal(Cli.firstLine(e.getMessage())));
        cl.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            Optional<String> unknown = unknownOption(e, line.args());
            if (unknown.isPresent()) {
                // sysbench's words for an option neither it nor the test takes: on stderr, after the banner
                commandLine.getErr().println("invalid option: " + unknown.get());
                commandLine.getErr().flush();
                return Cli.EXIT_FAILURE;
            }
            fatal(Cli.isUsageError(e) ? Cli.firstLine(e.getMessage()) : Cli.describe(e));
            if (Cli.showsStackTraces()) {
                e.printStackTrace(commandLine.getErr());
            }
            return Cli.EXIT_FAILURE;
        });
        return cl.execute(line.args()) == Cli.EXIT_OK ? Cli.EXIT_OK : Cli.EXIT_FAILURE;
    }

    /** The option of the line, as given, that {@code e} (or a cause) says no one takes; empty for other failures. */
    private static Optional<String> unknownOption(Throwable e, String[] args) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof benchkit.spi.UnknownOptionException u) {
                return Arrays.stream(args).filter(a -> a.startsWith("--")
                        && benchkit.spi.OptionValues.canonical(a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
                        .equals(u.option())).findFirst().or(() -> Optional.of("--" + u.option()));
            }
        }
        return Optional.empty();
    }

    /**
     * {@code sysbench TEST help}: "TEST options:" and a line per option as sysbench's sb_print_test_options prints
     * them, in name order, with sysbench's underscores, the kind of value and the default.
     */
    static void help(String test, List<benchkit.spi.OptionSpec> options, PrintStream out) {
        out.println(test + " options:");
        java.util.Map<String, String> lines = new java.util.TreeMap<>();
        for (benchkit.spi.OptionSpec o : options) {
            String d = o.defaultValue() == null ? "" : o.defaultValue();
            String kind = d.equals("on") || d.equals("off") ? "[=on|off]" : d.matches("-?[0-9]+") ? "=N" : "=STRING";
            lines.put("--" + o.name().replace('-', '_') + kind, o.description() + " [" + d + "]");
        }
        int width = lines.keySet().stream().mapToInt(String::length).max().orElse(0);
        lines.forEach((name, text) -> out.println("  " + name + " ".repeat(width - name.length() + 1) + text));
        out.println();
        out.flush();
    }

    /**
     * {@code sysbench TEST} with no command: oltp_common.lua (which the oltp and select_random scripts load) stops with
     * its "Command is required" error, exit 1; bulk_insert.lua has no such check and does nothing, exit 0.
     */
    static int noCommand(String test, PrintStream out) {
        banner(out);
        if (SysbenchTest.base(test).equals("bulk_insert")) {
            out.flush();
            return Cli.EXIT_OK;
        }
        out.println("FATAL: " + SysbenchConnectFailure.oltpCommon() + ":28: Command is required. Supported commands: "
                + "prepare, prewarm, run, cleanup, help");
        out.flush();
        return Cli.EXIT_FAILURE;
    }

    /**
     * A test sysbench would not find ({@code sysbench oltp_read_onlyy run}, {@code sysbench run}): its banner and
     * FATAL line, exit 1. A Lua file that exists is a script of the user's own, which sysbench would run and bench
     * cannot: said so, with the tests bench runs.
     */
    static int unknownTest(String test, PrintStream out) {
        banner(out);
        boolean script = test.endsWith(".lua") && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(test));
        out.println("FATAL: " + (script ? test + " is a script of its own; bench runs sysbench 1.0.20's: "
                + SysbenchTest.names() : "Cannot find benchmark '" + test + "': no such built-in test, file or module"));
        out.flush();
        return Cli.EXIT_FAILURE;
    }

    /**
     * What sysbench 1.0.20 does before it reads a test, for bench called as {@code sysbench} (the launcher beside
     * bench.jar): {@code --version} prints the version, {@code --help} the usage (the options of the tests bench runs),
     * and a line that names no test reads its Lua script from standard input: an empty one does nothing, as with
     * sysbench; bench runs no script of its own. Empty when the line goes on to its test.
     */
    static java.util.OptionalInt beforeTheTest(String[] args, java.io.InputStream in, PrintStream out) throws java.io.IOException {
        List<String> all = List.of(args);
        if (all.stream().anyMatch(a -> flagOn(a, "--version"))) {
            String version = SysbenchLine.class.getPackage().getImplementationVersion();
            out.println("sysbench 1.0.20 (benchkit " + (version == null ? "development build" : version) + ")");
            out.flush();
            return java.util.OptionalInt.of(Cli.EXIT_OK);
        }
        if (all.stream().anyMatch(a -> flagOn(a, "--help"))) {
            try (java.io.InputStream usage = SysbenchLine.class.getResourceAsStream("sysbench-usage.txt")) {
                String tests = String.join("\n", SysbenchTest.names().split(", ")).replaceAll("(?m)^", "  ");
                out.print(new String(usage.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).formatted(tests));
            }
            out.flush();
            return java.util.OptionalInt.of(Cli.EXIT_OK);
        }
        if (all.stream().anyMatch(a -> !a.startsWith("-"))) {
            return java.util.OptionalInt.empty();
        }
        banner(out);
        out.flush();
        if (!new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
            return java.util.OptionalInt.of(fatal("a Lua script on standard input is not one bench runs; it runs sysbench "
                    + "1.0.20's own tests: " + SysbenchTest.names()));
        }
        return java.util.OptionalInt.of(Cli.EXIT_OK);
    }

    /** {@code --name}, or {@code --name=on} (sysbench's other words for on too). */
    private static boolean flagOn(String arg, String name) {
        return arg.equals(name) || arg.startsWith(name + "=") && SysbenchArgs.isOn(arg.substring(name.length() + 1));
    }

    /** sysbench's error line, on stdout as sysbench prints it; returns its exit code. */
    static int fatal(String message) {
        System.out.println("FATAL: " + message);
        System.out.flush();
        return Cli.EXIT_FAILURE;
    }
}

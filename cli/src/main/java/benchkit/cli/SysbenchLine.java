package benchkit.cli;

import benchkit.sysbench.lua.ScriptLine;
import benchkit.sysbench.lua.SysbenchHelp;
import benchkit.sysbench.line.SysbenchArgs;
import benchkit.sysbench.line.SysbenchInit;
import benchkit.sysbench.line.SysbenchTest;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A sysbench command line run as sysbench 1.0.20 runs it, for the scripts that call bench as {@code sysbench}:
 * sysbench's warnings for its deprecated options, its banner, errors as its {@code FATAL: } lines on stdout, and
 * its exit codes (0, or 1 for any failure, bad input included). bench's notes on how it read the line are
 * sysbench's "info" level: on stderr from {@code --verbosity 4}.
 */
final class SysbenchLine {
    /** The translation of sysbench lines into bench's, with bench's options as its command line models them. */
    static final SysbenchArgs ARGS = new SysbenchArgs(new BenchOptionModels());

    private SysbenchLine() {
    }

    /** sysbench's first line and the blank one after it; says which program prints it. */
    static void banner(PrintStream out) {
        out.println(bannerLine());
        out.println();
    }

    private static String bannerLine() {
        String version = SysbenchLine.class.getPackage().getImplementationVersion();
        return "sysbench 1.0.20 (benchkit " + (version == null ? "development build" : version) + ")";
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

    /** Runs a translated sysbench line: a script's own in the Lua runtime, else on the tree {@code commandTree} makes. */
    static int run(Supplier<CommandLine> commandTree, SysbenchArgs.Translation line) {
        Optional<SysbenchInit.Refusal> refused = SysbenchInit.refusal(List.of(line.args()));
        if (refused.isPresent()) {
            System.out.print(refused.get().out());
            System.out.flush();
            System.err.print(refused.get().err());
            System.err.flush();
            return Cli.EXIT_FAILURE;
        }
        Optional<String> rand = badRandType(line.args());
        if (rand.isPresent()) {
            return fatal("Invalid random numbers distribution: " + rand.get() + ".");   // before its banner, as sysbench
        }
        CommandLine cl = line.script() == null ? commandTree.get() : null;
        PrintWriter err = cl != null ? cl.getErr() : new PrintWriter(System.err, true);
        PrintStream out = System.out;
        int verbosity = line.verbosity();
        for (SysbenchArgs.Note note : line.notes()) {
            if (note.sysbenchWarning() != null && verbosity >= 2 && line.script() == null) {
                out.println("WARNING: " + note.sysbenchWarning());
            } else if (verbosity >= 4) {
                err.println("bench: note: " + note.text());
            }
        }
        out.flush();
        if (line.script() != null) {
            // sysbench warns of --test on stderr as it reads its options, whatever the verbosity
            line.notes().stream().filter(n -> n.sysbenchWarning() != null && n.sysbenchWarning().startsWith("the --test"))
                    .forEach(n -> System.err.println("WARNING: " + n.sysbenchWarning()));
            if (Arrays.stream(line.args()).anyMatch(a -> a.equals("--out") || a.startsWith("--out="))
                    || System.getenv(RESULTS_ENV) != null && !System.getenv(RESULTS_ENV).isBlank()) {
                // the script's own run prints sysbench's report only: say so rather than let the user look for files
                System.err.println("bench: note: a sysbench line of your own script keeps no result files (--out, "
                        + RESULTS_ENV + "); for them run bench --workload " + line.script().word() + " --out DIR");
            }
            System.err.flush();
            int rc = ScriptLine.run(List.of(line.args()), line.script().word(), line.script().file(), bannerLine(), out,
                    System.err);
            out.flush();
            return rc;
        }
        Optional<String> flag = SysbenchInit.badFlag(List.of(line.args()));
        if (flag.isPresent()) {
            // an option no one takes, to sysbench: refused once its test is loaded, after its banner
            banner(out);
            out.flush();
            err.println("invalid option: " + flag.get());
            err.flush();
            return Cli.EXIT_FAILURE;
        }
        cl.setParameterExceptionHandler((e, args) -> fatal(Cli.firstLine(e.getMessage())));
        cl.setExecutionExceptionHandler((e, commandLine, parsed) -> {
            Optional<String> unknown = unknownOption(e, line.args()).or(() -> badTestFlag(e, line.args()));
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
        String[] args;
        try {
            args = resultPlace(line.args());
        } catch (IOException e) {
            return fatal("cannot make a result directory: " + e.getMessage());
        }
        return cl.execute(args) == Cli.EXIT_OK ? Cli.EXIT_OK : Cli.EXIT_FAILURE;
    }

    /** The environment variable whose directory keeps the result files of every sysbench line of a script. */
    static final String RESULTS_ENV = "BENCH_SYSBENCH_RESULTS";

    /**
     * Where a sysbench line's run writes bench's result files: sysbench writes none, so neither does its line unless
     * asked — {@code --out DIR}, or {@value #RESULTS_ENV}=DIR for a whole script, each run a new directory in it. Else
     * the run keeps no files and runs no collectors, whose figures only files would show (sysbench's output has none).
     */
    static String[] resultPlace(String[] args) throws IOException {
        List<String> all = new ArrayList<>(List.of(args));
        if (all.isEmpty() || !all.get(0).equals("run") || all.stream().anyMatch(a -> a.equals("--out") || a.startsWith("--out="))) {
            return args;
        }
        String kept = System.getenv(RESULTS_ENV);
        if (kept != null && !kept.isBlank()) {
            String workload = all.stream().filter(a -> a.startsWith("--workload=")).findFirst()
                    .map(a -> SysbenchTest.base(a.substring("--workload=".length()))).orElse("run");
            String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
            Path parent = Files.createDirectories(Path.of(kept));
            all.add("--out=" + Files.createTempDirectory(parent, stamp + "-" + workload + "-"));   // a new one per line
            return all.toArray(new String[0]);
        }
        all.add("--no-result-files");
        if (all.stream().noneMatch(a -> a.equals("--collectors") || a.startsWith("--collectors=") || a.equals("--collect")
                || a.startsWith("--collect="))) {
            all.add("--collectors=none");
        }
        return all.toArray(new String[0]);
    }

    /** sysbench 1.0.20's --rand-type values, as its sb_rand_init compares them (case and all; no zipfian there). */
    private static final List<String> RAND_TYPES = List.of("uniform", "gaussian", "special", "pareto");

    /** The line's --rand-type when sysbench would refuse it; empty when it is one of sysbench's or not given. */
    static Optional<String> badRandType(String[] args) {
        String value = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--rand-type=")) {
                value = args[i].substring("--rand-type=".length());
            } else if (args[i].equals("--rand-type") && i + 1 < args.length) {
                value = args[++i];
            }
        }
        return value == null || RAND_TYPES.contains(value) ? Optional.empty() : Optional.of(value);
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
     * The option of the line, as given, that {@code e} (or a cause) refused as a flag of the test whose value sysbench
     * takes for none ({@code --skip_trx=maybe}): to sysbench an option the test does not take. A workload's options
     * declare no kind: its flags are those whose default is on or off, as in {@link SysbenchHelp.Line#of}.
     */
    private static Optional<String> badTestFlag(Throwable e, String[] args) {
        boolean refused = false;
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            refused |= t instanceof benchkit.spi.InvalidOptionException;
        }
        Optional<String> workload = Arrays.stream(args).filter(a -> a.startsWith("--workload="))
                .map(a -> a.substring("--workload=".length())).findFirst();
        if (!refused || workload.isEmpty()) {
            return Optional.empty();
        }
        java.util.Set<String> flags = new java.util.HashSet<>();
        try {
            for (benchkit.spi.OptionSpec o : Plugins.load(new PrintWriter(java.io.Writer.nullWriter()), null)
                    .workload(workload.get()).options()) {
                if ("on".equals(o.defaultValue()) || "off".equals(o.defaultValue())) {
                    flags.add(o.name());
                }
            }
        } catch (RuntimeException notThere) {
            return Optional.empty();
        }
        return Arrays.stream(args).filter(a -> a.startsWith("--") && a.contains("=")
                && flags.contains(benchkit.spi.OptionValues.canonical(a.substring(0, a.indexOf('='))))
                && !SysbenchInit.isFlagValue(a.substring(a.indexOf('=') + 1))).reduce((first, last) -> last);
    }

    /**
     * {@code sysbench TEST help}: "TEST options:" and a line per option as sysbench's sb_print_test_options prints
     * them, in name order, with sysbench's underscores, the kind of value and the default.
     */
    static void help(String test, List<benchkit.spi.OptionSpec> options, PrintStream out) {
        // in name order, with sysbench's underscores
        SysbenchHelp.print(test, options.stream().map(SysbenchHelp.Line::of)
                .sorted(java.util.Comparator.comparing(SysbenchHelp.Line::name)).toList(), out);
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
     * FATAL line, exit 1. (A Lua file that exists is a script, which runs: ScriptLine.)
     */
    static int unknownTest(String test, PrintStream out) {
        banner(out);
        out.println("FATAL: Cannot find benchmark '" + test + "': no such built-in test, file or module");
        out.flush();
        return Cli.EXIT_FAILURE;
    }

    /** An option sysbench 1.0.20's tests do not take: its banner, then its line on stderr, exit 1. */
    static int invalidOption(String word, PrintStream out, PrintStream err) {
        banner(out);
        out.flush();
        err.println("invalid option: " + word);
        err.flush();
        return Cli.EXIT_FAILURE;
    }

    /**
     * What sysbench 1.0.20 does before it reads a test, for bench called as {@code sysbench} (the launcher beside
     * bench.jar): {@code --version} prints the version, {@code --help} the usage (the options of the tests bench runs),
     * and a line that names no test (or names '-') runs the Lua script on standard input, as sysbench does (an empty one
     * does nothing). Empty when the line goes on to its test.
     */
    static java.util.OptionalInt beforeTheTest(String[] args, java.io.InputStream in, PrintStream out) throws IOException {
        List<String> all = List.of(args);
        if (all.stream().anyMatch(a -> flagOn(a, "--version"))) {
            out.println("sysbench 1.0.20");   // as sysbench's, for scripts that check it; the banner of a run names bench
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
        if (all.stream().anyMatch(a -> a.equals("--workload") || a.startsWith("--workload="))) {
            return java.util.OptionalInt.empty();   // bench's own line
        }
        List<String> words = positional(all);
        if (words.size() > 2) {
            System.err.println("Unrecognized command line argument: " + words.get(2));
            return java.util.OptionalInt.of(Cli.EXIT_FAILURE);
        }
        if (!words.isEmpty() && !words.get(0).equals("-")) {
            return java.util.OptionalInt.empty();
        }
        // no test, or '-': sysbench runs the Lua chunk on standard input (none: nothing to do), and no command
        return java.util.OptionalInt.of(ScriptLine.runStandardInput(in.readAllBytes(), all, bannerLine(), out, System.err));
    }

    /** sysbench's test and command words: the line's words that are no option (nor a bare option's value, for bench's). */
    private static List<String> positional(List<String> all) {
        List<String> words = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            String a = all.get(i);
            if (!a.startsWith("-") || a.equals("-")) {
                words.add(a);
            } else if (!a.contains("=") && i + 1 < all.size() && !all.get(i + 1).startsWith("-")
                    && !all.get(i + 1).endsWith(".lua") && !SysbenchTest.isTestName(all.get(i + 1))
                    && !List.of("run", "prepare", "cleanup", "prewarm", "warmup", "help").contains(all.get(i + 1))) {
                i++;                                 // --threads 4: a value, as bench's options take it
            }
        }
        return words;
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

package benchkit.cli;

import benchkit.core.plugin.PluginFailureException;
import benchkit.core.plugin.UnknownPluginException;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;
import benchkit.spi.UnknownOptionException;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Builds the picocli command tree and maps failures to one-line messages and exit codes. */
final class Cli {
    /** The exit codes of every command ({@code run}, sysbench lines, {@code compare}, {@code merge}, ...), in docs/usage.md. */
    static final int EXIT_OK = 0;
    /** A run (or merge, or report) failed: what finished is kept and the error says what did not. */
    static final int EXIT_FAILURE = 1;
    /** Bad input: nothing was started or written. */
    static final int EXIT_USAGE = 2;
    /** {@code compare --fail-on-regression} found a regression beyond the minimum effect. */
    static final int EXIT_REGRESSION = 3;

    private static volatile boolean stackTraces;
    /** The line's experiment file and the options that came from it, for errors to name it; none by default. */
    private static volatile ExperimentFile.Expansion experiment = ExperimentFile.Expansion.NONE;
    /** An option as messages name it: {@code --threads}, {@code '--threads'}. */
    private static final java.util.regex.Pattern OPTION = java.util.regex.Pattern.compile("--([A-Za-z0-9][A-Za-z0-9_-]*)");

    /** picocli's line for a number it could not read: {@code Invalid value for option '--threads' (N[,N...]): 'x' is not an int}. */
    private static final java.util.regex.Pattern NOT_A_NUMBER = java.util.regex.Pattern.compile(
            "Invalid value for option '(--[A-Za-z0-9_-]+)'( \\([^)]*\\))?: '(.*)' is not an? (int|long|double|float)");

    private Cli() {
    }

    /**
     * What a number option takes, where the option's own check says it: a value that is no number of Java's type (0.5,
     * or 99999999999 for an int) is told the same range, not the Java type it missed (sweep 10, cases N4 and N61).
     */
    private static final Map<String, String> EXPECTED_NUMBERS = Map.of(
            "--threads", benchkit.core.run.plan.RunPlan.THREAD_COUNTS,
            "--report-checkpoints", RunCommand.CHECKPOINTS,
            "--percentile", RunCommand.PERCENTILES);

    /** Whether failures print their stack traces (--stacktrace): a plugin author's view of what failed. */
    static void showStackTraces(boolean show) {
        stackTraces = show;
    }

    /** The experiment file the line was expanded from ({@link ExperimentFile#expansion}), for the error lines. */
    static void experiment(ExperimentFile.Expansion expansion) {
        experiment = expansion;
    }

    /** The line's experiment file ({@link ExperimentFile.Expansion#NONE} when it names none). */
    static ExperimentFile.Expansion experiment() {
        return experiment;
    }

    /**
     * {@code --experiment FILE: } when the option an error is about came from the line's experiment file (a typo in a
     * key would else read as one on the command line, which holds none), else empty. The option is the one {@code e}
     * names ({@code option}, when known) or the first the message names.
     */
    static String origin(String option, String message) {
        ExperimentFile.Expansion x = experiment;
        if (x.file() == null) {
            return "";
        }
        if (option == null && message != null) {
            java.util.regex.Matcher m = OPTION.matcher(message);
            option = m.find() ? m.group(1) : null;
        }
        return option != null && x.fromFile(option) ? "--experiment " + x.file() + ": " : "";
    }

    /** {@link #origin(String, String)} for a failure: a workload's unknown option, a picocli option, or the message's. */
    static String origin(Throwable e) {
        String option = null;
        if (e instanceof UnknownOptionException unknown) {
            option = unknown.option();
        } else if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            option = unmatched.getUnmatched().get(0).split("=", 2)[0];
        } else if (e instanceof CommandLine.ParameterException p && p.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
            option = java.util.Arrays.stream(o.names()).filter(experiment::fromFile).findFirst().orElse(o.longestName());
        }
        return origin(option, e.getMessage());
    }

    static boolean showsStackTraces() {
        return stackTraces || System.getenv("BENCH_DEBUG") != null;
    }

    /** bench's whole command tree: {@code bench} itself and every subcommand. */
    static CommandLine commandLine() {
        return configured(new CommandLine(new BenchCommand()));
    }

    /**
     * The command tree that {@code args} need: when they start with a subcommand's name, {@code bench} with that
     * subcommand alone, whose options cannot come before it; else the whole tree. picocli builds a command's model
     * by reflection as the tree is made, and the whole tree took 0.25-0.55 s of a short sysbench line's start
     * (docs/sysbench-scripts.md, "Speed").
     */
    static CommandLine commandLine(String... args) {
        Optional<Class<?>> sub = args.length == 0 ? Optional.empty() : subcommand(args[0]);
        if (sub.isEmpty()) {
            return commandLine();
        }
        CommandLine cl = new CommandLine(new Named());
        cl.addSubcommand(newInstance(sub.get()));
        cl.setUnmatchedArgumentsAllowed(true);    // as BenchCommand's @Unmatched makes it for its whole tree
        return configured(cl);
    }

    /** The model of one of bench's subcommands, for the sysbench translation's look-up of its options. */
    static CommandLine.Model.CommandSpec subcommandSpec(String name) {
        return new CommandLine(newInstance(subcommand(name).orElseThrow())).getCommandSpec();
    }

    private static Optional<Class<?>> subcommand(String name) {
        return java.util.Arrays.stream(BenchCommand.class.getAnnotation(CommandLine.Command.class).subcommands())
                .filter(c -> c.getAnnotation(CommandLine.Command.class).name().equals(name)
                        || java.util.Arrays.asList(c.getAnnotation(CommandLine.Command.class).aliases()).contains(name))
                .findFirst();
    }

    private static Object newInstance(Class<?> command) {
        try {
            var constructor = command.getDeclaredConstructor();
            constructor.setAccessible(true);
            return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(command + " cannot be made", e);
        }
    }

    /**
     * {@code bench} above the one subcommand a line names: its name for messages, no options of its own, and a
     * catch-all as {@link BenchCommand}'s, so that a subcommand's unknown argument gets the same message.
     */
    @CommandLine.Command(name = "bench")
    private static final class Named {
        @CommandLine.Unmatched
        List<String> unmatched = new java.util.ArrayList<>();
    }

    private static CommandLine configured(CommandLine cl) {
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.registerConverter(java.nio.file.Path.class, Cli::path);
        // plain decimal numbers only: Java's own parsers take --time 1d, 2f or 0x1p0 as 1 or 2 s, and other scripts' digits
        cl.registerConverter(Integer.class, plain("an int", v -> Math.toIntExact(OptionValues.parseWhole(v))));
        cl.registerConverter(Integer.TYPE, plain("an int", v -> Math.toIntExact(OptionValues.parseWhole(v))));
        cl.registerConverter(Long.class, plain("a long", OptionValues::parseWhole));
        cl.registerConverter(Long.TYPE, plain("a long", OptionValues::parseWhole));
        cl.registerConverter(Double.class, plain("a double", OptionValues::parseDecimal));
        cl.registerConverter(Double.TYPE, plain("a double", OptionValues::parseDecimal));
        // an experiment file's true/false reaches the line as on/off, the workloads' own word for them (ExperimentFile)
        cl.registerConverter(Boolean.class, Cli::onOff);
        cl.registerConverter(Boolean.TYPE, Cli::onOff);
        cl.setParameterExceptionHandler(Cli::onBadParameters);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> onFailure(e, commandLine));
        cl.setExecutionStrategy(Cli::refusingMisplacedOrUnknownOptions);
        cl.setHelpFactory(Cli::sameInEveryLocale);
        if (Main.console() != null) {
            cl.setOut(Main.writer(System.out));
            cl.setErr(Main.writer(System.err));
        }
        return cl;
    }

    /**
     * picocli sorts the synopsis by names upper-cased in the JVM's locale, where Turkish makes 'i' a dotted 'İ' that
     * sorts after 'Z': the same order in every locale, picocli's own (fewest parameters first, then by name).
     */
    private static CommandLine.Help sameInEveryLocale(CommandLine.Model.CommandSpec spec, CommandLine.Help.ColorScheme colors) {
        return new CommandLine.Help(spec, colors) {
            @Override
            protected CommandLine.Help.Ansi.Text createDetailedSynopsisOptionsText(
                    java.util.Collection<CommandLine.Model.ArgSpec> done, List<CommandLine.Model.OptionSpec> options,
                    java.util.Comparator<CommandLine.Model.OptionSpec> sort, boolean cluster) {
                return super.createDetailedSynopsisOptionsText(done, options, sort == null ? null : SYNOPSIS_ORDER, cluster);
            }
        };
    }

    private static final java.util.Comparator<CommandLine.Model.OptionSpec> SYNOPSIS_ORDER = java.util.Comparator
            .<CommandLine.Model.OptionSpec>comparingInt(o -> o.arity().max())
            .thenComparingInt(o -> o.arity().min())
            .thenComparing(CommandLine.Model.OptionSpec::isMultiValue)
            .thenComparing(o -> o.help())
            .thenComparing(o -> o.shortestName().replaceFirst("^-+", "").toUpperCase(java.util.Locale.ROOT))
            .thenComparing(o -> o.shortestName().replaceFirst("^-+", ""), java.util.Comparator.reverseOrder());

    /** A number option's converter, refusing in picocli's own words ({@code 'x' is not an int}), which badValue reads. */
    private static <N> CommandLine.ITypeConverter<N> plain(String kind, java.util.function.Function<String, N> parse) {
        return value -> {
            try {
                return parse.apply(value);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not " + kind);
            }
        };
    }

    /** An on/off option's attached value ({@code --force=on}): on/off or true/false, as the workloads' options take them. */
    static Boolean onOff(String value) {
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new CommandLine.TypeConversionException("'" + value + "' is not on or off (true or false)");
        };
    }

    /**
     * A path option's value. One the JVM cannot name (a non-ASCII name under {@code LC_ALL=C}, where the JVM encodes
     * file names in ASCII) says which locale to use, not {@code InvalidPathException}.
     */
    static java.nio.file.Path path(String value) {
        try {
            return benchkit.core.result.FileNames.path(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    /**
     * {@code bench} itself takes the run options and the workload's (it runs a benchmark without a subcommand), so
     * picocli accepts them before a subcommand too, where they would be silently ignored ({@code bench --plugin-dir p
     * list}), and lets bench's own catch-all take a subcommand's mistyped option: both refused.
     */
    private static int refusingMisplacedOrUnknownOptions(CommandLine.ParseResult parsed) {
        Optional<String> misplaced = misplacedOrUnknownOptions(parsed);
        if (misplaced.isPresent()) {
            PrintWriter err = parsed.commandSpec().commandLine().getErr();
            err.println("bench: " + shown(misplaced.get()));
            err.flush();
            return EXIT_USAGE;
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    /** The line that refuses run options given before a subcommand, or a subcommand's unknown option, if any. */
    static Optional<String> misplacedOrUnknownOptions(CommandLine.ParseResult parsed) {
        List<String> before = parsed.unmatched();
        if (!before.isEmpty() && !parsed.originalArgs().isEmpty() && before.get(0).equals(parsed.originalArgs().get(0))
                && !before.get(0).startsWith("-")) {
            // a mistyped command (bench reprot DIR) was taken as a run without --workload, or as a word too many for
            // the command after it (bench hisotry list)
            return Optional.of(unknownCommand(before.get(0), "", parsed.commandSpec()));
        }
        if (!parsed.hasSubcommand()) {
            return Optional.empty();
        }
        // bench's own @Unmatched (the workload's options) would swallow the unknown option of a subcommand that
        // takes none (compare, list, ...)
        List<String> unknown = new java.util.ArrayList<>(parsed.unmatched());
        CommandLine.ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
            unknown.addAll(leaf.unmatched());
        }
        if (!unknown.isEmpty() && leaf.commandSpec().unmatchedArgsBindings().isEmpty()) {
            String name = leaf.commandSpec().qualifiedName(" ").replaceFirst("^bench ", "");   // e.g. history export
            if (!leaf.commandSpec().subcommands().isEmpty() && !unknown.get(0).startsWith("-")) {
                return Optional.of(unknownCommand(unknown.get(0), name, leaf.commandSpec()));
            }
            String typed = unknown.get(0);
            if (!typed.startsWith("-")) {
                // a word too many is not an option: say what the command takes (history check takes one DIR)
                List<String> takes = leaf.commandSpec().positionalParameters().stream()
                        .map(CommandLine.Model.PositionalParamSpec::paramLabel).toList();
                return Optional.of("one argument too many for '" + name + "': " + typed + " (it takes "
                        + (takes.isEmpty() ? "none" : String.join(" ", takes)) + "); bench " + name
                        + " --help says what it takes");
            }
            return Optional.of(origin(typed.split("=", 2)[0], null) + "unknown option " + typed + " for '" + name + "'; "
                    + nearestOption(OptionValues.canonical(typed.split("=", 2)[0]), leaf.commandSpec())
                            .map(o -> "did you mean " + o + "? ").orElse("")
                    + "bench " + name + " --help lists its options");
        }
        List<String> ignored = parsed.matchedOptions().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .map(CommandLine.Model.OptionSpec::longestName)
                .toList();
        if (ignored.isEmpty()) {
            return Optional.empty();
        }
        String sub = parsed.subcommand().commandSpec().name();
        return Optional.of(String.join(", ", ignored) + " before the subcommand '" + sub + "' would not apply; put "
                + (ignored.size() == 1 ? "it" : "them") + " after it: bench " + sub + " " + ignored.get(0) + " ...");
    }

    private static int onBadParameters(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("bench: " + shown(badValue(e)));
        // the help of the command the line was for: bench history add's options are not in bench --help
        String command = e.getCommandLine().getCommandSpec().qualifiedName(" ");
        err.println("Try '" + (command.startsWith("bench") ? command : "bench") + " --help' for the options.");
        return EXIT_USAGE;
    }

    /**
     * {@code e}'s line, where a number that picocli could not read is said in the user's terms: an empty item of a list
     * ({@code 2,,4}), a decimal comma, and a value from the experiment file as the file has it ({@code "threads": true},
     * not the {@code 'on'} bench made of it).
     */
    static String badValue(CommandLine.ParameterException e) {
        String message = firstLine(e.getMessage());
        java.util.regex.Matcher m = NOT_A_NUMBER.matcher(message);
        if (!m.matches()) {
            return origin(e) + message;
        }
        String option = m.group(1);
        String item = m.group(3);
        String why = item.isEmpty() ? "an empty value (nothing given, or two commas in a row)"
                : "'" + item + "' is not valid; expected " + EXPECTED_NUMBERS.getOrDefault(option,
                        m.group(4).equals("int") || m.group(4).equals("long") ? "a whole number" : "a number")
                        // Java reads numbers with a point in every locale; a German user writes 1,5
                        + (m.group(4).equals("double") && item.matches("[+-]?[0-9]*,[0-9]+")
                                ? "; write " + item.replace(',', '.') + ", with a decimal point whatever the locale" : "");
        Optional<String> written = experiment.written(option);
        if (written.isEmpty()) {
            return message.substring(0, m.start(3) - 1) + why;
        }
        if (written.get().endsWith(": true") || written.get().endsWith(": false")) {
            why = "true and false are for on/off options";       // bench read it as 'on' or 'off'
        }
        return "--experiment " + experiment.file() + ": " + written.get() + " is not valid for " + option
                + (m.group(2) == null ? "" : m.group(2)) + ": " + why;
    }

    private static int onFailure(Exception e, CommandLine command) {
        PrintWriter err = command.getErr();
        if (isUsageError(e)) {
            err.println("bench: " + shown(origin(e) + firstLine(e.getMessage())
                    + mistypedOwnOption(e, command).map(o -> "; did you mean " + o + "?").orElse("")));
            return EXIT_USAGE;
        }
        err.println("bench: error: " + shown(describe(e)));
        if (showsStackTraces()) {
            e.printStackTrace(err);
        } else if (e instanceof PluginFailureException) {
            err.println("bench: --stacktrace shows where in the plugin it failed");
        }
        return EXIT_FAILURE;
    }

    /**
     * bench's own option that a workload's unknown one, given on the line or in an experiment file, is a typo of
     * ({@code --thread}: {@code --threads}): the workload names only its own options as valid.
     */
    private static Optional<String> mistypedOwnOption(Exception e, CommandLine command) {
        if (!(e instanceof UnknownOptionException unknown) || command.getParseResult() == null
                || command.getParseResult().unmatched().stream().filter(a -> a.startsWith("--"))
                        .noneMatch(a -> OptionValues.canonical(a.split("=", 2)[0]).equals(unknown.option()))) {
            return Optional.empty();    // a collector's (--collect NAME:KEY=V), not one of the line's options
        }
        return nearestOption(unknown.option(), command.getCommandSpec());
    }

    /**
     * The options of {@code command} closest to {@code name} (canonical, without dashes), as {@code --threads} or
     * {@code --a or --b}: one or two edits away, one for a name of up to 4 characters, where two make another word.
     */
    static Optional<String> nearestOption(String name, CommandLine.Model.CommandSpec command) {
        List<String> names = command.options().stream().filter(o -> !o.hidden())
                .flatMap(o -> java.util.Arrays.stream(o.names())).filter(n -> n.startsWith("--")).toList();
        return nearest(name, names, n -> n.substring(2));
    }

    /** Of {@code candidates}, those nearest {@code typed} (one or two characters off, as {@code how} spells them). */
    private static Optional<String> nearest(String typed, java.util.Collection<String> candidates,
                                            java.util.function.UnaryOperator<String> how) {
        int most = typed.length() <= 4 ? 1 : 2;
        java.util.TreeMap<Integer, java.util.TreeSet<String>> byDistance = new java.util.TreeMap<>();
        for (String given : candidates) {
            int d = editDistance(typed, how.apply(given));
            if (d >= 1 && d <= most) {
                byDistance.computeIfAbsent(d, k -> new java.util.TreeSet<>()).add(given);
            }
        }
        return byDistance.isEmpty() ? Optional.empty() : Optional.of(String.join(" or ", byDistance.firstEntry().getValue()));
    }

    /** A word where a command was expected: the command meant, when one is near it. */
    private static String unknownCommand(String typed, String of, CommandLine.Model.CommandSpec spec) {
        java.util.Set<String> commands = spec.subcommands().keySet();
        return "unknown " + (of.isEmpty() ? "command" : "subcommand") + " '" + typed + "'" + (of.isEmpty() ? "" : " for '"
                + of + "'") + "; " + nearest(typed, commands, n -> n).map(c -> "did you mean " + c + "? ").orElse("")
                + (of.isEmpty() ? "bench --help lists the commands" : "expected " + String.join(", ", commands)
                + " (bench " + of + " --help)");
    }

    /** Levenshtein's distance: the fewest characters inserted, removed or replaced to make {@code a} into {@code b}. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int replace = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(replace, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }

    static boolean isUsageError(Throwable e) {
        return e instanceof InvalidOptionException || e instanceof UnknownPluginException
                || e instanceof UsageException;
    }

    /** The message of the exception and its causes, one line, without stack traces. */
    static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (sb.indexOf(m) < 0) {
                if (sb.length() > 0) {
                    sb.append(": ");
                }
                sb.append(m);
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return sb.toString().strip();
    }

    /**
     * {@code line} with its control characters but newlines escaped as {@code \\u0000}: a value echoed back (a label
     * holding a NUL) would else put the raw byte, or a terminal's escape sequence, on the user's screen.
     */
    static String shown(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        for (char c : line.toCharArray()) {
            if (Character.isISOControl(c) && c != '\n') {
                sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static String firstLine(String s) {
        if (s == null) {
            return "invalid input";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}

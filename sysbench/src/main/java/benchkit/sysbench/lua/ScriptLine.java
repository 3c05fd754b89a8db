package benchkit.sysbench.lua;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Target;
import benchkit.spi.UnknownOptionException;
import benchkit.sysbench.line.SysbenchInit;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A sysbench 1.0.20 command line whose test is a Lua script of the user's own, run as sysbench runs it: the script's
 * commands ({@code help}, {@code prepare}, {@code cleanup}, its own), or {@code run} with sysbench's threads, limits,
 * report hooks and final report ({@link ScriptRun}). Nothing connects to a server unless the script does, as with
 * sysbench; lines that launch servers or compare variants are bench's own ({@code --workload script.lua}).
 */
public final class ScriptLine {
    /**
     * sysbench's own options (its globals and its MySQL driver's), by canonical name; any other is the script's (1.1's
     * --warmup-time too: 1.0.20 has none).
     */
    private static final Set<String> SYSBENCH = Set.of("threads", "events", "time", "rate", "report-interval",
            "report-checkpoints", "percentile", "histogram", "verbosity", "debug", "validate", "thread-stack-size",
            "thread-init-timeout", "forced-shutdown", "luajit-cmd", "db-driver", "db-debug",
            "mysql-host", "mysql-port", "mysql-socket", "mysql-user", "mysql-password", "mysql-db", "mysql-ssl",
            "mysql-ssl-cipher", "mysql-compression", "mysql-debug");
    /** sysbench 1.0.20's deprecated names, which it still takes with a warning. */
    /** sysbench's deprecated options and their names now, in the order sysbench checks them (and warns). */
    private static final Map<String, String> DEPRECATED = orderedMap("num-threads", "threads", "max-requests", "events",
            "max-time", "time", "tx-rate", "rate");
    /** Where sysbench's client library reaches "localhost" on Debian. */
    private static final String LOCAL_SOCKET = "/run/mysqld/mysqld.sock";

    private final LuaScript script;
    private final String command;
    private final Map<String, String> sysbench = new LinkedHashMap<>();
    private final Map<String, String> scriptOptions = new LinkedHashMap<>();
    /** The deprecated options the line gave. */
    private final java.util.Set<String> deprecated = new java.util.HashSet<>();
    private final List<String> given = new ArrayList<>();
    private final List<String> argv = new ArrayList<>();
    private final PrintStream out;
    private final PrintStream err;

    private ScriptLine(LuaScript script, String command, PrintStream out, PrintStream err) {
        this.script = script;
        this.command = command;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code args} (a sysbench line whose test is {@code scriptFile}; a config file already read), prints as
     * sysbench, and returns its exit code: 0, or 1 for any failure.
     *
     * @param banner sysbench's first line, which names the program ({@code sysbench 1.0.20 (benchkit ...)})
     */
    public static int run(List<String> args, String scriptFile, String banner, PrintStream out, PrintStream err) {
        return run(args, scriptFile, scriptFile, banner, out, err);
    }

    /**
     * As {@link #run(List, String, String, PrintStream, PrintStream)} for a test named {@code test} on the line, which
     * is {@code scriptFile} or a module name {@code require} found there ({@code sysbench cmdline_module run}).
     */
    public static int run(List<String> args, String test, String scriptFile, String banner, PrintStream out,
                          PrintStream err) {
        String command = null;
        boolean seenScript = false;
        for (String a : args) {
            if (a.startsWith("-")) {
                continue;
            }
            if (!seenScript && a.equals(test)) {
                seenScript = true;
            } else if (command == null) {
                command = a;
            }
        }
        ScriptLine line = new ScriptLine(LuaScript.read(Path.of(scriptFile)), command, out, err);
        line.argv.addAll(args);
        for (String a : args) {
            if (a.startsWith("--")) {
                line.option(a);
            }
        }
        line.warnDeprecated();
        return line.run(banner);
    }

    private static Map<String, String> orderedMap(String... keysAndValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    /** sysbench's warnings for the deprecated options given, as it prints them while it reads its options (whatever --verbosity). */
    private void warnDeprecated() {
        DEPRECATED.keySet().stream().filter(deprecated::contains).forEach(name ->
                out.println("WARNING: --" + name + " is deprecated, use --" + DEPRECATED.get(name) + " instead"));
    }

    private void option(String arg) {
        int eq = arg.indexOf('=');
        String name = OptionValues.canonical(eq < 0 ? arg : arg.substring(0, eq));
        String value = eq < 0 ? "on" : arg.substring(eq + 1);
        given.add(arg);
        if (DEPRECATED.containsKey(name)) {
            deprecated.add(name);
            name = DEPRECATED.get(name);
        }
        if (SYSBENCH.contains(name) || name.startsWith("pgsql-")) {
            sysbench.put(name, value);
        } else {
            scriptOptions.put(name, value);
        }
    }

    private int verbosity() {
        try {
            return Integer.parseInt(sysbench.getOrDefault("verbosity", "3").strip());
        } catch (NumberFormatException e) {
            return 3;
        }
    }

    private int run(String banner) {
        int verbosity = verbosity();
        long forced;
        try {
            forced = forcedShutdown();
        } catch (InvalidOptionException e) {
            out.println("FATAL: " + e.getMessage());     // sysbench reads it before its banner
            return 1;
        }
        if (verbosity >= 3) {
            out.println(banner);
            out.println();
        }
        LuaWorkloadFactory factory;
        LuaWorkload workload;
        try {
            factory = new LuaWorkloadFactory(script);
            for (ScriptOption o : factory.declared()) {
                String key = OptionValues.canonical(o.name());
                String v = scriptOptions.get(key);
                if (v == null) {
                    continue;
                }
                if (o.kind() == ScriptOption.Kind.DOUBLE) {
                    scriptOptions.put(key, strtod(v));
                } else if (o.kind() == ScriptOption.Kind.INT && !SysbenchInit.isStrtolInt(v)) {
                    err.println("Invalid value for the '" + o.name() + "' option: '" + v + "'");
                    return 1;
                }
            }
            Optional<String> flag = SysbenchInit.badFlag(given);
            if (flag.isPresent()) {
                err.println("invalid option: " + flag.get());    // to sysbench, an option no one takes
                return 1;
            }
            workload = (LuaWorkload) factory.create(scriptOptions, out);
        } catch (UnknownOptionException e) {
            err.println("invalid option: " + shown(e.option()));
            return 1;
        } catch (ScriptOption.InvalidValue e) {
            err.println("invalid option: " + shown(OptionValues.canonical(e.option)));
            return 1;
        } catch (LuaWorkloadFactory.LoadFailure e) {
            out.print(e.printed);
            out.println("FATAL: " + e.luaMessage);
            return 1;
        } catch (InvalidOptionException e) {
            out.println("FATAL: " + e.getMessage());
            return 1;
        } catch (LuaWorkload.ScriptFailure e) {
            out.println("FATAL: " + e.getMessage());
            return 1;
        }
        try {
            Target target = target();
            workload.driverName(sysbench.getOrDefault("db-driver", "mysql"));
            workload.asSysbenchLine(this::notice, argv);
            if (command == null) {
                // sysbench loads the script (its main chunk runs) and, with no command, has nothing more to do
                workload.state(null, 0, 1, target, ScriptStates.UNCOUNTED).close();
                return 0;
            }
            int threads = intOption("threads", 1);
            if (workload.definesCommand(command)) {
                workload.command(command, target, threads);
                return 0;
            }
            switch (command) {
                case "help" -> {
                    if (workload.hasFunction("help")) {
                        workload.command("help", target, 1);
                    } else if (!factory.declared().isEmpty()) {
                        SysbenchHelp.print(name(), factory.declared().stream().map(SysbenchHelp.Line::of).toList(), out);
                    } else {
                        err.println("'" + name() + "' test does not implement the 'help' command.");
                        return 1;
                    }
                    return 0;
                }
                case "prepare", "cleanup" -> {
                    if (!workload.hasFunction(command)) {
                        err.println("'" + name() + "' test does not implement the '" + command + "' command.");
                        return 1;
                    }
                    workload.command(command, target, threads);
                    return 0;
                }
                case "run" -> {
                    return new ScriptRun(workload, target, settings(threads, forced), out).run();
                }
                default -> {
                    err.println("Unknown command: " + command);
                    return 1;
                }
            }
        } catch (LuaWorkload.ScriptFailure | InvalidOptionException e) {
            out.println("FATAL: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            out.println("FATAL: " + e);
            return 1;
        } finally {
            try {
                workload.close();
            } catch (RuntimeException e) {
                out.println("FATAL: " + e.getMessage());
            }
        }
    }

    /**
     * {@code sysbench [options] < script}: a line that names no test runs the Lua chunk on standard input, with no
     * command, its options not checked (as sysbench).
     */
    public static int runStandardInput(byte[] chunk, List<String> args, String banner, PrintStream out, PrintStream err) {
        ScriptLine line = new ScriptLine(new LuaScript("stdin", Path.of("").toAbsolutePath(), chunk), null, out, err);
        args.stream().filter(a -> a.startsWith("--")).forEach(line::option);
        line.warnDeprecated();
        if (line.verbosity() >= 3) {
            out.println(banner);
            out.println();
        }
        try {
            LuaWorkload workload = new LuaWorkloadFactory(line.script).create(Map.of(), out);
            workload.state(null, 0, 1, line.target(), ScriptStates.UNCOUNTED).close();
            return 0;
        } catch (LuaWorkloadFactory.LoadFailure e) {
            out.print(e.printed);
            out.println("FATAL: " + e.luaMessage);
            return 1;
        } catch (LuaWorkload.ScriptFailure | InvalidOptionException e) {
            out.println("FATAL: " + e.getMessage());
            return 1;
        }
    }

    /** An option as the line gave it ({@code --bool-opt=5}), by its canonical name. */
    private String shown(String canonical) {
        return given.stream().filter(g -> OptionValues.canonical(g.contains("=") ? g.substring(0, g.indexOf('=')) : g)
                .equals(canonical)).findFirst().orElse("--" + canonical);
    }

    private void notice(String text) {
        if (verbosity() >= 3) {
            out.println(text);
        }
    }

    /** The test's name as sysbench shows it: the script's file name. */
    private String name() {
        return script.name();
    }

    private ScriptRun.Settings settings(int threads, long forcedShutdownSec) {
        return new ScriptRun.Settings(threads, longOption("events", 0), doubleOption("time", 10),
                doubleOption("report-interval", 0), intOption("percentile", 95), flag("histogram"), verbosity(),
                scriptOptions.getOrDefault("rand-seed", "0"), checkpoints(), intOption("rate", 0), forcedShutdownSec);
    }

    /**
     * sysbench's --forced-shutdown: the seconds to wait after --time (N, or N% of --time), -1 for {@code off} (its
     * default) or a run without --time. sysbench reads it only with a time limit.
     */
    private long forcedShutdown() {
        String v = sysbench.get("forced-shutdown");
        long time;
        try {
            time = (long) Double.parseDouble(sysbench.getOrDefault("time", "10").strip());
        } catch (NumberFormatException e) {
            return -1;      // the time's own error is said where it is read
        }
        if (time <= 0 || v == null || v.equalsIgnoreCase("off")) {
            return -1;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*[+-]?\\d+").matcher(v);
        String digits = m.find() ? m.group() : "";
        String rest = v.substring(digits.length());
        if (!rest.isEmpty() && !rest.startsWith("%") || v.isEmpty()) {
            throw new InvalidOptionException("Invalid value for --forced-shutdown: '" + v + "'");
        }
        long n = digits.isEmpty() ? 0 : Long.parseLong(digits.strip());
        // sysbench's value is unsigned: a negative one wraps to a wait no run reaches
        long seconds = n < 0 ? Integer.MAX_VALUE : n;
        return rest.startsWith("%") ? seconds * time / 100 : seconds;
    }

    /** C's strtod as sysbench reads a number option: the longest number at the start, 0 when none. */
    static String strtod(String v) {
        String t = v.stripLeading();
        java.util.regex.Matcher hex = java.util.regex.Pattern.compile("^([+-]?)0[xX]([0-9a-fA-F]+)").matcher(t);
        if (hex.find()) {
            return hex.group(1) + new java.math.BigInteger(hex.group(2), 16);
        }
        java.util.regex.Matcher special = java.util.regex.Pattern.compile("^([+-]?)(inf(inity)?|nan)",
                java.util.regex.Pattern.CASE_INSENSITIVE).matcher(t);
        if (special.find()) {
            return special.group(1) + (special.group(2).toLowerCase(Locale.ROOT).startsWith("inf") ? "Infinity" : "NaN");
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")
                .matcher(t);
        return m.find() ? m.group() : "0";
    }

    /** Whether C's strtol reads all of {@code v} as an int, as sysbench checks an integer option. */
    /** --report-checkpoints: seconds, in order. */
    private List<Integer> checkpoints() {
        String v = sysbench.get("report-checkpoints");
        List<Integer> seconds = new ArrayList<>();
        if (v != null && !v.isBlank()) {
            for (String p : v.split(",")) {
                try {
                    seconds.add(Integer.parseInt(p.strip()));
                } catch (NumberFormatException e) {
                    throw new InvalidOptionException("Invalid value for --report-checkpoints: '" + v + "'");
                }
            }
        }
        seconds.sort(null);
        return seconds;
    }

    /** Where the script's connections go: sysbench's --mysql-* options (the first of a list), or localhost's socket. */
    private Target target() {
        String host = first(sysbench.getOrDefault("mysql-host", "localhost"));
        String given = sysbench.containsKey("mysql-socket") ? first(sysbench.get("mysql-socket")) : "";
        // an empty --mysql-socket= is none, as in sysbench (whose suite resets it so that --mysql-host counts)
        String socket = !given.isEmpty() ? given : host.equals("localhost") ? LOCAL_SOCKET : null;
        String password = sysbench.containsKey("mysql-password") ? sysbench.get("mysql-password")
                : System.getenv().getOrDefault("BENCH_MYSQL_PASSWORD", "");
        Target.Builder b = Target.builder().host(host.equals("localhost") ? "127.0.0.1" : host)
                .port(intOption("mysql-port", 3306)).user(sysbench.getOrDefault("mysql-user", "sbtest"))
                .password(password).database(sysbench.getOrDefault("mysql-db", "sbtest"));
        if (socket != null) {
            b.socket(socket).transport(Target.Transport.SOCKET);
        }
        return b.build();
    }

    private static String first(String list) {
        return list.split(",")[0].strip();
    }

    private int intOption(String name, int fallback) {
        return (int) longOption(name, fallback);
    }

    private long longOption(String name, long fallback) {
        String v = sysbench.get(name);
        try {
            return v == null ? fallback : Long.parseLong(first(v));
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("Invalid value for --" + name + ": '" + v + "'");
        }
    }

    private double doubleOption(String name, double fallback) {
        String v = sysbench.get(name);
        try {
            return v == null ? fallback : Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("Invalid value for --" + name + ": '" + v + "'");
        }
    }

    private boolean flag(String name) {
        String v = sysbench.get(name);
        return v != null && List.of("on", "true", "yes", "1").contains(v.strip().toLowerCase(Locale.ROOT));
    }

    /** The script's declared options, for {@code sysbench SCRIPT help} and bench's listings. */
    public static List<OptionSpec> options(Path scriptFile) {
        return new LuaScripts().forScript(scriptFile).options();
    }
}

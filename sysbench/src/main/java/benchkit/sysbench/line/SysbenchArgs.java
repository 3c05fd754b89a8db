package benchkit.sysbench.line;

import benchkit.sysbench.BulkInsertWorkload;
import benchkit.sysbench.lua.StockScripts;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Accepts sysbench command lines as users paste them and rewrites them to bench's: sysbench 1.0's
 * {@code [options] testname [options] command} in any order, 0.4/0.5's {@code --test=...} and legacy
 * option names, and bench's own options before its subcommand. Each legacy name gets a one-line note
 * with bench's name; an option without equivalent is ignored with a note, or refused (an
 * {@link InvalidOptionException}) where ignoring it would change what is measured. bench's own options are told apart
 * by the {@link BenchOptions} of the command line that runs the translated line.
 */
public final class SysbenchArgs {
    private static final List<String> COMMANDS = List.of("run", "prepare", "cleanup", "prewarm", "warmup");
    /** Options sysbench 1.0.20 itself still takes under their old names, with a warning (its sysbench.c, init()). */
    private static final List<String> DEPRECATED_IN_SYSBENCH = List.of("--num-threads", "--max-requests", "--max-time",
            "--tx-rate");
    /** bench's subcommands whose arguments are not sysbench's. */
    private static final List<String> OTHER_COMMANDS = List.of("list", "report", "compare", "merge", "new", "history");
    /** sysbench 1.0 takes lists here and spreads connections over them; bench connects to one server. */
    /** bench's options whose occurrences add up, one setting per name, rather than replace one another. */
    private static final List<String> ADDING_UP = List.of("--mysqld", "--allocator-env", "--collect");
    /** sysbench 0.4's default of --max-requests (0.5 kept it; 1.0 made it 0). */
    private static final String LEGACY_MAX_REQUESTS = "10000";
    /**
     * Where sysbench connects when a line names no server: host localhost, which Debian's client library reaches
     * through this socket. bench's options that choose (or launch) a server keep bench's choice.
     */
    public static final String DEFAULT_SOCKET = "/run/mysqld/mysqld.sock";
    private static final List<String> LAUNCH_A_SERVER = List.of("--server", "--server-basedir", "--allocator",
            "--allocator-env", "--mysqld", "--server-cpus");
    private static final List<String> CHOOSE_A_SERVER = Stream.concat(
            Stream.of("--mysql-host", "--mysql-port", "--mysql-socket"), LAUNCH_A_SERVER.stream()).toList();
    /** sysbench 1.0's default --time. */
    private static final String SYSBENCH_TIME = "10";
    /** The longest --time bench takes: what runs "until --max-requests events" stands for. */
    private static final String UNTIL_EVENTS = String.valueOf(7 * 24 * 3600);


    private final BenchOptions bench;

    public SysbenchArgs(BenchOptions bench) {
        this.bench = bench;
    }

    /** A sysbench 1.0 line that names a test but no command: sysbench's script decides what happens. */
    public static final class NoCommand extends RuntimeException {
        public final String test;

        NoCommand(String test) {
            super(test + ": no command");
            this.test = test;
        }
    }

    /** A sysbench line whose test is no test sysbench knows ({@code sysbench oltp_read_onlyy run}, {@code sysbench run}). */
    public static final class UnknownTest extends RuntimeException {
        public final String word;

        UnknownTest(String word) {
            super(word + ": no such test");
            this.word = word;
        }
    }

    /**
     * An option sysbench 1.0.20 does not take, given to one of its tests: it prints its banner, then {@code invalid
     * option: } and the word on stderr, and exits 1.
     */
    public static final class InvalidOption extends RuntimeException {
        public final String word;

        InvalidOption(String word) {
            super("invalid option: " + word);
            this.word = word;
        }
    }

    /**
     * A note on how bench read the line; {@code sysbenchWarning} is the warning sysbench 1.0.20 itself prints for the
     * same option (e.g. {@code --num-threads is deprecated, use --threads instead}), or null.
     */
    public record Note(String text, String sysbenchWarning) {
    }

    /** The note on a typed --mysql-password; one an experiment file gave is not in the process list. */
    public static final String PASSWORD_NOTE = "--mysql-password shows in the process list; BENCH_MYSQL_PASSWORD keeps it out";

    /**
     * The line in bench's terms.
     *
     * @param sysbenchLine whether it was a sysbench command line (a sysbench test, or 0.4/0.5's oltp options), which
     *                     bench then runs as sysbench 1.0.20 would: its output, its exit codes
     */
    /** The test of a sysbench line that is a Lua script: the word as given and the file it names. */
    public record Script(String word, String file) {
    }

    public record Translation(String[] args, List<Note> notes, boolean sysbenchLine, Script script) {
        Translation(String[] args, List<Note> notes, boolean sysbenchLine) {
            this(args, notes, sysbenchLine, null);
        }

        /** sysbench's --verbosity on the line (3, its default, if none). */
        public int verbosity() {
            String v = valueOf(List.of(args), "--verbosity");
            try {
                int n = v == null ? 3 : Integer.parseInt(v.strip());
                return n >= 0 && n <= 5 ? n : 3;     // a bad one is refused, after the notes
            } catch (NumberFormatException e) {
                return 3;
            }
        }
    }

    /** The line in bench's terms, each note given to {@code note}. */
    public String[] translate(String[] args, Consumer<String> note) {
        Translation t = translation(args);
        t.notes().forEach(n -> note.accept(n.text()));
        return t.args();
    }

    public Translation translation(String[] args) {
        List<Note> notes = new ArrayList<>();
        if (args.length > 0 && OTHER_COMMANDS.contains(args[0])) {
            return new Translation(args, notes, false);
        }
        Consumer<String> note = text -> notes.add(new Note(text, null));
        String[] typed = args;
        args = withConfigFile(args);
        String[] positional = legacyTestAsPositional(args);
        Optional<Script> script = scriptOfItsOwn(positional);
        if (script.isPresent()) {
            if (positional != args) {
                notes.add(new Note("--test is sysbench 0.5's way to name the script", "the --test option is deprecated. "
                        + "You can pass a script name or path on the command line without any options."));
            }
            // sysbench's own run of it: nothing starts, nothing connects unless the script does (ScriptLine)
            return new Translation(positional, notes, true, script.get());
        }
        List<String> out = new ArrayList<>();
        String command = null;
        String test = null;            // sysbench's test: 1.0's positional script or 0.4/0.5's --test
        boolean legacyTest = false;    // given as --test: a 0.4/0.5 line, with their defaults
        int testAt = -1;               // where a positional test name stood
        String workload = null;
        String readOnly = null;
        String testMode = null;
        String nontrxMode = null;
        String ssl = null;             // --mysql-ssl: on a sysbench line, as sysbench's client library does it
        boolean oltpOptions = false;   // an --oltp-* option: the line is of sysbench 0.4/0.5's oltp test
        String stray = null;           // a word that is neither a command nor a test: a mistyped test, if a command follows
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-")) {
                if (COMMANDS.contains(arg) && command == null) {
                    // sysbench's command comes after the test, bench's before options; warmup is prewarm's other name
                    command = arg.equals("warmup") ? "prewarm" : arg;
                } else if (arg.equals("help") && command == null) {
                    command = arg;          // a test's options, as sysbench lists them; without a test, every workload's
                } else if (test == null && workload == null && SysbenchTest.isTestName(arg)) {
                    test = arg;
                    testAt = out.size();
                } else {
                    stray = stray == null ? arg : stray;
                    out.add(arg);
                }
                continue;
            }
            int eq = arg.indexOf('=');
            String given = eq < 0 ? arg : arg.substring(0, eq);
            String name = given.startsWith("--") ? SysbenchOptions.canonical(given) : given;
            String value = eq < 0 ? null : arg.substring(eq + 1);
            // sysbench takes '_' and '-' alike in option names (--mysql_password, --report_interval)
            Optional<BenchOptions.Option> own = benchOption(given).or(() -> given.startsWith("--") ? benchOption(name)
                    : Optional.empty());
            if (own.isPresent()) {
                out.add(given.equals(name) || benchOption(given).isPresent() ? arg
                        : name + (value != null ? "=" + value : ""));
                if (value == null && own.get().takesValue() && i + 1 < args.length) {
                    value = args[++i];
                    out.add(value);
                }
                String option = own.get().longestName();
                if (option.equals("--workload")) {
                    workload = value;
                }
                continue;
            }
            oltpOptions |= name.startsWith("--oltp-");
            // sysbench's own options never take the next word; a bare one means on (flags) or its value follows.
            if (value == null && i + 1 < args.length && isValue(args[i + 1])) {
                value = args[++i];
            }
            switch (name) {
                case "--test" -> {
                    test = value == null ? "" : value;
                    legacyTest = true;
                }
                case "--oltp-read-only" -> readOnly = value == null ? "on" : value;
                case "--oltp-test-mode" -> testMode = value;
                case "--oltp-nontrx-mode" -> nontrxMode = value;
                case "--mysql-ssl" -> ssl = value == null ? "on" : value;
                case "--oltp-table-name" -> {
                    // 0.4 names its one table; study C ran 8 processes on 8 such tables, which must stay 8 tables
                    note.accept("--oltp-table-name is bench's --table-name (one table of that name; sysbench 1.0 has none)");
                    out.add("--table-name=" + (value == null ? "" : value));
                }
                default -> {
                    if (SysbenchOptions.RENAMED.containsKey(name)) {
                        String modern = SysbenchOptions.RENAMED.get(name);
                        notes.add(new Note(name + " is " + modern + " in sysbench 1.0 and bench", DEPRECATED_IN_SYSBENCH
                                .contains(name) ? name + " is deprecated, use " + modern + " instead" : null));
                        out.add(modern + (value != null ? "=" + value : ""));
                    } else if (SysbenchOptions.noEquivalent(name).isPresent()) {
                        ignore(name, value, SysbenchOptions.noEquivalent(name).get(), note);
                    } else {
                        out.add(value == null ? arg : given + "=" + value);
                    }
                }
            }
        }

        if (stray != null && command != null && test == null && workload == null && !oltpOptions) {
            // "sysbench oltp_read_onlyy run" is a sysbench line whose test bench does not know, not a missing --workload
            throw new UnknownTest(stray);
        }
        if ("help".equals(command)) {
            if (test == null || workload != null) {
                return new Translation(new String[] {"list"}, notes, false);
            }
            String base = SysbenchTest.base(test);
            String listed = SysbenchTest.resolve(test, legacyTest, false, testMode, nontrxMode, command, note).workload();
            return new Translation(new String[] {"list", "--workload=" + listed, "--format=sysbench", "--test-name=" + base},
                    notes, true);
        }
        // A line that names no --workload but sysbench's test, or its oltp test's options, is sysbench's.
        boolean sysbenchLine = workload == null && (test != null || oltpOptions);
        if (sysbenchLine && command == null && test != null && !legacyTest && stray == null) {
            SysbenchTest.refuseOthers(test);   // "sysbench fileio": the refusal, not oltp_common's missing command
            throw new NoCommand(test);    // sysbench 1.0's scripts need one; 0.4/0.5 lines keep bench's run
        }
        if (sysbenchLine) {
            // sysbench 1.1's --warmup-time, which bench's runs take: 1.0.20 has none
            Arrays.stream(typed).filter(a -> a.startsWith("--") && SysbenchOptions.canonical(a.split("=", 2)[0])
                    .equals("--warmup-time")).findFirst().ifPresent(a -> {
                        throw new InvalidOption(a);
                    });
            if (test == null) {
                note.accept("no --test: the --oltp-* options are sysbench 0.4/0.5's oltp test");
                test = "oltp";
                legacyTest = true;
            }
            boolean ro = readOnly != null && isOn(readOnly);
            SysbenchTest.Resolved resolved = SysbenchTest.resolve(test, legacyTest, ro, testMode, nontrxMode, command, note);
            workload = resolved.workload();
            command = resolved.command();
            if (workload.equals("bulk-insert")) {
                dropUndeclared(out, new BulkInsertWorkload.Factory().options(), note);
            }
            asSysbenchRuns(out, command == null || command.equals("run"));
            if (ssl != null && isOn(ssl)) {
                withTls(out, ssl);
            }
            out.add("--sysbench-test=" + test);   // its connect errors name the test's script
            if ("prepare".equals(command) && !workload.equals("bulk-insert") && !SysbenchTest.isScript(workload)
                    && indexOf(out, "--existing-tables") < 0) {
                out.add("--existing-tables=fail");   // sysbench's CREATE TABLE fails on a table that exists
            }
            lastWins(out);
            out.add(0, "--workload=" + workload);
        } else {
            if (testAt >= 0) {
                out.add(testAt, test);      // with --workload given, a word like oltp.lua is an option's value
            }
            noteUnused("--oltp-read-only", readOnly, note);
            noteUnused("--oltp-test-mode", testMode, note);
        }
        if (!sysbenchLine && ssl != null && isOn(ssl)) {
            throw new InvalidOptionException("--mysql-ssl=" + ssl + ": bench's clients speak no TLS");
        }
        if (password(typed)) {
            note.accept(PASSWORD_NOTE);
        }
        String cmd = command == null ? "run" : command;
        if (!cmd.equals("run")) {
            dropRunOnly(out, cmd, note);
        } else if (sysbenchLine) {
            durationAsSysbench(out, legacyTest, notes);
        }
        if (command != null) {
            out.add(0, command);
        }
        // sysbench's warnings in the order it prints them (its init()), whatever the order of the options
        List<String> order = List.of("--num-threads", "--max-requests", "--max-time", "Both", "--tx-rate");
        notes.sort(java.util.Comparator.comparingInt(n -> n.sysbenchWarning() == null ? -1
                : order.indexOf(n.sysbenchWarning().substring(0, n.sysbenchWarning().indexOf(' ')))));
        return new Translation(out.toArray(new String[0]), notes, sysbenchLine);
    }

    /**
     * The Lua file a sysbench 1.0 line names as its test when it is a script of the user's own (or an edited stock one)
     * and the line is sysbench's alone: no --workload, nothing bench launches. Empty for other lines, and for sysbench
     * 1.0.20's own scripts byte for byte, which run as bench's Java versions.
     */
    private static Optional<Script> scriptOfItsOwn(String[] args) {
        List<String> all = List.of(args);
        if (all.stream().anyMatch(a -> a.equals("--workload") || a.startsWith("--workload=") || LAUNCH_A_SERVER.stream().anyMatch(o -> a.equals(o) || a.startsWith(o + "=")))) {
            return Optional.empty();
        }
        // --mysql-dry-run, or another driver: the stock script itself runs, sending nothing or failing as sysbench's
        // (bench's Java versions always send, to MySQL-family servers)
        boolean mysqlDryRun = all.stream().anyMatch(a -> a.equals("--mysql-dry-run") || a.startsWith("--mysql-dry-run=")
                && isOn(a.substring("--mysql-dry-run=".length())));
        boolean dryRun = mysqlDryRun || all.stream().anyMatch(a -> a.startsWith("--db-driver=")
                && !a.substring("--db-driver=".length()).strip().equals("mysql"))
                || all.contains("help");     // the file's own options, in its own words
        Optional<String> test = all.stream().filter(a -> !a.startsWith("-")).findFirst();
        Optional<Script> script = test.flatMap(SysbenchArgs::script);
        if (script.isEmpty() && mysqlDryRun) {
            // "sysbench oltp_read_only --mysql-dry-run run": the installed stock script by its name, as sysbench finds it
            script = test.filter(SysbenchTest::hasJavaVersion)
                    .flatMap(word -> StockScripts.module(word).map(file -> new Script(word, file.toString())));
        }
        // bulk_insert.lua by path runs as written too: its Java twin prints less than it (no SQL statistics)
        return script.filter(t -> dryRun || !t.word().equals(t.file()) && !t.word().endsWith(".lua")
                || StockScripts.stock(Path.of(t.file())).filter(SysbenchTest::hasJavaVersion)
                        .filter(name -> !name.equals("bulk_insert")).isEmpty());
    }

    /**
     * The Lua file a test word names, as sysbench 1.0.20 finds it: a file (a path, or a name ending in .lua), else a
     * module {@code require} finds on its search path ({@code LUA_PATH}), but for the names of the tests bench knows.
     */
    private static Optional<Script> script(String word) {
        if (SysbenchTest.isScriptFile(word)) {
            return Optional.of(new Script(word, word));
        }
        if (word.contains("/") || word.endsWith(".lua") || SysbenchTest.isLegacyTest(word) || COMMANDS.contains(word)
                || word.equals("help")) {
            return Optional.empty();
        }
        return StockScripts.module(word).map(file -> new Script(word, file.toString()));
    }

    /**
     * The line with 0.5's {@code --test=FILE.lua} as sysbench 1.0's positional script when FILE is there, which then runs
     * as written (a 0.5 {@code tests/db/oltp.lua} too, as sysbench 1.0 runs it); else the line itself, whose test name
     * ({@code --test=oltp}, or a 0.5 path that is not there) keeps its 0.4/0.5 meaning.
     */
    private static String[] legacyTestAsPositional(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String file = args[i].startsWith("--test=") ? args[i].substring("--test=".length())
                    : args[i].equals("--test") && i + 1 < args.length ? args[i + 1] : null;
            if (file != null && SysbenchTest.isScriptFile(file)) {
                List<String> out = new ArrayList<>(List.of(args));
                out.subList(i, args[i].equals("--test") ? i + 2 : i + 1).clear();
                out.add(i, file);
                return out.toArray(new String[0]);
            }
        }
        return args;
    }

    /**
     * What a sysbench line leaves to sysbench's defaults where bench's differ, unless the line says otherwise: its
     * output, its server (localhost) and, for a {@code run}, no progress lines and one thread per connection (the
     * other commands take neither).
     */
    private void asSysbenchRuns(List<String> out, boolean run) {
        if (indexOf(out, "--format") < 0) {
            out.add("--format=sysbench");   // sysbench's output, for the scripts that parse it
        }
        if (run && indexOf(out, "--report-interval") < 0) {
            out.add("--report-interval=0");  // sysbench prints no progress lines unless asked
        }
        if (run && indexOf(out, "--client-threads") < 0) {
            // bench's event loops measured 0.44-0.85x sysbench's QPS for such lines on JDK 17 (docs/vs-sysbench.md)
            out.add("--client-threads=platform");
        }
        if (CHOOSE_A_SERVER.stream().allMatch(o -> indexOf(out, o) < 0)) {
            out.add("--mysql-socket=" + DEFAULT_SOCKET);   // sysbench's localhost, as its client library reads it
        }
        if (LAUNCH_A_SERVER.stream().allMatch(o -> indexOf(out, o) < 0)) {
            if (indexOf(out, "--connect-timeout") < 0) {
                out.add("--connect-timeout=0");   // sysbench connects once: a server that is not there fails the line at once
            }
            if (indexOf(out, "--mysql-socket") >= 0) {
                // sysbench 1.0.20's MySQL driver connects through --mysql-socket whenever one is given, whatever the host
                for (int at = indexOf(out, "--mysql-host"); at >= 0; at = indexOf(out, "--mysql-host")) {
                    removeOption(out, at);
                }
            }
        }
    }

    /**
     * sysbench's {@code --mysql-ssl=on} asks its client library for TLS, which connects without it to a server that
     * offers none: so does bench (its clients speak no TLS), and to a server that offers it, it fails as sysbench would
     * without the certificates, or refuses the line (SysbenchConnectFailure). A server bench launches is refused.
     */
    private static void withTls(List<String> out, String ssl) {
        if (LAUNCH_A_SERVER.stream().anyMatch(o -> indexOf(out, o) >= 0)) {
            throw new InvalidOptionException("--mysql-ssl=" + ssl + ": bench's clients speak no TLS (with a server of your own, "
                    + "one that offers none is reached without it, as sysbench's client library does)");
        }
        out.add("--sysbench-ssl");
    }

    /**
     * sysbench 1.0's {@code --config-file=FILE}: its {@code name=value} lines are options (a way to keep
     * the password off the command line); an option typed on the line replaces the file's.
     */
    private static String[] withConfigFile(String[] args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.equals("--config-file") && !a.startsWith("--config-file=")) {
                out.add(a);
                continue;
            }
            String file = a.contains("=") ? a.substring(a.indexOf('=') + 1) : (i + 1 < args.length ? args[++i] : "");
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(file));
            } catch (IOException | InvalidPathException e) {
                throw new InvalidOptionException("--config-file=" + file + " cannot be read: " + e.getClass().getSimpleName());
            }
            int at = out.size();
            for (String line : lines) {
                String option = line.strip();
                if (option.isEmpty() || option.startsWith("#")) {
                    continue;
                }
                String name = option.startsWith("--") ? option : "--" + option;
                String bare = name.contains("=") ? name.substring(0, name.indexOf('=')) : name;
                if (List.of(args).stream().noneMatch(t -> t.equals(bare) || t.startsWith(bare + "="))) {
                    out.add(at++, name);
                }
            }
        }
        return out.toArray(new String[0]);
    }

    /**
     * sysbench takes the last of an option given twice (wrappers put their defaults before the user's options), where
     * picocli would refuse the line: the earlier ones are dropped. bench's settings that add up ({@code --mysqld
     * NAME=VALUE}, {@code --allocator-env}, {@code --collect}) are kept, one per name.
     */
    private void lastWins(List<String> out) {
        record Given(String key, int at, int words) {
        }
        List<Given> given = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            String arg = out.get(i);
            if (!arg.startsWith("--")) {
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            Optional<BenchOptions.Option> own = benchOption(name);
            boolean valueApart = eq < 0 && own.isPresent() && own.get().takesValue() && i + 1 < out.size();
            String key = own.map(BenchOptions.Option::longestName).orElse(name);
            if (ADDING_UP.contains(key)) {
                String value = valueApart ? out.get(i + 1) : eq < 0 ? "" : arg.substring(eq + 1);
                key += " " + (value.contains("=") ? value.substring(0, value.indexOf('=')) : value);
            }
            given.add(new Given(key, i, valueApart ? 2 : 1));
            i += valueApart ? 1 : 0;
        }
        Set<String> later = new HashSet<>();
        for (int g = given.size() - 1; g >= 0; g--) {      // from the end, so earlier positions stay valid
            Given it = given.get(g);
            if (!later.add(it.key())) {
                out.subList(it.at(), it.at() + it.words()).clear();
            }
        }
    }

    /** An option of bench itself, not one of a workload's. */
    private Optional<BenchOptions.Option> benchOption(String name) {
        return bench.run(name);
    }

    /** A word after an option that is its value, not sysbench's test or command. */
    private static boolean isValue(String next) {
        return !next.startsWith("-") && !COMMANDS.contains(next) && !SysbenchTest.isTestName(next);
    }

    private static void ignore(String name, String value, SysbenchOptions.NoEquivalent rule, Consumer<String> note) {
        String v = value == null ? "on" : value;
        if (!rule.harmless().matcher(v).matches()) {
            throw new InvalidOptionException(name + "=" + v + ": " + rule.refusal());
        }
        if (rule.note() != null) {
            note.accept(name + (rule.note().startsWith("=") ? "" : " ") + rule.note());
        }
    }

    private static void noteUnused(String name, String value, Consumer<String> note) {
        if (value != null) {
            note.accept(name + " chooses sysbench 0.4/0.5's oltp test; the workload is given, so it is ignored");
        }
    }

    public static boolean isOn(String value) {
        return List.of("on", "true", "yes", "1").contains(value.strip().toLowerCase(Locale.ROOT));
    }

    /** Whether the line gives a password on it (one without a value is asked for on the terminal: nothing shows). */
    private static boolean password(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--mysql-password=") || args[i].equals("--mysql-password") && i + 1 < args.length
                    && !args[i + 1].startsWith("-")) {
                return true;
            }
        }
        return false;
    }

    /** prepare and cleanup take sysbench's run options too (runbooks paste one line thrice); they do nothing there. */
    private void dropRunOnly(List<String> out, String command, Consumer<String> note) {
        for (int i = 0; i < out.size(); i++) {
            String arg = out.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (arg.startsWith("-") && bench.run(name).isPresent() && !bench.prepareTakes(name)) {
                note.accept(name + " does not apply to " + command + "; ignored");
                removeOption(out, i);
                i--;
            }
        }
    }

    /**
     * bulk_insert.lua declares no options of its own, and sysbench then takes any option on its line without a word:
     * the ones neither bench nor the workload ({@code declared}) takes are dropped.
     */
    private void dropUndeclared(List<String> out, List<benchkit.spi.OptionSpec> declared, Consumer<String> note) {
        Set<String> names = new HashSet<>();
        declared.forEach(o -> names.add(o.name()));
        for (int i = 0; i < out.size(); i++) {
            String arg = out.get(i);
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (arg.startsWith("--") && benchOption(name).isEmpty() && !names.contains(benchkit.spi.OptionValues.canonical(name))) {
                note.accept(name + " is no option of bulk_insert.lua, which declares none; ignored, as sysbench ignores it");
                out.remove(i);
                i--;
            }
        }
    }

    /** Removes the option at {@code at} and its value when that is the next word ({@code --mysql-host db1}). */
    private void removeOption(List<String> out, int at) {
        String arg = out.remove(at);
        BenchOptions.Option option = arg.contains("=") ? null : benchOption(arg).orElse(null);
        if (option != null && option.takesValue() && at < out.size()) {
            out.remove(at);
        }
    }

    /**
     * sysbench's --time (or --events) bounds its whole run, measured without warmup: one bench
     * iteration of that length, unless the line says how bench should iterate. 0.4 and 0.5 also stop
     * after 10000 events unless --max-requests says otherwise, with no time limit by default.
     */
    private static void durationAsSysbench(List<String> out, boolean legacy, List<Note> notes) {
        if (indexOf(out, "--iterations") < 0 && indexOf(out, "--warmup-iterations") < 0) {
            notes.add(new Note("as in sysbench, one measurement of the whole --time and no warmup (--iterations and "
                    + "--warmup-iterations give bench's statistics)", null));
            out.add("--warmup-iterations=0");
            out.add("--iterations=1");
        }
        if (indexOf(out, "--threads") < 0) {
            out.add("--threads=1");                 // sysbench's default
        }
        if (legacy && indexOf(out, "--events") < 0) {
            notes.add(new Note("sysbench 0.4/0.5 stop after --max-requests=" + LEGACY_MAX_REQUESTS + " events by default",
                    null));
            out.add("--events=" + LEGACY_MAX_REQUESTS);
        }
        if (!legacy && indexOf(out, "--time") < 0) {
            out.add("--time=" + SYSBENCH_TIME);
        }
        String time = valueOf(out, "--time");
        if (time == null || isZero(time)) {
            // 0.4/0.5 have no time limit by default, 1.0 none with --time=0: the events end the run, or nothing does
            if (isZero(valueOf(out, "--events"))) {
                notes.add(new Note("no --time and no --events: the run goes on until stopped (Ctrl-C)",
                        "Both event and time limits are disabled, running an endless test"));
            }
            int at = indexOf(out, "--time");
            if (at >= 0) {
                out.subList(at, out.get(at).contains("=") ? at + 1 : Math.min(out.size(), at + 2)).clear();
            }
            out.add("--time=" + UNTIL_EVENTS);
        }
    }

    /** An absent or zero count, as sysbench reads {@code --events} and {@code --time}. */
    private static boolean isZero(String value) {
        return value == null || value.strip().matches("0+(\\.0*)?");
    }

    private static int indexOf(List<String> out, String option) {
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).equals(option) || out.get(i).startsWith(option + "=")) {
                return i;
            }
        }
        return -1;
    }

    public static String valueOf(List<String> out, String option) {
        int i = indexOf(out, option);
        if (i < 0) {
            return null;
        }
        String arg = out.get(i);
        return arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : (i + 1 < out.size() ? out.get(i + 1) : null);
    }
}

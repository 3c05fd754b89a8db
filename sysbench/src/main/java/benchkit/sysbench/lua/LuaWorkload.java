package benchkit.sysbench.lua;

import benchkit.mysql.Catalog;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.ScriptSessions;
import benchkit.mysql.script.SqlClient;
import benchkit.mysql.wire.WireError;
import benchkit.spi.OptionValues;
import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.sysbench.RandParams;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A sysbench Lua script as a bench workload: its commands ({@code prepare}, {@code cleanup}, {@code prewarm}, or its
 * own, on {@code --threads} states at once when it marks them parallel) and its events, one Lua state per session
 * ({@code thread_init}, then {@code event} per bench event, {@code thread_done} at the end), with {@code init} and
 * {@code done} in a main state around the run, as sysbench 1.0.20 runs them.
 */
final class LuaWorkload implements Workload {
    /** What sysbench names as the function that failed in a command of sysbench.cmdline.commands. */
    private static final String CALL_COMMAND = "sysbench.cmdline.call_command";
    private final LuaScript script;
    private final List<ScriptOption> declared;
    private final OptionValues values;
    private final RandParams rand;
    private final IgnoredErrors ignored;
    /** Options a script that declares none was given beyond sysbench's and bench's, by canonical name. */
    private final Map<String, String> undeclared;
    /** sysbench's log lines of the script's runs, each thread's. */
    private final LogLines log;
    private final SqlClient client;
    private final boolean dryRun;
    private final PrintStream out;
    /** What sysbench says as it goes ("Initializing worker threads..."), on a sysbench line only. */
    private java.util.function.Consumer<String> notices = line -> { };
    /** sysbench.cmdline.argv: the sysbench line's words, on a sysbench line only. */
    private List<String> argv = List.of();
    /** A sysbench line: the script's os.exit ends the process, as sysbench's; in a bench run it fails the run. */
    private boolean sysbenchLine;
    /** sysbench's --db-driver: a script's sysbench.sql.driver() without a name makes this one (only mysql exists). */
    private String driverName = "mysql";
    /** Whether a state of the script made a SQL driver (sysbench then reports SQL statistics). */
    private final java.util.concurrent.atomic.AtomicBoolean sqlUsed = new java.util.concurrent.atomic.AtomicBoolean();
    /** The state init() ran in, which done() ends: sysbench's main thread during a run. */
    private ScriptState main;
    /** Set while done() runs: {@link #close} does not wait for it (one in a loop is left behind as the run stops). */
    private volatile boolean finishing;
    /** What {@link #eventKinds()} read from the script, once. */
    private List<String> eventKinds;

    /** @param out where the script's print() and sysbench's lines about it go */
    LuaWorkload(LuaScript script, List<ScriptOption> declared, OptionValues values, Map<String, String> undeclared,
                PrintStream out) {
        this.out = out;
        this.undeclared = Map.copyOf(undeclared);
        this.log = new LogLines(out);
        this.script = script;
        this.declared = declared;
        this.values = values;
        this.rand = RandParams.from(values);
        this.ignored = IgnoredErrors.parse(script.name(), "mysql-ignore-errors", values.string("mysql-ignore-errors"));
        this.client = SqlClient.from(script.name(), values);
        this.dryRun = values.bool("mysql-dry-run");
        for (ScriptOption o : declared) {
            o.value(script.name(), values.asMap().get(OptionValues.canonical(o.name())));  // a bad value: bad input now
        }
    }

    /** The script that ran, byte for byte, and what ran it. */
    @Override
    public Map<String, String> provenance() {
        return Map.of("script", script.directory().resolve(script.name()).toString(), "script.sha256", script.sha256(),
                "script.runtime", "bench's Lua runtime (LuaJ 3.0.1) with sysbench 1.0.20's Lua API");
    }

    /** The kinds of event the script declares with {@code bench.event_kinds{...}} at its top (none by default). */
    @Override
    public synchronized List<String> eventKinds() {
        if (eventKinds == null) {
            eventKinds = ScriptState.loadQuietly(script, ScriptStates.quiet("run")).bench().kinds();
        }
        return eventKinds;
    }

    /**
     * What the script defines for sysbench's own run that a bench run does not call, and the sysbench line that does, in
     * one line: bench reports in its own tables (no report hooks), calls event() once per event (no thread_run) and
     * runs no command but prepare, cleanup and prewarm. Nothing said on a sysbench line, which calls them all.
     */
    @Override
    public List<String> notes() {
        if (sysbenchLine) {
            return List.of();
        }
        ScriptState s;
        try {
            s = ScriptState.loadQuietly(script, ScriptStates.quiet("run"));
        } catch (LuaError e) {
            return List.of();       // the run fails on it with the script's own words
        }
        List<String> unused = new ArrayList<>();
        List<String> hooks = java.util.stream.Stream.of("report_intermediate", "report_cumulative")
                .filter(h -> s.hook(h).isfunction()).map(h -> "sysbench.hooks." + h).toList();
        if (!hooks.isEmpty()) {
            unused.add(String.join(" and ", hooks));
        }
        if (s.global("thread_run").isfunction()) {
            unused.add("thread_run()");
        }
        List<String> commands = new ArrayList<>();
        LuaValue table = s.sysbench().get("cmdline").get("commands");
        if (table.istable()) {
            for (LuaValue k = table.next(LuaValue.NIL).arg1(); !k.isnil(); k = table.next(k).arg1()) {
                if (k.isstring() && !List.of("prepare", "cleanup", "prewarm", "help").contains(k.tojstring())
                        && !commandEntry(s, k.tojstring()).isnil()) {
                    commands.add(k.tojstring());
                }
            }
        }
        java.util.Collections.sort(commands);
        if (!commands.isEmpty()) {
            unused.add((commands.size() > 1 ? "its commands " : "its command ") + String.join(", ", commands)
                    + " (sysbench.cmdline.commands)");
        }
        if (unused.isEmpty()) {
            return List.of();
        }
        String line = "sysbench " + script.shownPath() + " ";
        List<String> where = new ArrayList<>();
        if (!hooks.isEmpty() || s.global("thread_run").isfunction() || commands.contains("run")) {
            where.add(line + "run");
        }
        commands.stream().filter(c -> !c.equals("run")).forEach(c -> where.add(line + c));
        String last = unused.remove(unused.size() - 1);
        String parts = unused.isEmpty() ? last : String.join(", ", unused) + " or " + last;
        return List.of("bench's own run measures " + script.name() + "'s event() and reports in its own tables; it does "
                + "not call the script's " + parts + ", which a sysbench line of the script runs: "
                + String.join(", ", where));
    }

    /** A script's data is there when the database holds a table: a fresh server's has none. */
    @Override
    public boolean isPrepared(Target target) throws Exception {
        try (Connection c = client.setup(target).openWithoutDatabase()) {
            if (!Catalog.databaseExists(c, target.database())) {
                return false;
            }
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = "
                         + "'" + target.database().replace("'", "''") + "'")) {
                return r.next() && r.getLong(1) > 0;
            }
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        if (!defines("prepare")) {
            // a script that brings no data of its own (its tables are there, or it needs none): nothing to prepare in a
            // bench run; a sysbench line asking for `prepare` still fails as sysbench's does (ScriptLine, command())
            return;
        }
        if (!dryRun) {
            try (Connection c = client.setup(target).openWithoutDatabase()) {
                if (!Catalog.databaseExists(c, target.database())) {
                    Catalog.createDatabase(c, target.database());
                }
            } catch (SQLException e) {
                throw new IllegalStateException(script.name() + ": " + SqlErrors.describe(e), e);
            }
        }
        command("prepare", target, context.threads());
    }

    @Override
    public void cleanup(Target target) throws Exception {
        if (defines("cleanup")) {
            command("cleanup", target, 1);
        }
    }

    @Override
    public void cleanup(Target target, PrepareContext context) throws Exception {
        if (defines("cleanup")) {
            command("cleanup", target, context.threads());
        }
    }

    @Override
    public void prewarm(Target target, PrepareContext context) throws Exception {
        if (!defines("prewarm")) {
            throw new UnsupportedOperationException(script.name() + " defines no prewarm command");
        }
        command("prewarm", target, context.threads());
    }

    /** Whether the script declares this command in sysbench.cmdline.commands (which wins over any other meaning). */
    boolean definesCommand(String command) {
        return !commandEntry(ScriptState.loadQuietly(script, ScriptStates.quiet(command)), command).isnil();
    }

    /** Whether the script defines a global function of this name (sysbench's stock commands: prepare, cleanup, help). */
    boolean hasFunction(String name) {
        return ScriptState.loadQuietly(script, ScriptStates.quiet(name)).global(name).isfunction();
    }

    /** Either of the two above, from one load of the script (prepare and cleanup ask before each run of theirs). */
    private boolean defines(String command) {
        ScriptState loaded = ScriptState.loadQuietly(script, ScriptStates.quiet(command));
        return !commandEntry(loaded, command).isnil() || loaded.global(command).isfunction();
    }

    private static LuaValue commandEntry(ScriptState state, String command) {
        LuaValue commands = state.sysbench().get("cmdline").get("commands");
        return commands.istable() && commands.get(command).istable() && commands.get(command).get(1).isfunction()
                ? commands.get(command) : LuaValue.NIL;
    }

    /**
     * Runs one of the script's commands as sysbench does: one declared parallel runs in {@code threads} states at once
     * (sysbench.tid 0..threads-1), another in one state; a global function of the command's name serves the stock
     * ones. A command that returns false, or raises an error, fails.
     */
    void command(String command, Target target, int threads) throws Exception {
        ScriptState first = state(command, 0, threads, target, ScriptStates.UNCOUNTED);
        LuaValue entry = commandEntry(first, command);
        if (entry.isnil()) {
            LuaValue f = first.global(command);
            if (!f.isfunction()) {
                throw new ScriptFailure(script.shownPath() + ": command '" + command + "' is not defined by the script");
            }
            call(first, command, command, f);
            return;
        }
        if (!entry.get(2).toboolean() || threads <= 1) {
            // sysbench starts threads for a parallel command only for more than one (and then reads no result)
            call(first, command, CALL_COMMAND, ScriptState.guarded(entry.get(1)));
            return;
        }
        notices.accept("Initializing worker threads...");
        notices.accept("");
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "lua-" + command);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int tid = 0; tid < threads; tid++) {
                int id = tid;
                done.add(pool.submit(() -> {
                    ScriptState s = id == 0 ? first : state(command, id, threads, target, ScriptStates.UNCOUNTED);
                    LuaValue f = ScriptState.guarded(commandEntry(s, command).get(1));
                    if (sysbenchLine) {
                        // sysbench logs each thread's failure and exits 0: it reads no result of a parallel command
                        try {
                            f.call();
                        } catch (LuaError e) {
                            log.fatal("`" + CALL_COMMAND + "' function failed: " + LuaMessages.text(e));
                        } finally {
                            s.close();
                        }
                    } else {
                        call(s, command, CALL_COMMAND, f);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : new IllegalStateException(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Calls a command's function; its Lua error is sysbench's "`NAME' function failed: ..." ({@code function}). */
    private void call(ScriptState state, String command, String function, LuaValue f) {
        try {
            LuaValue rc = f.call();
            if (!rc.isnil() && !rc.toboolean()) {
                throw new ScriptFailure(script.shownPath() + ": command '" + command + "' failed");
            }
        } catch (LuaError e) {
            throw new ScriptFailure("`" + function + "' function failed: " + LuaMessages.text(e));
        } catch (ScriptState.Exit e) {
            throw e.in(command);
        } finally {
            state.close();
        }
    }

    @Override
    public Session openSession(Target target, SessionContext context) throws Exception {
        startRun(target, context.threads());
        ScriptState state = state("run", context.thread(), context.threads(), target, context.queries());
        return LuaSession.open(state, context);
    }

    /** sysbench's init() in the main state, once, before the first thread's thread_init(). */
    private synchronized void startRun(Target target, int threads) {
        if (main != null) {
            return;
        }
        main = state("run", 0, threads, target, ScriptStates.UNCOUNTED);
        LuaValue init = main.global("init");
        if (init.isfunction()) {
            try {
                init.call();
            } catch (LuaError e) {
                throw new ScriptFailure("`init' function failed: " + LuaMessages.text(e));
            } catch (ScriptState.Exit e) {
                throw e.in("init");
            }
        }
    }

    /** sysbench's done() in the main state, once, when the run's last trial has ended (its failure is the run's). */
    @Override
    public synchronized void finishRun() {
        if (main == null) {
            return;
        }
        finishing = true;
        try {
            LuaValue done = main.global("done");
            if (done.isfunction()) {
                done.call();
            }
        } catch (LuaError e) {
            throw new ScriptFailure("`done' function failed: " + LuaMessages.text(e));
        } catch (ScriptState.Exit e) {
            throw e.in("done");
        } finally {
            main.close();
            main = null;
            finishing = false;
        }
    }

    /** done() when {@link #finishRun()} did not run it (a run that ended on an interrupt, a sysbench line). */
    @Override
    public void close() {
        if (!finishing) {   // a done() that never returned, left behind as the run stopped, is not waited for
            finishRun();
        }
    }

    /** A new state of the script for {@code command}, as thread {@code tid} of {@code threads}, its queries counted. */
    ScriptState state(String command, int tid, int threads, Target target, QueryCounter queries) {
        SqlLib.Connector connector = new SqlLib.Connector() {
            @Override
            public ScriptConnection open() throws ScriptConnection.Failure {
                return LuaWorkload.this.open(target);
            }

            @Override
            public String where() {
                return target.addresses().get(0).toString();
            }
        };
        SqlLib.Context sql = new SqlLib.Context(connector, ignored, queries, new SqlLib.Counts(), new LuaTable(),
                out, log, dryRun, values.choice("db-ps-mode", List.of("auto", "disable")).equals("disable"), sqlUsed, driverName);
        try {
            Map<String, String> given = new java.util.LinkedHashMap<>(values.asMap());
            given.putAll(undeclared);
            return ScriptState.load(script, new ScriptState.Setup(command, tid, declared, given,
                    sysbenchOptions(target, threads), rand, sql, argv, sysbenchLine));
        } catch (LuaError e) {
            throw new ScriptFailure(script.shownPath() + ": " + LuaMessages.text(e));
        } catch (ScriptState.Exit e) {
            throw new ScriptFailure(e.getMessage() + " in the script's main chunk");
        }
    }

    /**
     * A connection of the client {@code --driver} names: bench's wire client for auto (the default) and wire, unless the
     * user logs in with a plugin it does not speak (auto then takes MariaDB Connector/J); a JDBC driver for the others.
     */
    private ScriptConnection open(Target target) throws ScriptConnection.Failure {
        ScriptSessions sessions = client.to(target);
        try {
            if (sessions.usesWire()) {
                return WireScriptConnection.of(sessions.openWire());
            }
            return new JdbcScriptConnection(sessions.open());
        } catch (WireError e) {
            throw new ScriptConnection.Failure(e.code(), e.sqlState(), e.getMessage(), false, e);
        } catch (IOException e) {
            throw WireScriptConnection.connectFailure(e, sessions.usesSocket() ? target.socket().orElse("") : null,
                    target.host());
        } catch (SQLException e) {
            throw JdbcScriptConnection.failure(e);
        }
    }

    /** What sysbench.opt holds of sysbench's own options for a script run against {@code target}. */
    private Map<String, LuaValue> sysbenchOptions(Target target, int threads) {
        Map<String, LuaValue> o = ScriptStates.sysbenchDefaults(threads);
        o.put("mysql_host", ScriptStates.list(target.host()));
        o.put("mysql_port", ScriptStates.list(Integer.toString(target.port())));
        target.socket().ifPresent(s -> o.put("mysql_socket", ScriptStates.list(s)));
        o.put("mysql_user", LuaValue.valueOf(target.user()));
        o.put("mysql_db", LuaValue.valueOf(target.database()));
        o.put("mysql_ignore_errors", ScriptStates.list(values.string("mysql-ignore-errors")));
        o.put("mysql_dry_run", LuaValue.valueOf(dryRun));
        o.put("db_ps_mode", LuaValue.valueOf(values.string("db-ps-mode")));
        for (String name : List.of("rand-type", "rand-seed", "rand-spec-iter", "rand-spec-pct", "rand-spec-res",
                "rand-pareto-h", "rand-zipfian-exp")) {
            String v = values.string(name);
            LuaValue n = LuaValue.valueOf(v).tonumber();
            o.put(name.replace('-', '_'), n.isnil() ? LuaValue.valueOf(v) : n);
        }
        return o;
    }

    /** Where sysbench's notices go, and the line's words, for a sysbench line. */
    void asSysbenchLine(java.util.function.Consumer<String> notices, List<String> argv) {
        this.notices = notices;
        this.argv = List.copyOf(argv);
        this.sysbenchLine = true;
    }

    /** sysbench's --db-driver, which a sysbench line gives. */
    void driverName(String name) {
        this.driverName = name;
    }

    /** sysbench's log of the run, shared by its threads (repeated lines counted). */
    LogLines log() {
        return log;
    }

    boolean usedSql() {
        return sqlUsed.get();
    }

    LuaScript script() {
        return script;
    }

    /** A script's command or function failed: its Lua error in one line, which ends the run. */
    static final class ScriptFailure extends RuntimeException {
        ScriptFailure(String message) {
            super(message);
        }
    }
}

package benchkit.sysbench.lua;

import benchkit.sysbench.RandParams;
import benchkit.sysbench.SbRandom;
import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.TwoArgFunction;
import org.luaj.vm2.lib.VarArgFunction;
import org.luaj.vm2.lib.ZeroArgFunction;
import org.luaj.vm2.lib.jse.JsePlatform;

import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One Lua state running a script, as sysbench 1.0.20 makes one per thread and one for its main thread: the standard
 * libraries with LuaJIT's additions the scripts use ({@code bit}, {@code unpack}, {@code table.getn}, {@code ffi} for
 * sysbench's own C functions), sysbench's {@code package.path}, and the {@code sysbench} table — {@code tid},
 * {@code opt}, {@code cmdline}, {@code rand}, {@code sql}, {@code error}, {@code hooks} — before the script's own
 * code runs. A state is used by one thread only.
 */
final class ScriptState {
    /** What a state is made with. */
    record Setup(String command, int tid, List<ScriptOption> declared, Map<String, String> values,
                 Map<String, LuaValue> sysbenchOptions, RandParams rand, SqlLib.Context sql, List<String> argv,
                 boolean exitEndsProcess) {
        Setup(String command, int tid, List<ScriptOption> declared, Map<String, String> values,
              Map<String, LuaValue> sysbenchOptions, RandParams rand, SqlLib.Context sql, List<String> argv) {
            this(command, tid, declared, values, sysbenchOptions, rand, sql, argv, true);
        }

        Setup(String command, int tid, List<ScriptOption> declared, Map<String, String> values,
              Map<String, LuaValue> sysbenchOptions, RandParams rand, SqlLib.Context sql) {
            this(command, tid, declared, values, sysbenchOptions, rand, sql, List.of());
        }
    }

    private final LuaScript script;
    /** Options a script run by bench takes that sysbench has not: not among a script's options and globals. */
    /** Lua's words for a stack overflow, as sysbench and the script's pcall see them. */
    static final String STACK_OVERFLOW = "stack overflow";
    private static final java.util.Set<String> BENCH_ONLY = java.util.Set.of("driver", "transport");

    /** Every state's compiler: what a run's states load again and again is compiled once. */
    private static final CompiledChunks COMPILED = new CompiledChunks(org.luaj.vm2.compiler.Lua51Compiler.INSTANCE);

    /** The chunks compiled from files named {@code chunkname}, for an error's words (ErrorNames). */
    static List<org.luaj.vm2.Prototype> chunks(String chunkname) {
        return COMPILED.chunks(chunkname);
    }

    private final Globals globals;
    private final LuaTable sysbench;
    private final SqlLib.Context sql;
    private final SqlLib sqlLib;
    private final BenchLib benchLib = new BenchLib();

    private ScriptState(LuaScript script, Setup setup) {
        this.script = script;
        this.sql = setup.sql();
        globals = JsePlatform.standardGlobals();
        globals.compiler = COMPILED;
        globals.STDOUT = setup.sql().out();
        luajitCompatibility(globals);
        flushedExit(globals, setup.exitEndsProcess());
        SbRandom random = new SbRandom(setup.rand(), setup.tid());
        sqlLib = new SqlLib(setup.sql());
        sqlLib.randomStrings(format -> randomString(random, format));
        sysbench = new LuaTable();
        sysbench.set("tid", setup.tid());
        sysbench.set("version", "1.0.20");
        sysbench.set("version_string", "sysbench 1.0.20");
        LuaTable cmdline = cmdline(setup.command());
        LuaTable argv = new LuaTable();
        argv.set(0, "sysbench");
        for (int i = 0; i < setup.argv().size(); i++) {
            argv.set(i + 1, setup.argv().get(i));
        }
        cmdline.set("argv", argv);
        cmdline.set("script_path", script.shownPath());
        cmdline.set("print_test_options", new ZeroArgFunction() {
            @Override
            public LuaValue call() {
                SysbenchHelp.printLines(setup.declared().stream().map(SysbenchHelp.Line::of).toList(), setup.sql().out());
                return NIL;
            }
        });
        sysbench.set("cmdline", cmdline);
        LuaTable opt = options(setup);
        sysbench.set("opt", opt);
        if (setup.declared().isEmpty()) {
            // sysbench 0.5's scripts read their options as globals: sysbench still sets them for a script that declares
            // none (--oltp-tables-count=8 is oltp_tables_count = "8")
            for (LuaValue k = opt.next(LuaValue.NIL).arg1(); !k.isnil(); k = opt.next(k).arg1()) {
                globals.set(k, opt.get(k));
            }
        }
        sysbench.set("rand", rand(random));
        LuaTable sqlTable = new LuaTable();
        sqlTable.set("driver", sqlLib.driverFunction());
        sqlTable.set("type", SqlLib.types());
        LuaTable sqlErrors = new LuaTable();
        sqlErrors.set("NONE", 0);
        sqlErrors.set("IGNORABLE", 1);
        sqlErrors.set("FATAL", 2);
        sqlTable.set("error", sqlErrors);
        sysbench.set("sql", sqlTable);
        LuaTable error = new LuaTable();
        error.set("NONE", 0);
        error.set("RESTART_EVENT", SqlLib.RESTART_EVENT);
        sysbench.set("error", error);
        sysbench.set("hooks", setup.sql().hooks());
        sysbench.set("db", sqlLib.legacyDb());
        sysbench.set("histogram", LuaHistogram.library(setup.sql().out()));
        globals.set("sysbench", sysbench);
        globals.set("bench", benchLib.table());
        // a global as in sysbench, whose own Lua code sets ffi = require("ffi") before a script's runs
        LuaTable ffi = ffi(setup.sql());
        globals.set("ffi", ffi);
        globals.get("package").get("loaded").set("ffi", ffi);
        Require.install(globals, script.directory());
        globals.load(REPORTS, "=sysbench.reports").call();
        globals.load(COMPAT, "=sysbench.compat").call();
    }

    /** A new state that has run the script's main chunk; a Lua error there is the script's, in one line. */
    static ScriptState load(LuaScript script, Setup setup) {
        ScriptState state = new ScriptState(script, setup);
        state.runMainChunk(script);
        return state;
    }

    /**
     * As {@link #load}, for a state that only learns what the script declares ({@link ScriptStates#quiet}): a main chunk
     * that fails once it used the SQL API (which answers nothing there) has declared its options and functions by then,
     * as a script that connects at its top does.
     */
    static ScriptState loadQuietly(LuaScript script, Setup setup) {
        ScriptState state = new ScriptState(script, setup);
        try {
            state.runMainChunk(script);
        } catch (LuaError e) {
            if (!setup.sql().driverUsed().get()) {
                throw e;
            }
        }
        return state;
    }

    private void runMainChunk(LuaScript script) {
        // "@": the chunk is a file, which Lua's messages name as it is ("./x.lua:2: ..."); a "#!" line and a UTF-8
        // BOM are the compiler's to skip
        guarded(globals.load(new ByteArrayInputStream(script.source()), "@" + script.shownPath(), "t", globals)).call();
    }

    /** A global of the script's ({@code event}, {@code thread_init}...), nil when not defined. */
    LuaValue global(String name) {
        return guarded(globals.get(name));
    }

    /**
     * A script's function as bench calls it: a stack overflow in it (a function recursing without end) is the Lua
     * error sysbench reports ("stack overflow"), not the JVM's StackOverflowError, which no hook's error handling
     * catches (a trace, a worker that dies without a word). Caught here, where the stack has unwound to bench's call.
     */
    static LuaValue guarded(LuaValue f) {
        return !f.isfunction() || f instanceof Guarded ? f : new Guarded(f);
    }

    private static final class Guarded extends VarArgFunction {
        private final LuaValue f;

        Guarded(LuaValue f) {
            this.f = f;
        }

        @Override
        public Varargs invoke(Varargs args) {
            try {
                return f.invoke(args);
            } catch (StackOverflowError e) {
                // LuaJ keeps no call stack to say where (Lua would name the recursing function's line)
                throw new LuaError(STACK_OVERFLOW);
            }
        }
    }

    LuaTable sysbench() {
        return sysbench;
    }

    /** bench's own table in this state: the kinds of event the script declares and names. */
    BenchLib bench() {
        return benchLib;
    }

    /** The hooks table the script filled ({@code sysbench.hooks.before_restart_event} ...). */
    LuaValue hook(String name) {
        return guarded(sysbench.get("hooks").get(name));
    }

    SqlLib.Context sql() {
        return sql;
    }

    LuaScript script() {
        return script;
    }

    /** Ends the state: the connections the script left open are closed, a JSON report's array is closed. */
    void close() {
        sqlLib.closeAll();
        if (sysbench.get("__json_open").toboolean()) {
            sql.out().print("\n]\n");      // sysbench closes it when the reporting state is collected
        }
    }


    /** What LuaJIT 2.1 has and Lua 5.2 (LuaJ) lacks or does otherwise, that scripts written for sysbench use. */
    /**
     * {@code os.exit}: LuaJ's ends the JVM with what the script printed still in its buffers; sysbench's C stdio flushes
     * them at exit, so a script's {@code print} before {@code os.exit()} is seen.
     */
    private static void flushedExit(Globals g, boolean endsProcess) {
        LuaValue os = g.get("os");
        LuaValue exit = os.get("exit");
        os.set("exit", new org.luaj.vm2.lib.VarArgFunction() {
            @Override
            public org.luaj.vm2.Varargs invoke(org.luaj.vm2.Varargs args) {
                String code = args.narg() == 0 ? "" : args.arg1().tojstring();
                if (!endsProcess) {
                    g.STDOUT.flush();
                    throw new Exit(code);
                }
                g.STDOUT.flush();
                if (g.STDOUT instanceof CapturedOutput captured) {
                    captured.replayTo(System.out);    // the script ends the process while bench reads its options
                }
                System.out.flush();
                System.err.flush();
                benchkit.core.run.SignalGuard.exitRequested("the script's os.exit(" + code + ")");
                return exit.invoke(args);
            }
        });
    }

    /**
     * A script's {@code os.exit} in a bench run, which ends the run as a failure rather than the JVM (whose results and
     * journal would be lost). An Error: LuaJ wraps any Exception into a LuaError, which the script's pcall would catch.
     */
    static final class Exit extends Error {
        Exit(String code) {
            super("the script's os.exit(" + code + ")", null, false, false);
        }

        /** The run's failure: the exit and the function it ended ({@code event}, {@code thread_init}...). */
        LuaWorkload.ScriptFailure in(String function) {
            return new LuaWorkload.ScriptFailure(getMessage() + " in " + function + "()");
        }
    }

    /**
     * What a script prints while bench loads it to read its options: shown with a load error's FATAL line, or when the
     * script ends the process there ({@code os.exit} in its main chunk), as sysbench, which loads it once, would show it.
     */
    static final class CapturedOutput extends java.io.PrintStream {
        private final java.io.ByteArrayOutputStream bytes;

        CapturedOutput() {
            this(new java.io.ByteArrayOutputStream());
        }

        private CapturedOutput(java.io.ByteArrayOutputStream bytes) {
            super(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
            this.bytes = bytes;
        }

        String text() {
            return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        }

        void replayTo(java.io.PrintStream out) {
            out.write(bytes.toByteArray(), 0, bytes.size());
            out.flush();
        }
    }

    private static void luajitCompatibility(Globals g) {
        // pcall and xpcall give a script Lua's words for an error ("./x.lua:3: boom"), not LuaJ's ("@./x.lua:3 boom")
        g.set("pcall", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaValue f = args.checkvalue(1);
                try {
                    return LuaValue.varargsOf(LuaValue.TRUE, f.invoke(args.subargs(2)));
                } catch (LuaError e) {
                    if (!f.isclosure()) {
                        LuaMessages.placeAtCaller(e, g.rawget(org.luaj.vm2.compiler.Lua51Compiler.PCALL_SITE));
                    }
                    return LuaValue.varargsOf(LuaValue.FALSE, LuaMessages.forScript(e));
                } catch (StackOverflowError e) {
                    return LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf(STACK_OVERFLOW));
                }
            }
        });
        g.set("xpcall", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                LuaValue f = args.checkvalue(1);
                LuaValue handler = args.checkfunction(2);
                try {
                    return LuaValue.varargsOf(LuaValue.TRUE, f.invoke(args.subargs(3)));
                } catch (LuaError e) {
                    // called once the stack has unwound (a traceback there shows xpcall's caller)
                    return LuaValue.varargsOf(LuaValue.FALSE, handler.call(LuaMessages.forScript(e)));
                } catch (StackOverflowError e) {
                    return LuaValue.varargsOf(LuaValue.FALSE, handler.call(LuaValue.valueOf(STACK_OVERFLOW)));
                }
            }
        });
        LuaValue type = g.get("type");
        LuaValue cdata = LuaValue.valueOf("cdata");
        g.set("type", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue v) {
                return v.isuserdata() && v.touserdata() instanceof SqlLib.Cdata ? cdata : type.call(v);
            }
        });
        LuaTable table = g.get("table").checktable();
        g.set("unpack", table.get("unpack"));
        table.set("getn", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue t) {
                return LuaValue.valueOf(t.checktable().length());
            }
        });
        table.set("maxn", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue t) {
                double max = 0;
                LuaTable tt = t.checktable();
                for (LuaValue k = tt.next(LuaValue.NIL).arg1(); !k.isnil(); k = tt.next(k).arg1()) {
                    if (k.isnumber()) {
                        max = Math.max(max, k.todouble());
                    }
                }
                return LuaValue.valueOf(max);
            }
        });
        g.set("loadstring", g.get("load"));
        // LuaJIT names a table, function or userdata by its address in hex: "table: 0x40e2b8c0"
        LuaValue tostring = g.get("tostring");
        g.set("tostring", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue v) {
                LuaValue s = tostring.call(v);
                LuaValue meta = v.getmetatable();
                boolean own = meta != null && !meta.get(LuaValue.TOSTRING).isnil();
                if (!own && (v.isclosure() || v.isthread())) {
                    // LuaJ names a Lua function by its chunk (a loadstring's whole text), a coroutine by its Java object
                    return LuaValue.valueOf(v.typename() + ": 0x" + Integer.toHexString(System.identityHashCode(v)));
                }
                return (v.istable() || v.isfunction() || v.isuserdata()) && !own
                        ? LuaValue.valueOf(s.tojstring().replaceFirst("^(\\w+): ([0-9a-f]+)$", "$1: 0x$2")) : s;
            }
        });
        LuaTable math = g.get("math").checktable();
        math.set("mod", math.get("fmod"));
        LuaTable string = g.get("string").checktable();
        string.set("format", new LuaFormat());
        string.set("rep", new LuaRep());
        string.set("gfind", string.get("gmatch"));
        CLocale.install(g);
        LuaTable bit = BitLib.create();
        g.set("bit", bit);
        g.get("package").get("loaded").set("bit", bit);
    }

    private static LuaTable cmdline(String command) {
        LuaTable c = new LuaTable();
        if (command != null) {
            c.set("command", command);
        }
        c.set("PARALLEL_COMMAND", LuaValue.TRUE);
        String[] kinds = {"ARG_NULL", "ARG_BOOL", "ARG_INT", "ARG_SIZE", "ARG_DOUBLE", "ARG_STRING", "ARG_LIST", "ARG_FILE",
                "ARG_MAX"};
        for (int i = 0; i < kinds.length; i++) {
            c.set(kinds[i], i);
        }
        return c;
    }

    /** sysbench.opt: sysbench's own options, then the script's (as typed by their declaration), under '_' names. */
    private LuaTable options(Setup setup) {
        LuaTable opt = new LuaTable();
        setup.sysbenchOptions().forEach(opt::set);
        for (ScriptOption o : setup.declared()) {
            String given = setup.values().get(benchkit.spi.OptionValues.canonical(o.name()));
            // sysbench.opt's keys have '_' where a name has '-' (--dash-opt is sysbench.opt.dash_opt)
            opt.set(o.name().replace('-', '_'), o.value(script.name(), given != null ? given : o.defaultValue()));
        }
        if (setup.declared().isEmpty()) {
            // a script that declares no options takes any, as strings (sysbench's options of unknown type)
            setup.values().forEach((name, value) -> {
                String key = name.replace('-', '_');
                if (opt.get(key).isnil() && !BENCH_ONLY.contains(name)) {
                    opt.set(key, value);
                }
            });
        }
        return opt;
    }

    private static LuaTable rand(SbRandom random) {
        LuaTable r = new LuaTable();
        r.set("default", range(random::next));
        r.set("uniform", range(random::uniform));
        r.set("gaussian", range(random::gaussian));
        r.set("special", range(random::special));
        r.set("pareto", range(random::pareto));
        r.set("zipfian", range(random::zipfian));
        r.set("uniform_double", new ZeroArgFunction() {
            @Override
            public LuaValue call() {
                return LuaValue.valueOf(random.nextDouble());
            }
        });
        r.set("uniform_uint64", new ZeroArgFunction() {
            @Override
            public LuaValue call() {
                // a Lua number holds 53 bits exactly: the top 53 of a uniform 64-bit draw, as LuaJIT's uint64 cdata
                // would print them only through tostring; scripts use it as a seed or key
                return LuaValue.valueOf((double) (long) (random.nextDouble() * 0x1.0p53));
            }
        });
        r.set("unique", new ZeroArgFunction() {
            @Override
            public LuaValue call() {
                return LuaValue.valueOf((double) UniqueNumbers.next());
            }
        });
        r.set("string", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue format) {
                return randomString(random, format.checkstring());
            }
        });
        return r;
    }

    private interface Range {
        int draw(int a, int b);
    }

    private static TwoArgFunction range(Range f) {
        return new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue a, LuaValue b) {
                // sysbench's C functions take and return uint32_t: LuaJIT's FFI wraps the bounds so (-1 is
                // 4294967295) and a result is never negative
                return LuaValue.valueOf((double) Integer.toUnsignedLong(f.draw((int) a.checklong(), (int) b.checklong())));
            }
        };
    }

    /** As {@link #randomString(SbRandom, String)}, on a Lua string's bytes (no decoding: a script calls it per row). */
    static LuaString randomString(SbRandom random, LuaString format) {
        byte[] out = new byte[format.m_length];
        System.arraycopy(format.m_bytes, format.m_offset, out, 0, out.length);
        for (int i = 0; i < out.length; i++) {
            if (out[i] == '#') {
                out[i] = (byte) ('0' + random.uniform(0, 9));
            } else if (out[i] == '@') {
                out[i] = (byte) ('a' + random.uniform(0, 25));
            }
        }
        return LuaString.valueUsing(out);
    }

    /** sysbench's sb_rand_str: each '#' a random digit, each '@' a random lowercase letter, the rest as it is. */
    static String randomString(SbRandom random, String format) {
        char[] out = format.toCharArray();
        for (int i = 0; i < out.length; i++) {
            if (out[i] == '#') {
                out[i] = (char) ('0' + random.uniform(0, 9));
            } else if (out[i] == '@') {
                out[i] = (char) ('a' + random.uniform(0, 25));
            }
        }
        return new String(out);
    }

    /**
     * The {@code ffi} module as scripts for sysbench use it: {@code ffi.cdef} declarations of sysbench's own C functions
     * are taken as they are, and {@code ffi.C} has the ones bench provides ({@code usleep}, {@code sb_counter_inc} and
     * sysbench's counter kinds). Anything else of LuaJIT's FFI is refused with a line that names it.
     */
    private static LuaTable ffi(SqlLib.Context sql) {
        LuaTable ffi = new LuaTable();
        ffi.set("cdef", new VarArgFunction() {
            @Override
            public Varargs invoke(Varargs args) {
                return NONE;
            }
        });
        LuaTable c = new LuaTable();
        c.set("usleep", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue micros) {
                LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(micros.checklong()));
                return LuaValue.ZERO;
            }
        });
        c.set("sleep", new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue seconds) {
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(seconds.checklong()));
                return LuaValue.ZERO;
            }
        });
        c.set("sb_counter_inc", new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue tid, LuaValue kind) {
                switch (kind.checkint()) {
                    case SqlLib.CNT_READ -> sql.queries().reads(1);
                    case SqlLib.CNT_WRITE -> sql.queries().writes(1);
                    case SqlLib.CNT_OTHER -> sql.queries().others(1);
                    case SqlLib.CNT_ERROR -> sql.counts().errors++;
                    case SqlLib.CNT_RECONNECT -> sql.counts().reconnects++;
                    default -> {
                    }
                }
                return NIL;
            }
        });
        String[] counters = {"SB_CNT_OTHER", "SB_CNT_READ", "SB_CNT_WRITE", "SB_CNT_TRX", "SB_CNT_ERROR", "SB_CNT_RECONNECT",
                "SB_CNT_MAX"};
        for (int i = 0; i < counters.length; i++) {
            c.set(counters[i], i);
        }
        LuaTable missing = new LuaTable();
        missing.set(LuaValue.INDEX, new TwoArgFunction() {
            @Override
            public LuaValue call(LuaValue self, LuaValue name) {
                throw new LuaError("ffi.C." + name.tojstring() + ": bench's Lua runtime has no such C function "
                        + "(it provides sleep, usleep and sb_counter_inc)");
            }
        });
        c.setmetatable(missing);
        ffi.set("C", c);
        for (String unsupported : List.of("new", "string", "typeof", "cast", "metatype", "gc", "copy", "fill", "sizeof",
                "load")) {
            ffi.set(unsupported, new VarArgFunction() {
                @Override
                public Varargs invoke(Varargs args) {
                    throw new LuaError("ffi." + unsupported + ": bench's Lua runtime runs no LuaJIT FFI code (it provides "
                            + "ffi.cdef and ffi.C.usleep, ffi.C.sb_counter_inc)");
                }
            });
        }
        return ffi;
    }

    /** sysbench 0.5's API, which sysbench 1.0.20 still gives its scripts (its sysbench.compat.lua names the same). */
    private static final String COMPAT = """
            thread_id = sysbench.tid
            test = sysbench.cmdline.script_path
            function sb_rnd() return sysbench.rand.uniform(0, 2147483647) * 2 + sysbench.rand.uniform(0, 1) end
            sb_rand = sysbench.rand.default
            sb_rand_str = sysbench.rand.string
            sb_rand_uniform = sysbench.rand.uniform
            sb_rand_gaussian = sysbench.rand.gaussian
            sb_rand_special = sysbench.rand.special
            function sb_rand_uniq(a, b)
              a = a or 0
              b = b or 4294967295
              local r
              repeat r = sysbench.rand.unique() until r >= a and r <= b
              return r
            end
            for _, name in ipairs({"connect", "disconnect", "query", "bulk_insert_init", "bulk_insert_next",
                                   "bulk_insert_done", "prepare", "bind_param", "bind_result", "execute", "store_results",
                                   "free_results", "close"}) do
              _G["db_" .. name] = sysbench.db[name]
            end
            DB_ERROR_NONE = 0
            DB_ERROR_RESTART_TRANSACTION = 1
            DB_ERROR_FAILED = 2
            mysql_table_engine = mysql_table_engine or "innodb"
            myisam_max_rows = 1000000
            """;

    /** sysbench's report functions a script may call from its report hooks (their lines as sysbench prints them). */
    private static final String REPORTS = """
            local function rates(stat)
              local s = stat.time_interval
              return stat.events / s, (stat.reads + stat.writes + stat.other) / s, stat.reads / s, stat.writes / s,
                     stat.other / s, stat.latency_pct * 1000, stat.errors / s, stat.reconnects / s
            end
            function sysbench.report_default(stat)
              local tps, qps, r, w, o, lat, err, rec = rates(stat)
              print(string.format("[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) "
                .. "lat (ms,%u%%): %4.2f err/s %4.2f reconn/s: %4.2f", stat.time_total, stat.threads_running,
                tps, qps, r, w, o, sysbench.opt.percentile, lat, err, rec))
            end
            function sysbench.report_json(stat)
              io.write(sysbench.__json_open and ",\\n" or "[\\n")
              sysbench.__json_open = true
              local tps, qps, r, w, o, lat, err, rec = rates(stat)
              io.write(string.format([[
              {
                "time": %4.0f,
                "threads": %u,
                "tps": %4.2f,
                "qps": {
                  "total": %4.2f,
                  "reads": %4.2f,
                  "writes": %4.2f,
                  "other": %4.2f
                },
                "latency": %4.2f,
                "errors": %4.2f,
                "reconnects": %4.2f
              }]], stat.time_total, stat.threads_running, tps, qps, r, w, o, lat, err, rec))
            end
            function sysbench.report_csv(stat)
              local tps, qps, r, w, o, lat, err, rec = rates(stat)
              print(string.format("%.0f,%u,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f", stat.time_total,
                stat.threads_running, tps, qps, r, w, o, lat, err, rec))
            end
            """;
}

package benchkit.sysbench.lua;

import benchkit.mysql.IgnoredErrors;
import benchkit.spi.QueryCounter;
import benchkit.sysbench.RandParams;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The setups of the states a script runs in. */
final class ScriptStates {
    /** Counts nothing: for the states of prepare, cleanup and other commands, which sysbench does not report. */
    static final QueryCounter UNCOUNTED = new QueryCounter() {
        @Override
        public void reads(int n) {
        }

        @Override
        public void writes(int n) {
        }

        @Override
        public void others(int n) {
        }
    };

    private ScriptStates() {
    }

    /**
     * A state that only learns what the script declares: no output, sysbench's defaults, and no server: the SQL API
     * answers as with {@code --mysql-dry-run} (a script may connect and query at its top).
     */
    static ScriptState.Setup quiet(String command) {
        return quiet(command, new PrintStream(OutputStream.nullOutputStream()));
    }

    /** As {@link #quiet(String)}, what the script prints going to {@code printed} (kept for an error's context). */
    static ScriptState.Setup quiet(String command, PrintStream printed) {
        SqlLib.Connector none = new SqlLib.Connector() {
            @Override
            public ScriptConnection open() {
                throw new IllegalStateException("a dry run connects nowhere");
            }

            @Override
            public String where() {
                return "no server";
            }
        };
        SqlLib.Context sql = new SqlLib.Context(none, IgnoredErrors.NONE, UNCOUNTED, new SqlLib.Counts(), new LuaTable(),
                printed, new LogLines(printed), true, false, new java.util.concurrent.atomic.AtomicBoolean(), "mysql");
        return new ScriptState.Setup(command, 0, List.of(), Map.of(), sysbenchDefaults(1), RandParams.DEFAULTS, sql);
    }

    /**
     * sysbench's own options as a script sees them in {@code sysbench.opt}, at sysbench's defaults but for the thread
     * count; the workload adds the server and the settings it knows.
     */
    static Map<String, LuaValue> sysbenchDefaults(int threads) {
        Map<String, LuaValue> o = new LinkedHashMap<>();
        o.put("threads", LuaValue.valueOf(threads));
        o.put("events", LuaValue.valueOf(0));
        o.put("time", LuaValue.valueOf(10));
        o.put("rate", LuaValue.valueOf(0));
        o.put("report_interval", LuaValue.valueOf(0));
        o.put("percentile", LuaValue.valueOf(95));
        o.put("histogram", LuaValue.FALSE);
        o.put("verbosity", LuaValue.valueOf(3));
        o.put("db_driver", LuaValue.valueOf("mysql"));
        o.put("db_ps_mode", LuaValue.valueOf("auto"));
        o.put("mysql_host", list("localhost"));
        o.put("mysql_port", list("3306"));
        o.put("mysql_user", LuaValue.valueOf("sbtest"));
        o.put("mysql_db", LuaValue.valueOf("sbtest"));
        o.put("mysql_ignore_errors", list(LuaWorkloadFactory.IGNORE_ERRORS));
        o.put("mysql_dry_run", LuaValue.FALSE);
        o.put("mysql_ssl", LuaValue.FALSE);
        return o;
    }

    /** A list option's value as sysbench gives it: a table of strings. */
    static LuaTable list(String commaSeparated) {
        LuaTable t = new LuaTable();
        String[] items = commaSeparated.split(",");
        for (int i = 0; i < items.length; i++) {
            t.set(i + 1, LuaValue.valueOf(items[i]));
        }
        return t;
    }
}

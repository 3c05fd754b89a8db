package benchkit.sysbench.lua;

import benchkit.spi.Outcome;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.UnknownOptionException;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import benchkit.testing.CountingContext;
import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scripts of the user's own through bench's Lua runtime, against a real throwaway MariaDB. */
class LuaWorkloadTest {
    private static ThrowawayMariadb server;
    private static Target target;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = ThrowawayMariadb.start();
        target = server.bench();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private WorkloadFactory script(String name, String code) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, code);
        return new LuaScripts().forScript(file);
    }

    private static long scalar(String sql) throws Exception {
        try (Connection c = server.connect(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    private static final String KV = """
            #!/usr/bin/env sysbench
            sysbench.cmdline.options = { rows = {"Rows to load", 20}, label = {"A label", "kv"} }
            function prepare()
              local con = sysbench.sql.driver():connect()
              print(string.format("Creating table 'kv_%s' with %d rows...", sysbench.opt.label, sysbench.opt.rows))
              con:query("CREATE TABLE kv_" .. sysbench.opt.label .. " (id INT PRIMARY KEY, v VARCHAR(20))")
              con:bulk_insert_init("INSERT INTO kv_" .. sysbench.opt.label .. " VALUES")
              for i = 1, sysbench.opt.rows do
                con:bulk_insert_next(string.format("(%d, '%s')", i, sysbench.rand.string("@@@-###")))
              end
              con:bulk_insert_done()
            end
            function cleanup()
              sysbench.sql.driver():connect():query("DROP TABLE IF EXISTS kv_" .. sysbench.opt.label)
            end
            function thread_init(tid)
              con = sysbench.sql.driver():connect()
              stmt = con:prepare("SELECT v FROM kv_" .. sysbench.opt.label .. " WHERE id = ?")
              param = stmt:bind_create(sysbench.sql.type.INT)
              stmt:bind_param(param)
            end
            function event(tid)
              param:set(sysbench.rand.uniform(1, sysbench.opt.rows))
              local rs = stmt:execute()
              -- as in sysbench, a server-side statement's rows are counted, not fetched
              assert(rs.nrows == 1 and rs.nfields == 0, "nrows " .. rs.nrows .. " nfields " .. rs.nfields)
              local v = con:query_row("SELECT v FROM kv_" .. sysbench.opt.label .. " WHERE id = 1")
              assert(#v == 7, "a value of 7 characters, not " .. tostring(v))
              con:query("UPDATE kv_" .. sysbench.opt.label .. " SET v = v WHERE id = 0")
            end
            """;

    @Test
    void aScriptOfItsOwnPreparesRunsAndCleansUpWithItsOptions() throws Exception {
        WorkloadFactory f = script("kv_custom.lua", KV);
        assertEquals("kv_custom.lua", f.name());
        assertTrue(f.options().stream().anyMatch(o -> o.name().equals("rows") && o.defaultValue().equals("20")));
        try (Workload w = f.create(Map.of("rows", "50", "label", "t1"))) {
            w.cleanup(target);
            w.prepare(target, () -> 1);
            assertEquals(50, scalar("SELECT COUNT(*) FROM sbtest.kv_t1"));
            assertEquals(50, scalar("SELECT COUNT(DISTINCT id) FROM sbtest.kv_t1 WHERE v RLIKE '^[a-z]{3}-[0-9]{3}$'"));
            CountingContext counter = new CountingContext(0, 1);
            try (Session s = w.openSession(target, counter)) {
                for (int i = 0; i < 100; i++) {
                    assertEquals(Outcome.OK, s.execute());
                }
            }
            // a SELECT is a read; an UPDATE that changed no row is neither a write nor a read: sysbench's "other"
            assertEquals(200, counter.reads);
            assertEquals(0, counter.writes);
            assertEquals(100, counter.others);
            w.cleanup(target, () -> 1);
            assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'kv_t1'"));
        }
    }

    @Test
    void theRunRecordsWhichScriptRanByItsHash() throws Exception {
        WorkloadFactory f = script("kv_custom.lua", KV);
        try (Workload w = f.create(Map.of())) {
            Map<String, String> p = w.provenance();
            assertEquals(dir.resolve("kv_custom.lua").toAbsolutePath().toString(), p.get("script"));
            assertEquals(java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(dir.resolve("kv_custom.lua")))), p.get("script.sha256"));
        }
    }

    @Test
    void anOptionNeitherTheScriptNorSysbenchTakesIsRefusedByName() throws Exception {
        WorkloadFactory f = script("kv_custom.lua", KV);
        UnknownOptionException e = assertThrows(UnknownOptionException.class, () -> f.create(Map.of("bogus", "1")));
        assertEquals("bogus", e.option());
    }

    @Test
    void luajitsLanguageAsScriptsUseIt() throws Exception {
        WorkloadFactory f = script("lang.lua", """
                ffi = require("ffi")
                ffi.cdef[[ void sb_counter_inc(int, sb_counter_type); int usleep(unsigned int); ]]
                function event()
                  assert(string.format("%4.2f|%5.1f|%d|%u|%s|%-4s|%05d|%x", 1/3, 2.25, 7, 3, nil, "ab", 42, 255)
                         == "0.33|  2.3|7|3|nil|ab  |00042|ff", string.format("%4.2f|%5.1f|%d|%u|%s|%-4s|%05d|%x",
                         1/3, 2.25, 7, 3, nil, "ab", 42, 255))
                  assert(string.format("%g %g %.3g", 100000, 1e20, 2/3) == "100000 1e+20 0.667")
                  assert(string.format("%s|%d|%s", "\\200\\255", 3.7, 12) == "\\200\\255|3|12" and #string.format("%s", "\\200") == 1)
                  assert(string.format("%02d|%5d|%05d|%2d|%03d", 7, -42, -42, 123, 0) == "07|  -42|-0042|123|000")
                  assert(string.rep("ab", 3) == "ababab" and string.rep("x", 0) == "" and string.rep("x", -2) == ""
                         and string.rep("ab", 3, ",") == "ab,ab,ab" and ("x"):rep(2.7) == "xx" and ("@"):rep(5) == "@@@@@"
                         and string.rep("", 4, "-") == "---" and string.rep("ab", 1, ",") == "ab", "string.rep")
                  assert(#sysbench.rand.string("\\200@#") == 3 and sysbench.rand.string("\\200@#"):byte(1) == 200)
                  assert(bit.bor(5, 10) == 15 and bit.band(-1, 255) == 255 and bit.lshift(1, 31) == -2147483648)
                  local a, b = unpack({1, 2})
                  assert(a == 1 and b == 2 and table.getn({1, 2, 3}) == 3 and loadstring("return 4")() == 4)
                  ffi.C.usleep(10)
                  ffi.C.sb_counter_inc(sysbench.tid, ffi.C.SB_CNT_READ)
                  assert(sysbench.tid == 1 and sysbench.opt.threads == 2 and sysbench.cmdline.command == "run")
                  local u = sysbench.rand.uniform(5, 6)
                  assert(u == 5 or u == 6)
                end
                """);
        CountingContext counter = new CountingContext(1, 2);
        try (Workload w = f.create(Map.of()); Session s = w.openSession(target, counter)) {
            assertEquals(Outcome.OK, s.execute());
        }
        assertEquals(1, counter.reads);
    }

    /**
     * bench's own table: a script declares its kinds of event with bench.event_kinds and names each event's with
     * bench.event_kind, which the session passes on; an event that names none passes nothing, and a name not declared
     * ends the run with one line. Under sysbench, where there is no bench table, the script runs as it is.
     */
    @Test
    void aScriptNamesTheKindsOfItsEvents() throws Exception {
        WorkloadFactory f = script("kinds.lua", """
                if bench then bench.event_kinds{"read", "write"} end
                local n = 0
                function event()
                  n = n + 1
                  if n == 3 then return end
                  if bench then bench.event_kind(n % 2 == 0 and "read" or (n == 5 and "typo" or "write")) end
                end
                """);
        CountingContext counter = new CountingContext(0, 1);
        try (Workload w = f.create(Map.of()); Session s = w.openSession(target, counter)) {
            assertEquals(List.of("read", "write"), w.eventKinds());
            for (int i = 0; i < 4; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
            assertEquals(List.of(1, 0, 0), counter.kinds, "write, read, none, read");
            RuntimeException e = assertThrows(RuntimeException.class, s::execute);
            assertTrue(e.getMessage().contains("bench.event_kind: 'typo' is not among the names given to bench.event_kinds "
                    + "[read, write]"), e.getMessage());
        }
    }

    /**
     * sysbench ends a thread whose event() returns a true value; a bench session cannot end early, so it says so. A
     * script without prepare and cleanup runs in bench with nothing to prepare.
     */
    @Test
    void anEventThatEndsItsThreadEndsABenchRunWithWhatToDo() throws Exception {
        WorkloadFactory f = script("ends.lua", """
                local n = 0
                function event()
                  n = n + 1
                  return n == 3
                end
                """);
        try (Workload w = f.create(Map.of()); Session s = w.openSession(target, new CountingContext(0, 1))) {
            w.prepare(target, () -> 1);       // it defines neither prepare nor cleanup: nothing to do in a bench run
            w.cleanup(target, () -> 1);
            assertEquals(Outcome.OK, s.execute());
            assertEquals(Outcome.OK, s.execute());
            RuntimeException e = assertThrows(RuntimeException.class, s::execute);
            assertTrue(e.getMessage().startsWith("event() returned true, on which sysbench ends the thread's event loop; a "
                    + "bench run measures every session for the whole time and cannot end one early"), e.getMessage());
        }
    }

    /**
     * What a script defines for sysbench's own run that a bench run does not call (report hooks, one raising too,
     * thread_run, commands of its own) is said in one note naming each and the sysbench line that runs it (sweep 8:
     * a raising report_cumulative was silently never called); a script with none of them, or a sysbench line, has none.
     */
    @Test
    void whatABenchRunDoesNotCallOfAScriptIsNoted() throws Exception {
        LuaWorkloadFactory f = (LuaWorkloadFactory) script("hooks.lua", """
                function event() end
                function thread_run() end
                sysbench.hooks.report_cumulative = function(stat) error("boom") end
                sysbench.hooks.report_intermediate = function(stat) end
                sysbench.cmdline.commands = {prepare = {function() end}, check = {function() end}, run = {function() end}}
                """);
        try (LuaWorkload w = f.create(Map.of(), System.out)) {
            assertEquals(List.of("bench's own run measures hooks.lua's event() and reports in its own tables; it does not "
                    + "call the script's sysbench.hooks.report_intermediate and sysbench.hooks.report_cumulative, "
                    + "thread_run() or its commands check, run (sysbench.cmdline.commands), which a sysbench line of the "
                    + "script runs: sysbench " + dir.resolve("hooks.lua") + " run, sysbench " + dir.resolve("hooks.lua")
                    + " check"), w.notes());
            w.asSysbenchLine(line -> { }, List.of());
            assertEquals(List.of(), w.notes());
        }
        try (Workload w = script("cumulative.lua", "function event() end\n"
                + "sysbench.hooks.report_cumulative = function(stat) error('boom') end\n").create(Map.of())) {
            assertEquals(List.of("bench's own run measures cumulative.lua's event() and reports in its own tables; it "
                    + "does not call the script's sysbench.hooks.report_cumulative, which a sysbench line of the script "
                    + "runs: sysbench " + dir.resolve("cumulative.lua") + " run"), w.notes());
        }
        try (Workload w = script("plain.lua", "function event() end\nfunction thread_init() end\n").create(Map.of())) {
            assertEquals(List.of(), w.notes());
        }
    }

    /** A true value other than true is said as returned, and why it counts (sweep 8: "event() returned true" for 5). */
    @Test
    void anEventReturningAnotherTrueValueIsSaidAsReturned() throws Exception {
        for (Map.Entry<String, String> c : Map.of("5", "5", "'done'", "\"done\"", "{}", "a table").entrySet()) {
            WorkloadFactory f = script("five.lua", "function event() return " + c.getKey() + " end\n");
            try (Workload w = f.create(Map.of()); Session s = w.openSession(target, new CountingContext(0, 1))) {
                RuntimeException e = assertThrows(RuntimeException.class, s::execute);
                assertTrue(e.getMessage().startsWith("event() returned " + c.getValue() + " (a true value: anything but nil "
                        + "and false), on which sysbench ends the thread's event loop;"), e.getMessage());
            }
        }
    }

    /**
     * A thread_init cut short by the run stopping (its thread interrupted, as Ctrl-C and SIGTERM do) blames neither the
     * server nor the connection, which was made (sweep 7, case 73: "FATAL: unable to connect ... (111)").
     */
    @Test
    void aSetupCutShortByTheRunStoppingBlamesNoServer() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        LuaWorkloadFactory f = (LuaWorkloadFactory) script("slow.lua", "function thread_init()\n"
                + "  con = sysbench.sql.driver():connect(); con:query('SELECT SLEEP(30)')\nend\nfunction event() end\n");
        try (Workload w = f.create(Map.of(), new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8))) {
            java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
            Thread opener = new Thread(() -> {
                try {
                    w.openSession(target, new CountingContext(0, 1)).close();
                } catch (Throwable e) {
                    failed.set(e);
                }
            });
            opener.start();
            Thread.sleep(1000);     // in its SLEEP, or still connecting: either is cut short alike
            opener.interrupt();
            opener.join(20_000);
            assertFalse(opener.isAlive(), "the interrupt ended thread_init");
            assertTrue(String.valueOf(failed.get()).contains("the run was stopping (interrupted)"), String.valueOf(failed.get()));
            assertFalse(out.toString(java.nio.charset.StandardCharsets.UTF_8).contains("FATAL"), out.toString());
        }
    }

    /**
     * A function recursing without end is Lua's "stack overflow" in the hook's failure, as sysbench says it, wherever
     * it is called (sweep 9, cases 30 and 32: a Java StackOverflowError escaped as a trace or as the run's failure).
     */
    @Test
    void aStackOverflowIsTheHooksFailureInLuasWords() throws Exception {
        String f = "local function f(n) return f(n+1)+1 end\n";
        try (Workload w = script("ev.lua", f + "function event() f(1) end\n").create(Map.of());
             Session s = w.openSession(target, new CountingContext(0, 1))) {
            RuntimeException e = assertThrows(RuntimeException.class, s::execute);
            assertEquals("`thread_run' function failed: stack overflow", e.getMessage());
        }
        try (Workload w = script("ti.lua", f + "function thread_init() f(1) end\nfunction event() end\n").create(Map.of())) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> w.openSession(target, new CountingContext(0, 1)));
            assertEquals("`thread_init' function failed: stack overflow", e.getMessage());
        }
        try (Workload w = script("in.lua", f + "function init() f(1) end\nfunction event() end\n").create(Map.of())) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> w.openSession(target, new CountingContext(0, 1)));
            assertEquals("`init' function failed: stack overflow", e.getMessage());
        }
        RuntimeException chunk = assertThrows(RuntimeException.class,
                () -> script("chunk.lua", f + "f(1)\nfunction event() end\n").create(Map.of()));
        assertTrue(chunk.getMessage().contains("stack overflow"), chunk.getMessage());
    }

    /** done() runs when the run ends, once (sweep 7, case 60): its error is the run's, and close() has nothing left to do. */
    @Test
    void doneRunsOnceWhenTheRunEndsAndItsErrorIsTheRuns() throws Exception {
        WorkloadFactory f = script("done.lua", "n = 0\nfunction event() end\nfunction done() n = n + 1; error('boom ' .. n) end\n");
        Workload w = f.create(Map.of());
        try (Session s = w.openSession(target, new CountingContext(0, 1))) {
            assertEquals(Outcome.OK, s.execute());
        }
        RuntimeException e = assertThrows(RuntimeException.class, w::finishRun);
        assertTrue(e.getMessage().startsWith("`done' function failed: ") && e.getMessage().endsWith(":3: boom 1"), e.getMessage());
        w.close();
    }

    /**
     * close() does not wait for a done() still running, which a run stopped by Ctrl-C or SIGTERM left behind on a thread
     * of its own (sweep 8, case 36: a done() in a loop); it would wait for ever for one that never returns.
     */
    @Test
    void closeDoesNotWaitForADoneLeftRunning() throws Exception {
        WorkloadFactory f = script("slow_done.lua", "function event() end\n"
                + "function done() sysbench.sql.driver():connect():query('SELECT SLEEP(4)') end\n");
        Workload w = f.create(Map.of());
        w.openSession(target, new CountingContext(0, 1)).close();
        Thread finishing = new Thread(() -> {
            try {
                w.finishRun();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "left-behind");
        finishing.setDaemon(true);
        finishing.start();
        Thread.sleep(1000);
        long t0 = System.nanoTime();
        w.close();
        assertTrue(System.nanoTime() - t0 < 2_000_000_000L, "close() waited for done()");
        assertTrue(finishing.isAlive(), "done() still runs");
        finishing.join(20_000);
    }

    @Test
    void anIgnoredErrorRestartsTheEventAndOthersEndTheRunInSysbenchsWords() throws Exception {
        WorkloadFactory f = script("errors.lua", """
                function thread_init() con = sysbench.sql.driver():connect() end
                function event()
                  con:query("SELECT * FROM no_such_table_" .. sysbench.opt.which)
                end
                sysbench.cmdline.options = { which = {"which", "a"} }
                function sysbench.hooks.before_restart_event(err) restarted = err.sql_errno end
                """);
        try (Workload w = f.create(Map.of("mysql-ignore-errors", "1146")); Session s = w.openSession(target,
                new CountingContext(0, 1))) {
            assertEquals(Outcome.IGNORED_ERROR, s.execute());
        }
        try (Workload w = f.create(Map.of()); Session s = w.openSession(target, new CountingContext(0, 1))) {
            RuntimeException e = assertThrows(RuntimeException.class, s::execute);
            assertTrue(e.getMessage().startsWith("`thread_run' function failed: " + dir.resolve("errors.lua") + ":3: SQL error, "
                    + "errno = 1146, state = '42S02': Table 'sbtest.no_such_table_a' doesn't exist"), e.getMessage());
        }
    }

    @Test
    void everyClientBindsDoublesStringsAndNullsAndFetchesTextRowsAlike() throws Exception {
        WorkloadFactory f = script("typed.lua", """
                sysbench.cmdline.options = { t = {"table", "typed"} }
                function event()
                  local con = sysbench.sql.driver():connect()
                  local t = sysbench.opt.t
                  con:query("CREATE TABLE " .. t .. " (d DOUBLE, s VARCHAR(10), n BIGINT)")
                  local stmt = con:prepare("INSERT INTO " .. t .. " VALUES (?, ?, ?)")
                  local d = stmt:bind_create(sysbench.sql.type.DOUBLE)
                  local s = stmt:bind_create(sysbench.sql.type.VARCHAR, 3)
                  local n = stmt:bind_create(sysbench.sql.type.BIGINT)
                  stmt:bind_param(d, s, n)
                  d:set(10.5); s:set("abcdef"); n:set(nil)
                  stmt:execute()
                  d:set(nil); s:set("x"); n:set(7)
                  stmt:execute()
                  local rs = con:query("SELECT d, s, n FROM " .. t .. " ORDER BY n")
                  local rows = {}
                  for i = 1, rs.nrows do
                    local r = rs:fetch_row()
                    rows[#rows + 1] = tostring(r[1]) .. "|" .. tostring(r[2]) .. "|" .. tostring(r[3])
                  end
                  con:query("DROP TABLE " .. t)
                  local got = table.concat(rows, ";")
                  assert(got == "10.5|abc|nil;nil|x|7", got)
                  assert(select('#', con:query_row("SELECT 1, NULL")) == 2)
                end
                """);
        for (Map<String, String> options : java.util.List.of(Map.of("driver", "wire", "t", "typed_wire"),
                Map.of("driver", "mariadb", "t", "typed_jdbc"), Map.of("db-ps-mode", "disable", "t", "typed_text"))) {
            CountingContext counter = new CountingContext(0, 1);
            try (Workload w = f.create(options); Session s = w.openSession(target, counter)) {
                assertEquals(Outcome.OK, s.execute(), options.toString());
            }
            assertEquals(2, counter.writes, options + ": the two inserts");
            assertEquals(2, counter.reads, options + ": the two selects");
            assertEquals(2, counter.others, options + ": CREATE and DROP");
        }
    }

    @Test
    void misusesOfTheApiAreSysbenchsLines() throws Exception {
        WorkloadFactory f = script("misuse.lua", """
                function event()
                  local con = sysbench.sql.driver():connect()
                  print(select(2, pcall(con.prepare, con, "SELECT * FROM no_such_table")))
                  local stmt = con:prepare("SELECT 1")
                  print(stmt:bind_param())
                  local rs = con:query("SELECT 1")
                  rs:free()
                  print(select(2, pcall(rs.free, rs)))
                  print(select(2, pcall(rs.free, rs)))
                  print(select(2, pcall(function() con:bulk_insert_next("(1)") end)))
                  sysbench.hooks.sql_error_ignorable = function(e) print(e.connection == con, e.sql_errno) end
                  print(select(2, pcall(function() con:query("SELECT * FROM no_such_table") end)))
                  con:disconnect()
                  print(select(2, pcall(con.query, con, "SELECT 1")))
                  con:disconnect()
                end
                """);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (Workload w = ((LuaWorkloadFactory) f).create(Map.of(), new PrintStream(printed, true, StandardCharsets.UTF_8));
             Session s = w.openSession(target, new CountingContext(0, 1))) {
            assertEquals(Outcome.OK, s.execute());
        }
        String file = dir.resolve("misuse.lua").toString();
        assertEquals("""
                FATAL: mysql_stmt_prepare() failed
                FATAL: MySQL error: 1146 "Table 'sbtest.no_such_table' doesn't exist"
                SQL API error
                nil
                ALERT: attempt to free an invalid result set
                db_free_results() failed
                db_free_results() failed
                (last message repeated 1 times)
                ALERT: attempt to call bulk_insert_next() before bulk_insert_init()
                FILE:10: db_bulk_insert_next() failed
                FATAL: mysql_drv_query() returned error 1146 (Table 'sbtest.no_such_table' doesn't exist) for query 'SELECT * FROM no_such_table'
                true	1146
                FILE:12: SQL error, errno = 1146, state = '42S02': Table 'sbtest.no_such_table' doesn't exist
                ALERT: attempt to use an already closed connection
                FILE:14: SQL API error
                ALERT: attempt to close an already closed connection
                """.replace("FILE", file), printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aParallelCommandRunsOnEveryThreadWithItsTid() throws Exception {
        WorkloadFactory f = script("par.lua", """
                function cmd_prepare()
                  local con = sysbench.sql.driver():connect()
                  con:query(string.format("CREATE TABLE par%d (id INT)", sysbench.tid))
                end
                function cleanup()
                  local con = sysbench.sql.driver():connect()
                  for i = 0, sysbench.opt.threads - 1 do con:query("DROP TABLE IF EXISTS par" .. i) end
                end
                sysbench.cmdline.commands = { prepare = {cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND} }
                """);
        PrepareContext three = () -> 3;
        try (Workload w = f.create(Map.of())) {
            w.cleanup(target, three);
            w.prepare(target, three);
            assertEquals(3, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_name LIKE 'par_'"));
            w.cleanup(target, three);
            assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_name LIKE 'par_'"));
        }
    }
}

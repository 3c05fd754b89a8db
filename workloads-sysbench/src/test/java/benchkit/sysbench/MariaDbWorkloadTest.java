package benchkit.sysbench;

import benchkit.testing.CountingContext;
import benchkit.mysql.script.ScriptSessions;
import benchkit.mysql.socket.DriverSocket;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static benchkit.sysbench.TestWorkloads.workload;

/** The workloads against a real, throwaway Debian mariadbd, and compatibility with Debian's sysbench 1.0.20. */
class MariaDbWorkloadTest {
    private static MariaDbServer server;
    private static Target target;

    @BeforeAll
    static void startServer() throws Exception {
        server = MariaDbServer.start();
        target = server.target();
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static Connection admin() throws SQLException {
        return ScriptSessions.resolve("test", target, "mariadb", "tcp").open();
    }

    private static long scalar(String sql) throws SQLException {
        try (Connection c = admin(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void prepareLoadsTablesInSysbenchFormatAndCleanupDropsThem() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "3", "table-size", "2500", "rand-seed", "5");
        w.cleanup(target);
        assertFalse(w.isPrepared(target));
        CountingContext ctx = new CountingContext(0, 2);
        w.prepare(target, ctx);
        assertTrue(w.isPrepared(target));
        for (int t = 1; t <= 3; t++) {
            String tbl = "sbtest" + t;
            assertEquals(2500, scalar("SELECT COUNT(*) FROM " + tbl));
            assertEquals(2500, scalar("SELECT MAX(id) FROM " + tbl));
            assertEquals(2500, scalar("SELECT COUNT(*) FROM " + tbl + " WHERE c REGEXP '^([0-9]{11}-){9}[0-9]{11}$' AND LENGTH(c) = 119"));
            assertEquals(2500, scalar("SELECT COUNT(*) FROM " + tbl + " WHERE pad REGEXP '^([0-9]{11}-){4}[0-9]{11}$' AND LENGTH(pad) = 59"));
            assertEquals(2500, scalar("SELECT COUNT(*) FROM " + tbl + " WHERE k BETWEEN 1 AND 2500"));
            assertEquals(1, scalar("SELECT COUNT(DISTINCT index_name) FROM information_schema.statistics WHERE table_schema='sbtest' AND table_name='" + tbl + "' AND index_name='k_" + t + "'"));
            assertEquals(2500L, ctx.progress.get(tbl));
        }
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM sbtest2 WHERE id > 2000");
        }
        assertFalse(w.isPrepared(target), "a table short of rows is not prepared");
        w.cleanup(target);
        assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='sbtest' AND table_name LIKE 'sbtest%'"));
        assertFalse(w.isPrepared(target));
    }

    /**
     * Another bench run (another process: another connection) uses the tables: this run's prepare and cleanup refuse,
     * naming its connection and the remedy, before dropping anything; once that run ends they go ahead. Several workload
     * objects of one process never refuse one another (the other tests' here).
     */
    @Test
    void prepareAndCleanupRefuseWhileAnotherRunUsesTheTables() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "300");
        w.prepare(target, new CountingContext(0, 1));
        ScriptSessions connector = ScriptSessions.resolve("test", target, "mariadb", "tcp");
        String where = target.host() + ":" + target.port();
        TablesInUse.of(connector, where).close();     // this process's own, taken by the other tests' sessions
        TablesInUse theirs = new TablesInUse(connector, where);
        try {
            theirs.use();
            Workload larger = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "600");
            assertFalse(larger.isPrepared(target));
            benchkit.spi.InvalidOptionException refused = assertThrows(benchkit.spi.InvalidOptionException.class,
                    () -> larger.prepare(target, new CountingContext(0, 1)));
            assertTrue(refused.getMessage().startsWith("point-select prepare would drop the tables of database sbtest on "
                    + where + ", which another bench run is using (connection "), refused.getMessage());
            assertTrue(refused.getMessage().endsWith("holds the lock 'benchkit-tables:sbtest'): give this run its own "
                    + "--mysql-db, or wait until that run ends"), refused.getMessage());
            assertThrows(benchkit.spi.InvalidOptionException.class, () -> larger.cleanup(target));
            assertEquals(300, scalar("SELECT COUNT(*) FROM sbtest1"), "nothing dropped");
        } finally {
            theirs.close();
        }
        Workload larger = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "600");
        larger.prepare(target, new CountingContext(0, 1));
        assertEquals(600, scalar("SELECT COUNT(*) FROM sbtest1"), "that run ended: prepared");
        larger.finishRun();
    }

    /** A lock name is at most 64 characters (MySQL refuses longer ones): a long database name is named by its digest. */
    @Test
    void theLockNameFitsMysqlsLimit() {
        assertEquals("benchkit-tables:sbtest", TablesInUse.lockName("sbtest"));
        String longName = "d".repeat(64);
        assertTrue(TablesInUse.lockName(longName).length() <= 64, TablesInUse.lockName(longName));
        assertFalse(TablesInUse.lockName(longName).equals(TablesInUse.lockName("e".repeat(64))));
    }

    /** sysbench 0.4's --oltp-table-name: one table of that name is created, loaded, prewarmed, queried and dropped. */
    @Test
    void aNamedTableIsTheOneTableEveryStepUses() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.ReadWrite(), "table-name", "sbtest_10M_3", "table-size", "500");
        w.cleanup(target);
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS sbtest.sbtest1");      // another test's
        }
        CountingContext logging = new CountingContext(0, 1);
        w.prepare(target, logging);
        assertTrue(w.isPrepared(target));
        assertEquals(500, scalar("SELECT COUNT(*) FROM sbtest_10M_3"));
        assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='sbtest' AND table_name='sbtest1'"));
        w.prewarm(target, logging);
        CountingContext ctx = new CountingContext(0, 1);
        try (Session s = w.openSession(target, ctx)) {
            for (int i = 0; i < 20; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        // no sbtest1 exists: a statement on any other table than the named one would have failed the event
        assertEquals(20 * 20, ctx.reads + ctx.writes + ctx.others, "read-write's 20 queries per event (BEGIN, 14 reads, 4 writes, COMMIT)");
        w.cleanup(target, logging);
        assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='sbtest' AND table_name='sbtest_10M_3'"));
        assertEquals(List.of("Creating table 'sbtest_10M_3'...", "Inserting 500 records into 'sbtest_10M_3'",
                "Creating a secondary index on 'sbtest_10M_3'...", "Prewarming table sbtest_10M_3",
                "Dropping table 'sbtest_10M_3'..."), logging.said, "sysbench's words for each step");
        IllegalArgumentException two = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> workload(new OltpWorkloadFactory.ReadWrite(), "table-name", "t", "tables", "2"));
        assertTrue(two.getMessage().contains("--table-name names one table"), two.getMessage());
    }

    /**
     * bulk_insert.lua: a table per thread, every event's row in it when the sessions have closed (the last INSERT is
     * sent as a session closes, by either driver), the ids going on.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"wire", "mariadb"})
    void bulkInsertFillsEachThreadsTableWithOneRowPerEvent(String driver) throws Exception {
        Workload w = workload(new BulkInsertWorkload.Factory(), "driver", driver);
        benchkit.spi.PrepareContext two = () -> 2;
        w.cleanup(target, two);
        w.prepare(target, two);
        assertEquals(2, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='sbtest' AND table_name IN "
                + "('sbtest1', 'sbtest2')"));
        for (int round = 1; round <= 2; round++) {     // a second trial goes on after the rows of the first
            CountingContext first = new CountingContext(0, 2);
            CountingContext second = new CountingContext(1, 2);
            try (Session s1 = w.openSession(target, first); Session s2 = w.openSession(target, second)) {
                for (int i = 0; i < 70_000; i++) {
                    assertEquals(Outcome.OK, s1.execute());
                }
                assertEquals(Outcome.OK, s2.execute());
            }
            assertEquals(70_000L * round, scalar("SELECT COUNT(*) FROM sbtest1"));
            assertEquals(70_000L * round, scalar("SELECT MAX(id) FROM sbtest1"));
            assertEquals(round, scalar("SELECT COUNT(*) FROM sbtest2"));
            assertTrue(first.writes >= 2, "full INSERTs and the rest at close: " + first.writes);
            assertEquals(0, first.reads + first.others);
        }
        w.cleanup(target, two);
        assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='sbtest' AND table_name IN "
                + "('sbtest1', 'sbtest2')"));
    }

    @Test
    void prepareByInsertWhenTheServerRefusesLocalInfileGivesTheSameTables() throws Exception {
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL local_infile = 0");
        }
        try {
            Workload w = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "2", "table-size", "12345", "auto-inc", "off");
            w.cleanup(target);
            CountingContext ctx = new CountingContext(0, 2);
            w.prepare(target, ctx);
            assertTrue(w.isPrepared(target));
            for (int t = 1; t <= 2; t++) {
                String tbl = "sbtest" + t;
                assertEquals(12345, scalar("SELECT COUNT(*) FROM " + tbl));
                assertEquals(12345, scalar("SELECT COUNT(DISTINCT id) FROM " + tbl + " WHERE id BETWEEN 1 AND 12345"));
                assertEquals(12345, scalar("SELECT COUNT(*) FROM " + tbl + " WHERE c REGEXP '^([0-9]{11}-){9}[0-9]{11}$' AND pad REGEXP '^([0-9]{11}-){4}[0-9]{11}$'"));
                assertEquals(1, scalar("SELECT COUNT(DISTINCT index_name) FROM information_schema.statistics WHERE table_schema='sbtest' AND table_name='" + tbl + "' AND index_name='k_" + t + "'"));
                assertEquals(12345L, ctx.progress.get(tbl));
            }
            w.cleanup(target);
        } finally {
            try (Connection c = admin(); Statement s = c.createStatement()) {
                s.execute("SET GLOBAL local_infile = 1");
            }
        }
    }

    @Test
    void prepareReportsProgressPerBatchAndFinishesLast() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "30000");
        w.cleanup(target);
        List<long[]> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        List<String> commits = java.util.Collections.synchronizedList(new ArrayList<>());
        w.prepare(target, new benchkit.spi.PrepareContext() {
            @Override
            public int threads() {
                return 1;
            }

            @Override
            public void progress(String unit, long done, long total) {
                calls.add(new long[] {done, total});
            }

            @Override
            public void committing(String unit, long rows) {
                commits.add("committing " + rows + " after " + calls.size());
            }

            @Override
            public void committed(String unit, long rows) {
                commits.add("committed " + rows + " after " + calls.size());
            }
        });
        assertTrue(calls.size() >= 4, "progress while loading, not only at the end: " + calls.size());
        for (int i = 0; i < calls.size(); i++) {
            assertEquals(30000, calls.get(i)[1]);
            assertTrue(i == 0 || calls.get(i)[0] >= calls.get(i - 1)[0], "done never goes back");
            assertEquals(i == calls.size() - 1, calls.get(i)[0] == 30000, "only the last call says done");
        }
        // what a prepare stopped short says is kept (DataStepWatch): none at first, then all rows committed before the
        // table is done, each commit said to be under way first (LOAD DATA: one transaction)
        assertEquals(List.of("committed 0 after 1", "committing 30000 after " + (calls.size() - 2),
                "committed 30000 after " + (calls.size() - 2)), commits);
        assertEquals(30000, scalar("SELECT COUNT(*) FROM sbtest1"));
        w.cleanup(target);
    }

    @Test
    void allScriptsRunAndCountQueriesAsSysbench() throws Exception {
        Workload prep = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "2", "table-size", "1000");
        if (!prep.isPrepared(target)) {
            prep.prepare(target, new CountingContext(0, 2));
        }
        // {events' reads, writes, others} per event for each script with default options.
        Object[][] cases = {
                {new OltpWorkloadFactory.PointSelect(), 1, 0, 0},
                {new OltpWorkloadFactory.ReadOnly(), 14, 0, 2},
                {new OltpWorkloadFactory.ReadWrite(), 14, 4, 2},
                {new OltpWorkloadFactory.WriteOnly(), 0, 4, 2},
                {new OltpWorkloadFactory.UpdateIndex(), 0, 1, 0},
                {new OltpWorkloadFactory.UpdateNonIndex(), 0, 1, 0},
                {new OltpWorkloadFactory.Delete(), 0, 1, 0},
                {new OltpWorkloadFactory.Insert(), 0, 1, 0},
        };
        for (Object[] c : cases) {
            WorkloadFactory f = (WorkloadFactory) c[0];
            for (String driver : List.of("mariadb", "mysql")) {
                Workload w = workload(f, "tables", "2", "table-size", "1000", "driver", driver);
                CountingContext ctx = new CountingContext(0, 1);
                try (Session s = w.openSession(target, ctx)) {
                    for (int i = 0; i < 20; i++) {
                        assertEquals(Outcome.OK, s.execute(), f.name());
                    }
                }
                assertEquals(20L * (int) c[1], ctx.reads, f.name() + " reads with " + driver);
                assertEquals(20L * (int) c[2], ctx.writes, f.name() + " writes with " + driver);
                assertEquals(20L * (int) c[3], ctx.others, f.name() + " others with " + driver);
            }
        }
    }

    @Test
    void withPreparedStatementsDisabledEveryQueryGoesAsTextAndCountsTheSame() throws Exception {
        Workload prep = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "2", "table-size", "1000");
        if (!prep.isPrepared(target)) {
            prep.prepare(target, new CountingContext(0, 2));
        }
        for (String driver : List.of("wire", "mariadb")) {
            Workload w = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "2", "table-size", "1000", "driver", driver,
                    "db-ps-mode", "disable");
            CountingContext ctx = new CountingContext(0, 1);
            long executed = scalar("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME='COM_STMT_EXECUTE'");
            long selects = scalar("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME='COM_SELECT'");
            try (Session s = w.openSession(target, ctx)) {
                for (int i = 0; i < 20; i++) {
                    assertEquals(Outcome.OK, s.execute(), driver);
                }
            }
            assertEquals(20L * 14, ctx.reads, driver);
            assertEquals(20L * 4, ctx.writes, driver);
            // nothing prepared: the server executed no statement, and saw every read as a text SELECT (the two
            // status reads above are SELECTs too)
            assertEquals(executed, scalar("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE "
                    + "VARIABLE_NAME='COM_STMT_EXECUTE'"), driver);
            assertEquals(selects + 2 + 20L * 14, scalar("SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE "
                    + "VARIABLE_NAME='COM_SELECT'"), driver);
        }
    }

    @Test
    void selectRandomPointsAndRangesRunOnOneTable() throws Exception {
        for (WorkloadFactory f : List.of(new OltpWorkloadFactory.SelectRandomPoints(), new OltpWorkloadFactory.SelectRandomRanges())) {
            Workload w = workload(f, "tables", "1", "table-size", "1000");
            if (!w.isPrepared(target)) {
                w.prepare(target, new CountingContext(0, 1));
            }
            CountingContext ctx = new CountingContext(1, 4);
            try (Session s = w.openSession(target, ctx)) {
                for (int i = 0; i < 10; i++) {
                    assertEquals(Outcome.OK, s.execute());
                }
            }
            assertEquals(10, ctx.reads);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> workload(f, "tables", "2").prepare(target, new CountingContext(0, 1)));
            assertTrue(e.getMessage().contains("--tables > 1"), e.getMessage());
        }
    }

    @Test
    void insertWithoutAutoIncStartsEmptyAndUsesUniqueIds() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.Insert(), "tables", "1", "table-size", "1000", "auto-inc", "off");
        w.cleanup(target);
        w.prepare(target, new CountingContext(0, 1));
        assertTrue(w.isPrepared(target));
        assertEquals(0, scalar("SELECT COUNT(*) FROM sbtest1"));
        CountingContext a = new CountingContext(0, 2);
        CountingContext b = new CountingContext(1, 2);
        try (Session s1 = w.openSession(target, a); Session s2 = w.openSession(target, b)) {
            for (int i = 0; i < 100; i++) {
                assertEquals(Outcome.OK, s1.execute());
                assertEquals(Outcome.OK, s2.execute());
            }
        }
        assertEquals(200, a.writes + b.writes);
        assertEquals(200, scalar("SELECT COUNT(DISTINCT id) FROM sbtest1"));
        assertEquals(0, scalar("SELECT COUNT(*) FROM sbtest1 WHERE k NOT BETWEEN 1 AND 1000"));
        w.cleanup(target);
    }

    @Test
    void secondaryKeyInPlaceOfPrimaryKey() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "1", "table-size", "500", "secondary", "on", "auto-inc", "off");
        w.cleanup(target);
        w.prepare(target, new CountingContext(0, 1));
        assertTrue(w.isPrepared(target));
        assertEquals(0, scalar("SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema='sbtest' AND table_name='sbtest1' AND index_name='PRIMARY'"));
        assertEquals(1, scalar("SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema='sbtest' AND table_name='sbtest1' AND index_name='xid'"));
        assertEquals(500, scalar("SELECT MAX(id) FROM sbtest1"));
        try (Session s = w.openSession(target, new CountingContext(0, 1))) {
            for (int i = 0; i < 10; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        w.cleanup(target);
    }

    @Test
    void pointSelectOverUnixSocket() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "1000", "transport", "socket");
        if (!w.isPrepared(target)) {
            w.prepare(target, new CountingContext(0, 1));
        }
        CountingContext ctx = new CountingContext(0, 1);
        try (Session s = w.openSession(target, ctx)) {
            assertEquals(Outcome.OK, s.execute());
        }
        assertEquals(1, ctx.reads);
        // The server shows a socket client as "localhost", a TCP one as "host:port"..
        String sql = "SELECT host FROM information_schema.processlist WHERE id = CONNECTION_ID()";
        try (Connection c = ScriptSessions.resolve("t", target, "auto", "socket").open(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            assertEquals("localhost", rs.getString(1));
            // JNA is on this class path too (core needs it), and the driver would read through it
            assertEquals(DriverSocket.CHANNEL_SOCKET, DriverSocket.className(c));
        }
        try (Connection c = ScriptSessions.resolve("t", target, "mariadb", "tcp").open(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            assertTrue(rs.getString(1).contains(":"), rs.getString(1));
            assertEquals(DriverSocket.CHANNEL_SOCKET, DriverSocket.className(c));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ScriptSessions.resolve("t", target, "mysql", "socket"));
        assertTrue(e.getMessage().contains("--driver=mariadb"), e.getMessage());
    }

    @Test
    void errorsAreIgnoredRetriedOrReportedOnOneLine() throws Exception {
        Workload prep = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "1000");
        if (!prep.isPrepared(target)) {
            prep.prepare(target, new CountingContext(0, 1));
        }
        // A lost connection: the session reconnects and asks for a retry, then works again (every client, in and out of a transaction).
        for (String driver : List.of("mariadb", "mysql", "wire")) {
            for (WorkloadFactory f : List.<WorkloadFactory>of(new OltpWorkloadFactory.PointSelect(), new OltpWorkloadFactory.ReadWrite())) {
                Workload w = workload(f, "tables", "1", "table-size", "1000", "driver", driver);
                try (Session s = w.openSession(target, new CountingContext(0, 1))) {
                    assertEquals(Outcome.OK, s.execute());
                    killOtherBenchConnections();
                    assertEquals(Outcome.RETRY, s.execute(), f.name() + " with " + driver);
                    assertEquals(Outcome.OK, s.execute());
                }
            }
        }
        // Missing table (1146): ignored when listed, a one-line error otherwise.
        for (String driver : List.of("mariadb", "wire")) {
            missingTableIsIgnoredOrReported(driver);
        }
    }

    private static void missingTableIsIgnoredOrReported(String driver) throws Exception {
        Workload ignoring = workload(new OltpWorkloadFactory.ReadOnly(), "tables", "1", "table-size", "1000",
                "mysql-ignore-errors", "1146", "driver", driver);
        Workload strict = workload(new OltpWorkloadFactory.ReadOnly(), "tables", "1", "table-size", "1000", "driver", driver);
        try (Session quiet = ignoring.openSession(target, new CountingContext(0, 1));
             Session loud = strict.openSession(target, new CountingContext(0, 1))) {
            try (Connection c = admin(); Statement st = c.createStatement()) {
                st.execute("CREATE TABLE sbtest9 LIKE sbtest1");
                st.execute("RENAME TABLE sbtest1 TO sbtest_hidden, sbtest9 TO sbtest1");
                st.execute("DROP TABLE sbtest1");
            }
            try {
                assertEquals(Outcome.IGNORED_ERROR, quiet.execute(), driver);
                IllegalStateException e = assertThrows(IllegalStateException.class, loud::execute);
                assertTrue(e.getMessage().startsWith("oltp-read-only: SQL error 1146"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"));
                assertFalse(e.getMessage().contains(server.password()));
            } finally {
                try (Connection c = admin(); Statement st = c.createStatement()) {
                    st.execute("RENAME TABLE sbtest_hidden TO sbtest1");
                }
            }
        }
    }

    private static void killOtherBenchConnections() throws SQLException {
        try (Connection c = admin(); Statement s = c.createStatement()) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT id FROM information_schema.processlist WHERE user='bench' AND id <> CONNECTION_ID()")) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            for (long id : ids) {
                s.execute("KILL " + id);
            }
        }
    }

    @Test
    void tablesPreparedBySysbenchAreAcceptedAndRun() throws Exception {
        server.sysbench("oltp_point_select", "--tables=2", "--table-size=1000", "cleanup");
        MariaDbServer.SysbenchResult r = server.sysbench("oltp_point_select", "--tables=2", "--table-size=1000", "prepare");
        assertEquals(0, r.exitCode(), r.output());
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "2", "table-size", "1000");
        assertTrue(w.isPrepared(target));
        assertFalse(workload(new OltpWorkloadFactory.PointSelect(), "tables", "2", "table-size", "1001").isPrepared(target));
        assertFalse(workload(new OltpWorkloadFactory.PointSelect(), "tables", "3", "table-size", "1000").isPrepared(target));
        CountingContext ctx = new CountingContext(0, 1);
        try (Session s = w.openSession(target, ctx)) {
            for (int i = 0; i < 100; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        assertEquals(100, ctx.reads);
        w.cleanup(target);
    }

    /** A later oltp_insert writes the ids sysbench's would: prepare leaves the table's next id where sysbench does. */
    @Test
    void preparedTablesGoOnFromTheSameAutoIncrementAsSysbenchs() throws Exception {
        server.sysbench("oltp_point_select", "--tables=1", "--table-size=10000", "cleanup");
        MariaDbServer.SysbenchResult r = server.sysbench("oltp_point_select", "--tables=1", "--table-size=10000", "prepare");
        assertEquals(0, r.exitCode(), r.output());
        long sysbenchNext = nextAutoIncrement();
        server.sysbench("oltp_point_select", "--tables=1", "--table-size=10000", "cleanup");
        Workload w = workload(new OltpWorkloadFactory.PointSelect(), "tables", "1", "table-size", "10000");
        w.prepare(target, new CountingContext(0, 1));
        try {
            assertEquals(10001, sysbenchNext, "sysbench 1.0.20's multi-row INSERTs");
            assertEquals(sysbenchNext, nextAutoIncrement(), "bench's prepare (LOAD DATA reserves ids in blocks)");
        } finally {
            w.cleanup(target);
        }
    }

    private static long nextAutoIncrement() throws SQLException {
        try (Connection c = admin(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW CREATE TABLE sbtest1")) {
            rs.next();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("AUTO_INCREMENT=(\\d+)").matcher(rs.getString(2));
            assertTrue(m.find(), rs.getString(2));
            return Long.parseLong(m.group(1));
        }
    }

    @Test
    void tablesPreparedByUsRunUnderSysbench() throws Exception {
        Workload w = workload(new OltpWorkloadFactory.ReadOnly(), "tables", "2", "table-size", "1000");
        w.cleanup(target);
        w.prepare(target, new CountingContext(0, 2));
        MariaDbServer.SysbenchResult r = server.sysbench("oltp_read_only", "--tables=2", "--table-size=1000", "--time=2", "--threads=2", "run");
        assertEquals(0, r.exitCode(), r.output());
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("transactions:\\s+(\\d+)").matcher(r.output());
        assertTrue(m.find(), r.output());
        assertTrue(Long.parseLong(m.group(1)) > 0, r.output());
        assertFalse(r.output().contains("FATAL"), r.output());
    }
}

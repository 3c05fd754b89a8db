package benchkit.sysbench;

import benchkit.testing.CountingContext;
import benchkit.mysql.script.ScriptSessions;
import benchkit.spi.Outcome;
import benchkit.spi.PolledSession;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import benchkit.mysql.wire.ParamType;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.mysql.wire.WireStatement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static benchkit.sysbench.TestWorkloads.workload;

/** bench's own protocol client (--driver wire) against a real mariadbd, user with a password, over TCP and the socket. */
@org.junit.jupiter.api.Timeout(300)
class WireClientTest {
    private static MariaDbServer server;
    private static Target target;

    @BeforeAll
    static void startServer() throws Exception {
        server = MariaDbServer.start();
        target = server.target();
        Workload w = workload(new OltpWorkloadFactory.ReadWrite(), "tables", "2", "table-size", "1000");
        w.prepare(target, new CountingContext(0, 1));
    }

    @AfterAll
    static void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    private static WireConnection open(Target t, String transport) throws Exception {
        return ScriptSessions.resolve("t", t, "wire", transport).openWire();
    }

    @Test
    void logsInPreparesAndCountsRowsOverTcpAndTheSocket() throws Exception {
        for (String transport : List.of("tcp", "socket")) {
            try (WireConnection c = open(target, transport)) {
                WireStatement point = c.prepare("SELECT c FROM sbtest1 WHERE id=?", ParamType.INT);
                point.setInt(0, 7);
                c.execute(point);
                c.awaitReply();
                assertNull(c.error(), transport);
                assertEquals(1, c.rows(), transport);

                WireStatement range = c.prepare("SELECT c FROM sbtest2 WHERE id BETWEEN ? AND ? ORDER BY c",
                        ParamType.INT, ParamType.INT);
                range.setInt(0, 101);
                range.setInt(1, 200);
                c.execute(range);
                c.awaitReply();
                assertEquals(100, c.rows());

                WireStatement update = c.prepare("UPDATE sbtest1 SET c=? WHERE id=?", ParamType.STRING, ParamType.INT);
                update.setString(0, "x".repeat(120));
                update.setInt(1, 7);
                c.execute(update);
                c.awaitReply();
                assertNull(c.error());
                c.execute(point);
                c.awaitReply();
                assertEquals(1, c.rows());

                c.query("SELECT * FROM no_such_table");
                c.awaitReply();
                assertEquals(1146, c.error().code());
                assertEquals("42S02", c.error().sqlState());
                c.query("BEGIN");
                c.awaitReply();
                assertNull(c.error(), "the connection works on after an error");
                WireError e = assertThrows(WireError.class, () -> c.prepare("SELECT nothing FROM sbtest1"));
                assertEquals(1054, e.code());
            }
        }
        try (java.sql.Connection c = ScriptSessions.resolve("t", target, "mariadb", "tcp").open();
             java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT c FROM sbtest1 WHERE id=7")) {
            rs.next();
            assertEquals("x".repeat(120), rs.getString(1), "the update's string arrived whole");
        }
    }

    /**
     * MariaDB caches a statement's result set metadata for the connection, as libmariadb (sysbench's client library)
     * asks: an execution's reply says whether the columns follow, and they do again once the table changed.
     */
    @Test
    void theServerCachesMetadataAndSendsItAgainWhenTheColumnsChange() throws Exception {
        try (WireConnection c = open(target, "tcp")) {
            assertTrue(c.metadataCached(), "MariaDB 10.6 and later offer MARIADB_CLIENT_CACHE_METADATA");
            c.query("CREATE TABLE cached_meta (id INT PRIMARY KEY, a INT)");
            c.awaitReply();
            c.query("INSERT INTO cached_meta VALUES (1, 10), (2, 20)");
            c.awaitReply();
            WireStatement all = c.prepare("SELECT * FROM cached_meta WHERE id <= ?", ParamType.INT);
            all.setInt(0, 2);
            int executions = 20;
            long none = bytesSentOver(c, all, 0);
            long perExecution = (bytesSentOver(c, all, executions) - none) / executions;
            // count, EOF, two rows of two INTs, EOF: 52 bytes; the two column definitions and their EOF would add ~120
            assertTrue(perExecution < 80, "bytes the server sent per execution: " + perExecution);

            c.query("ALTER TABLE cached_meta ADD COLUMN b VARCHAR(10) DEFAULT 'x'");
            c.awaitReply();
            assertNull(c.error());
            for (int i = 0; i < 2; i++) {   // three columns now: the first reply carries them; rows are counted right
                c.execute(all);
                c.awaitReply();
                assertNull(c.error());
                assertEquals(2, c.rows());
            }
            c.query("DROP TABLE cached_meta");
            c.awaitReply();
        }
    }

    /** COM_STMT_CLOSE deallocates the statement on the server, as sysbench's threads do when they end. */
    @Test
    void aClosedStatementIsGoneFromTheServer() throws Exception {
        try (WireConnection c = open(target, "tcp")) {
            WireStatement point = c.prepare("SELECT c FROM sbtest1 WHERE id=?", ParamType.INT);
            point.setInt(0, 3);
            c.closeStatement(point);
            c.execute(point);
            c.awaitReply();
            assertEquals(1243, c.error().code(), "unknown prepared statement handler");
        }
    }

    @Test
    void aTextQueryKeepsItsRowsAsTextAndAnOkItsAffectedRows() throws Exception {
        try (WireConnection c = open(target, "tcp")) {
            c.ownThread();
            c.query("SELECT id, NULL, 'ü', 2.5 FROM sbtest1 WHERE id IN (1, 2) ORDER BY id", true);
            c.awaitReply();
            assertNull(c.error());
            assertTrue(c.hadResultSet());
            assertEquals(4, c.columns());
            assertEquals(2, c.rows());
            assertArrayEquals(new String[] {"2", null, "ü", "2.5"}, c.values().get(1), "NULL is null");
            c.query("UPDATE sbtest1 SET k = k WHERE id <= 3", false);
            c.awaitReply();
            assertFalse(c.hadResultSet());
            assertEquals(0, c.affectedRows(), "nothing changed");
            c.query("UPDATE sbtest1 SET k = k + 1 WHERE id <= 3", false);
            c.awaitReply();
            assertEquals(3, c.affectedRows());
            assertEquals(List.of(), c.values(), "values only when asked");
        }
    }

    @Test
    void aStatementPreparedWithoutTypesTakesThemLaterWithDoublesAndNulls() throws Exception {
        try (WireConnection c = open(target, "socket")) {
            c.ownThread();
            run(c, "CREATE TEMPORARY TABLE typed (d DOUBLE, s VARCHAR(10), n BIGINT)");
            WireStatement s = c.prepareUntyped("INSERT INTO typed VALUES (?, ?, ?)");
            assertEquals(3, s.parameterCount());
            assertThrows(IllegalStateException.class, () -> s.setLong(0, 1), "no types yet");
            s.bind(ParamType.DOUBLE, ParamType.STRING, ParamType.LONG);
            s.setDouble(0, 10.5);
            s.setNull(1);
            s.setLong(2, 7);
            c.execute(s);
            c.awaitReply();
            assertNull(c.error());
            assertEquals(1, c.affectedRows());
            // bound again with other types: sent again, and the server takes them
            s.bind(ParamType.LONG, ParamType.STRING, ParamType.LONG);
            s.setLong(0, 3);
            s.setString(1, "s");
            s.setNull(2);
            c.execute(s);
            c.awaitReply();
            assertNull(c.error());
            run(c, "SELECT d, s, n FROM typed ORDER BY d DESC");
            assertArrayEquals(new String[] {"10.5", null, "7"}, c.values().get(0));
            assertArrayEquals(new String[] {"3", "s", null}, c.values().get(1));
            assertThrows(IllegalArgumentException.class, () -> s.bind(ParamType.LONG));
        }
    }

    private static void run(WireConnection c, String sql) throws Exception {
        c.query(sql, true);
        c.awaitReply();
        assertNull(c.error());
    }

    /** The server's Bytes_sent over {@code executions} of {@code s} on {@code c} (and a status query's own reply). */
    private static long bytesSentOver(WireConnection c, WireStatement s, int executions) throws Exception {
        try (java.sql.Connection j = ScriptSessions.resolve("t", target, "mariadb", "tcp").open();
             java.sql.Statement st = j.createStatement()) {
            long before = bytesSent(st);
            for (int i = 0; i < executions; i++) {
                c.execute(s);
                c.awaitReply();
                assertNull(c.error());
                assertEquals(2, c.rows());
            }
            return bytesSent(st) - before;
        }
    }

    private static long bytesSent(java.sql.Statement st) throws java.sql.SQLException {
        try (java.sql.ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE 'Bytes_sent'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    @Test
    void aWrongPasswordIsTheServersAccessDenied() {
        Target wrong = target.toBuilder().password("not-" + server.password()).build();
        for (String transport : List.of("tcp", "socket")) {
            WireError e = assertThrows(WireError.class, () -> open(wrong, transport).close());
            assertEquals(1045, e.code(), e.getMessage());
            assertFalse(e.getMessage().contains(server.password()));
        }
    }

    @Test
    void requestsLargerThanTheFirstBufferAreSentWhole() throws Exception {
        try (WireConnection c = open(target, "tcp")) {
            int n = 6000;    // e.g. --random-points 6000: 6000 parameters, about 36 kB to execute
            ParamType[] types = new ParamType[n];
            java.util.Arrays.fill(types, ParamType.INT);
            WireStatement s = c.prepare("SELECT 1 FROM DUAL WHERE 7 IN (" + "?, ".repeat(n - 1) + "?)", types);
            for (int i = 0; i < n; i++) {
                s.setInt(i, i == n - 1 ? 7 : -1 - i);    // only the last parameter matches
            }
            c.execute(s);
            c.awaitReply();
            assertNull(c.error());
            assertEquals(1, c.rows(), "the last parameter matched, so every parameter arrived");

            c.query("SELECT '" + "x".repeat(40_000) + "'");
            c.awaitReply();
            assertNull(c.error());
            assertEquals(1, c.rows());
        }
    }

    @Test
    void everyScriptCountsAsTheJdbcSessionDoes() throws Exception {
        List<WorkloadFactory> scripts = List.of(new OltpWorkloadFactory.PointSelect(), new OltpWorkloadFactory.ReadOnly(),
                new OltpWorkloadFactory.ReadWrite(), new OltpWorkloadFactory.WriteOnly(), new OltpWorkloadFactory.UpdateIndex(),
                new OltpWorkloadFactory.UpdateNonIndex(), new OltpWorkloadFactory.Delete(), new OltpWorkloadFactory.Insert(),
                new OltpWorkloadFactory.SelectRandomPoints(), new OltpWorkloadFactory.SelectRandomRanges());
        for (WorkloadFactory f : scripts) {
            long[] jdbc = run(workload(f, "tables", "2", "table-size", "1000", "driver", "mariadb"));
            for (String transport : List.of("tcp", "socket")) {   // TCP reads block, socket reads poll
                long[] wire = run(workload(f, "tables", "2", "table-size", "1000", "driver", "wire", "transport", transport));
                assertEquals(List.of(jdbc[0], jdbc[1], jdbc[2]), List.of(wire[0], wire[1], wire[2]),
                        f.name() + " over " + transport + ": reads, writes, others");
                assertTrue(wire[0] + wire[1] > 0, f.name());
            }
        }
    }

    @Test
    void insertOverWireAddsOneRowPerEvent() throws Exception {
        ScriptSessions jdbc = ScriptSessions.resolve("t", target, "mariadb", "tcp");
        long before = rows(jdbc);
        run(workload(new OltpWorkloadFactory.Insert(), "tables", "2", "table-size", "1000", "driver", "wire"));
        assertEquals(before + 25, rows(jdbc));
    }

    private static long rows(ScriptSessions c) throws Exception {
        try (java.sql.Connection conn = c.open();
             java.sql.ResultSet rs = conn.createStatement().executeQuery(
                     "SELECT (SELECT count(*) FROM sbtest1) + (SELECT count(*) FROM sbtest2)")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void autoUsesMariaDbConnectorWhenTheUserLogsInWithAPluginWireDoesNotSpeak() throws Exception {
        String password = "ed-" + server.password();
        try (java.sql.Connection c = ScriptSessions.resolve("t", target, "mariadb", "tcp").open();
             java.sql.Statement s = c.createStatement()) {
            s.execute("INSTALL SONAME 'auth_ed25519'");
            for (String host : List.of("127.0.0.1", "localhost")) {
                s.execute("CREATE USER 'ed'@'" + host + "' IDENTIFIED VIA ed25519 USING PASSWORD('" + password + "')");
                s.execute("GRANT ALL ON sbtest.* TO 'ed'@'" + host + "'");
            }
        }
        Target ed = target.toBuilder().user("ed").password(password).build();
        Workload auto = workload(new OltpWorkloadFactory.PointSelect(), "tables", "2", "table-size", "1000");
        try (Session bench = auto.openSession(target, new CountingContext(0, 1));
             Session edSession = auto.openSession(ed, new CountingContext(0, 1))) {
            assertTrue(bench instanceof PolledSession, "auto with mysql_native_password: the wire client");
            assertFalse(edSession instanceof PolledSession, "auto with ed25519: MariaDB Connector/J");
            assertEquals(Outcome.OK, edSession.execute());
        }
        Workload wire = workload(new OltpWorkloadFactory.PointSelect(), "tables", "2", "table-size", "1000", "driver", "wire");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.openSession(ed, new CountingContext(0, 1)));
        assertTrue(e.getMessage().contains("the user logs in with client_ed25519, which --driver wire does not speak"), e.getMessage());
        assertFalse(e.getMessage().contains(password));
    }

    /** 25 events, each OK; the queries counted by kind. */
    private static long[] run(Workload w) throws Exception {
        CountingContext ctx = new CountingContext(0, 1);
        try (Session s = w.openSession(target, ctx)) {
            for (int i = 0; i < 25; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        return new long[]{ctx.reads, ctx.writes, ctx.others};
    }
}

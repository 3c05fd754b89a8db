package benchkit.sql;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.testing.ThrowawayMariadb;

import benchkit.mysql.socket.DriverSocket;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sql workload against a private mariadbd. */
class SqlWorkloadTest {
    private static ThrowawayMariadb server;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        server = ThrowawayMariadb.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void isFoundByServiceLoader() {
        List<String> names = new ArrayList<>();
        ServiceLoader.load(WorkloadFactory.class).forEach(f -> names.add(f.name()));
        assertTrue(names.contains("sql"), names.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "wire"})
    void theExampleScriptPreparesRunsCountsAndCleansUp(String driver) throws Exception {
        Target target = tcp("kvtest");
        Workload w = new SqlWorkloadFactory().create(Map.of("script", ScriptParserTest.KV.toString(), "driver", driver));
        assertFalse(w.isPrepared(target), "no database yet");
        w.prepare(target, () -> 1);
        assertTrue(w.isPrepared(target));
        assertEquals(10000, count("SELECT COUNT(*) FROM kvtest.kv"));
        assertEquals(10000, count("SELECT COUNT(DISTINCT id) FROM kvtest.kv WHERE id BETWEEN 1 AND 10000"));

        int perThread = 2500;
        Counter[] counters = {new Counter(0, 2), new Counter(1, 2)};
        List<Session> sessions = List.of(w.openSession(target, counters[0]), w.openSession(target, counters[1]));
        for (int i = 0; i < perThread; i++) {
            for (Session s : sessions) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        for (Session s : sessions) {
            s.close();
        }
        long reads = counters[0].reads + counters[1].reads;
        long writes = counters[0].writes + counters[1].writes;
        long others = counters[0].others + counters[1].others;
        // get = 1 read; put = 1 write; hit = BEGIN + 1 read + 1 write + COMMIT.
        long hits = others / 2;
        long puts = writes - hits;
        long gets = reads - hits;
        int events = 2 * perThread;
        assertEquals(0, others % 2);
        assertEquals(events, gets + puts + hits);
        assertEquals(0.8, gets / (double) events, 0.03, "weight 8 of 10");
        assertEquals(0.1, puts / (double) events, 0.025, "weight 1 of 10");
        assertEquals(hits, count("SELECT SUM(hits) FROM kvtest.kv"), "every hit event's UPDATE reached the server");
        // each event is its kind: its own throughput and latency in a run's results
        assertEquals(List.of("get", "put", "hit"), w.eventKinds());
        assertEquals(List.of(gets, puts, hits), List.of(counters[0].kinds[0] + counters[1].kinds[0],
                counters[0].kinds[1] + counters[1].kinds[1], counters[0].kinds[2] + counters[1].kinds[2]));

        w.cleanup(target);
        assertFalse(w.isPrepared(target));
        assertEquals(0, count("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'kvtest'"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "wire"})
    void ignoredErrorsRollBackAndOthersNameTheStatement(String driver) throws Exception {
        Path script = dir.resolve("dup.sql");
        Files.writeString(script, """
                -- @prepare
                CREATE TABLE IF NOT EXISTS t (id INT PRIMARY KEY);
                -- @cleanup
                DROP TABLE t;
                -- @event dup
                -- @param uniform 7 7
                INSERT INTO t VALUES (?);
                """);
        Target target = tcp("duptest");
        Workload ignoring = new SqlWorkloadFactory().create(Map.of("script", script.toString(), "ignore-errors", "1062",
                "driver", driver));
        ignoring.prepare(target, () -> 1);
        Counter counter = new Counter(0, 1);
        try (Session s = ignoring.openSession(target, counter)) {
            assertEquals(Outcome.OK, s.execute());
            assertEquals(Outcome.IGNORED_ERROR, s.execute());
            assertEquals(Outcome.IGNORED_ERROR, s.execute());
        }
        assertEquals(1, counter.writes, "the one insert that succeeded");
        assertEquals(2, counter.others, "the ROLLBACK after each ignored error, outside any BEGIN too");
        Workload strict = new SqlWorkloadFactory().create(Map.of("script", script.toString(), "ignore-errors", "none",
                "driver", driver));
        try (Session s = strict.openSession(target, new Counter(0, 1))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, s::execute);
            assertTrue(e.getMessage().startsWith("sql: event dup, statement at dup.sql:7: SQL error 1062"), e.getMessage());
        }
        strict.cleanup(target);
    }

    @Test
    void aStatementTheServerRejectsEndsTheRunNamingItsLine() throws Exception {
        Path script = dir.resolve("missing.sql");
        Files.writeString(script, "-- @event e\n-- @param uniform 1 2\nSELECT * FROM no_such_table WHERE id = ?;\n");
        Target target = tcp("mysql");
        Workload w = new SqlWorkloadFactory().create(Map.of("script", script.toString()));
        // Connector/J prepares on first use, so the server's verdict comes with the first event.
        try (Session s = w.openSession(target, new Counter(0, 1))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, s::execute);
            assertTrue(e.getMessage().startsWith("sql: event e, statement at missing.sql:3: SQL error 1146"),
                    e.getMessage());
        }
        // bench's wire client prepares when it connects
        Workload wire = new SqlWorkloadFactory().create(Map.of("script", script.toString(), "driver", "wire"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> wire.openSession(target, new Counter(0, 1)));
        assertTrue(e.getMessage().startsWith("sql: cannot prepare the statement at missing.sql:3: SQL error 1146"),
                e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "wire"})
    void textAndNumbersReachTheServerAsTheyAre(String driver) throws Exception {
        Files.writeString(dir.resolve("words.csv"), "word\nnaïve café\n日本語\nplain\n");
        Path script = dir.resolve("words.sql");
        Files.writeString(script, """
                -- @prepare
                CREATE TABLE IF NOT EXISTS w (id BIGINT PRIMARY KEY, word VARCHAR(40) CHARACTER SET utf8mb4);
                -- @cleanup
                DROP TABLE w;
                -- @event put
                -- @param seq 5000000000
                -- @param csv words.csv word
                INSERT INTO w VALUES (?, ?);
                """);
        Target target = tcp("wordtest");
        Workload w = new SqlWorkloadFactory().create(Map.of("script", script.toString(), "driver", driver));
        w.prepare(target, () -> 1);
        try (Session s = w.openSession(target, new Counter(0, 1))) {
            for (int i = 0; i < 60; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        assertEquals(60, count("SELECT COUNT(*) FROM wordtest.w WHERE id BETWEEN 5000000000 AND 5000000059"), "64-bit ids");
        try (Connection c = server.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT DISTINCT word FROM wordtest.w ORDER BY word")) {
            List<String> words = new ArrayList<>();
            while (rs.next()) {
                words.add(rs.getString(1));
            }
            assertEquals(List.of("naïve café", "plain", "日本語"), words);
        }
        w.cleanup(target);
    }

    @Test
    void aKilledConnectionIsReopenedAndTheEventRetried() throws Exception {
        Path script = dir.resolve("ping.sql");
        Files.writeString(script, "-- @event ping\nSELECT 1;\n");
        Target target = tcp("mysql");
        Workload w = new SqlWorkloadFactory().create(Map.of("script", script.toString()));
        try (Session s = w.openSession(target, new Counter(0, 1)); Connection admin = server.connect();
             Statement st = admin.createStatement()) {
            assertEquals(Outcome.OK, s.execute());
            List<Long> others = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT id FROM information_schema.processlist "
                    + "WHERE id <> CONNECTION_ID() AND command <> 'Daemon' AND user = 'root'")) {
                while (rs.next()) {
                    others.add(rs.getLong(1));
                }
            }
            assertEquals(1, others.size(), "the session's connection");
            st.execute("KILL " + others.get(0));
            assertEquals(Outcome.RETRY, s.execute());
            assertEquals(Outcome.OK, s.execute());
        }
    }

    @Test
    void runsOverTheUnixSocket() throws Exception {
        Path script = dir.resolve("who.sql");
        Files.writeString(script, "-- @event who\nSELECT 1;\n");
        Workload w = new SqlWorkloadFactory().create(Map.of("script", script.toString(), "transport", "socket"));
        try (Session s = w.openSession(viaSocket("mysql"), new Counter(0, 1)); Connection admin = server.connect();
             Statement st = admin.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.processlist "
                     + "WHERE id <> CONNECTION_ID() AND host = 'localhost'")) {
            assertEquals(Outcome.OK, s.execute());
            rs.next();
            assertEquals(1, rs.getInt(1), "one socket connection (TCP ones show 127.0.0.1:port)");
        }
        // JNA is on this class path too (core needs it), and the driver would read through it
        try (Connection c = SqlConnector.to(SqlEndpoint.of(viaSocket("mysql"), "socket", "sql")).openWithoutDatabase()) {
            assertEquals(DriverSocket.CHANNEL_SOCKET, DriverSocket.className(c));
        }
        try (Connection c = SqlConnector.to(SqlEndpoint.of(tcp("mysql"), "auto", "sql")).openWithoutDatabase()) {
            assertEquals(DriverSocket.CHANNEL_SOCKET, DriverSocket.className(c));
        }
        // auto takes the target's way in, as bench's for --mysql-socket alone asks for the socket
        Target asksForSocket = viaSocket("mysql").toBuilder().transport(Target.Transport.SOCKET).build();
        for (String transport : List.of("auto", "tcp")) {
            try (Connection c = SqlConnector.to(SqlEndpoint.of(asksForSocket, transport, "sql")).openWithoutDatabase(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT host FROM information_schema.processlist WHERE id = CONNECTION_ID()")) {
                rs.next();
                assertEquals(transport.equals("auto"), rs.getString(1).equals("localhost"), transport + ": " + rs.getString(1));
            }
        }
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> w.openSession(tcp("mysql"), new Counter(0, 1)));
        assertTrue(e.getMessage().startsWith("sql: --transport=socket needs a server with a unix socket;"), e.getMessage());
    }

    @Test
    void optionErrorsAreOneLine() {
        SqlWorkloadFactory f = new SqlWorkloadFactory();
        assertEquals("sql: option --script is required",
                assertThrows(InvalidOptionException.class, () -> f.create(Map.of())).getMessage());
        assertEquals("sql: --script=/nonexistent.sql is not a readable file",
                assertThrows(InvalidOptionException.class, () -> f.create(Map.of("script", "/nonexistent.sql"))).getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> f.create(Map.of("script",
                ScriptParserTest.KV.toString(), "ignore-errors", "deadlock"))).getMessage()
                .startsWith("sql: --ignore-errors=deadlock is not valid"));
    }

    private static long count(String sql) throws SQLException {
        try (Connection c = server.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Counts queries as the runner's per-thread counter does. */
    static final class Counter implements SessionContext, QueryCounter {
        final int thread;
        final int threads;
        long reads;
        long writes;
        long others;
        /** Events named of each kind, by index. */
        final long[] kinds = new long[3];

        Counter(int thread, int threads) {
            this.thread = thread;
            this.threads = threads;
        }

        @Override public int thread() { return thread; }

        @Override public int threads() { return threads; }

        @Override public QueryCounter queries() { return this; }

        @Override public void reads(int n) { reads += n; }

        @Override public void writes(int n) { writes += n; }

        @Override public void others(int n) { others += n; }

        @Override public void eventKind(int index) { kinds[index]++; }
    }

    /** The server over TCP only: without the socket, so socket transport has nothing to use. */
    private static Target tcp(String database) {
        return server.root().toBuilder().socket(null).database(database).build();
    }

    /** The same server with its unix socket. */
    private static Target viaSocket(String database) {
        return server.root().toBuilder().database(database).build();
    }
}

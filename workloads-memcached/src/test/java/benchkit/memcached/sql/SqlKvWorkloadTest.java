package benchkit.memcached.sql;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.core.plugin.PluginRegistry;
import benchkit.mysql.socket.DriverSocket;
import benchkit.testing.ThrowawayMariadb;
import benchkit.memcached.TestContexts;
import benchkit.memcached.TestContexts.Counting;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The SQL key-value baseline against a real throwaway mariadbd. */
class SqlKvWorkloadTest {
    private static ThrowawayMariadb mariadb;
    private static Target target;
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(ThrowawayMariadb.available(), "mariadb-server not installed (" + ThrowawayMariadb.MARIADBD + ")");
        mariadb = ThrowawayMariadb.start();
        target = mariadb.bench().toBuilder().socket(null).database("kvtest").build();    // TCP only
    }

    @AfterAll
    static void stop() throws Exception {
        if (mariadb != null) {
            long pid = mariadb.pid();
            mariadb.close();
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        }
    }

    private static Workload workload(String name, Map<String, String> options) {
        return REGISTRY.workload(name).create(options);
    }

    private static List<Counting> run(Workload w, int threads, int events) throws Exception {
        return TestContexts.run(w, target, threads, events);
    }

    private static long rows(String table) throws Exception {
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM `" + table + "`")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "wire"})
    void setsThenGetsHitEveryKey(String driver) throws Exception {
        String table = "kv_setget_" + driver;
        Map<String, String> opts = Map.of("keys", "400", "key-pattern", "sequential", "value-size", "100:0.5,3000:0.5",
                "table", table, "driver", driver);
        try (Workload set = workload("sql-kv-set", opts)) {
            assertFalse(set.isPrepared(target), "no table yet");
            set.prepare(target, TestContexts.prepare(2));
            assertTrue(set.isPrepared(target));
            for (Counting c : run(set, 4, 100)) {
                assertEquals(100, c.writes);
            }
        }
        assertEquals(400, rows(table));
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT LENGTH(v) FROM `" + table + "` ORDER BY 1")) {
            List<Integer> sizes = new java.util.ArrayList<>();
            while (rs.next()) {
                sizes.add(rs.getInt(1));
            }
            assertEquals(List.of(100, 3000), sizes, "the values arrive whole");
        }
        try (Workload get = workload("sql-kv-get", Map.of("keys", "400", "initial-load", "0", "table", table, "driver", driver))) {
            for (Counting c : run(get, 2, 300)) {
                assertEquals(300, c.reads);
                assertEquals(0, c.others);
            }
            get.cleanup(target);
            assertFalse(get.isPrepared(target), "cleanup drops the table");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mariadb", "wire"})
    void prepareLoadsAndMissesAreCounted(String driver) throws Exception {
        try (Workload get = workload("sql-kv-get", Map.of("keys", "1000", "initial-load", "250", "key-size", "64",
                "key-pattern", "sequential", "table", "kv_load_" + driver, "driver", driver))) {
            assertFalse(get.isPrepared(target));
            get.prepare(target, TestContexts.prepare(4));
            assertTrue(get.isPrepared(target));
            assertEquals(250, rows("kv_load_" + driver));
            Counting c = run(get, 1, 1000).get(0);
            assertEquals(250, c.reads);
            assertEquals(750, c.others);
        }
    }

    @Test
    void mixedWithFlushTruncatesThenLoads() throws Exception {
        try (Workload mixed = workload("sql-kv-mixed", Map.of("keys", "300", "initial-load", "100", "flush", "on",
                "ratio", "1:4", "table", "kv_mixed"))) {
            mixed.prepare(target, TestContexts.prepare(2));
            assertEquals(0, rows("kv_mixed"), "with --flush the load happens per trial");
            List<Counting> cs = run(mixed, 2, 500);
            long sets = cs.stream().mapToLong(c -> c.writes).sum();
            long gets = cs.stream().mapToLong(c -> c.reads + c.others).sum();
            assertEquals(1000, sets + gets);
            assertEquals(200, sets, 40, "about a fifth are sets");
            assertTrue(rows("kv_mixed") >= 100);
            mixed.cleanup(target);
        }
    }

    @Test
    void connectsThroughChannelSocketsOverTcpAndTheUnixSocket() throws Exception {
        String where = "SELECT host FROM information_schema.processlist WHERE id = CONNECTION_ID()";
        // JNA is on this class path too (core needs it), and the driver would read through it
        for (Target t : List.of(target, viaSocket())) {
            try (Connection c = SqlConnector.to(SqlEndpoint.of(t)).openWithoutDatabase(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(where)) {
                assertEquals(DriverSocket.CHANNEL_SOCKET, DriverSocket.className(c));
                rs.next();
                // the server shows a socket client as "localhost", a TCP one as "host:port"
                assertEquals(t.socket().isPresent(), "localhost".equals(rs.getString(1)), rs.getString(1));
            }
        }
        Map<String, String> opts = Map.of("keys", "50", "key-pattern", "sequential", "table", "kv_socket");
        Target socket = viaSocket();
        try (Workload set = workload("sql-kv-set", opts)) {
            set.prepare(socket, TestContexts.prepare(1));
            for (Counting c : TestContexts.run(set, socket, 2, 25)) {
                assertEquals(25, c.writes);
            }
            set.cleanup(socket);
        }
    }

    @Test
    void registryAndOptionErrors() {
        assertTrue(REGISTRY.workloads().keySet().containsAll(List.of("sql-kv-set", "sql-kv-get", "sql-kv-mixed")));
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> workload("sql-kv-get", Map.of("table", "kv; DROP TABLE x")));
        assertEquals("sql-kv-get: --table=kv; DROP TABLE x is not valid; expected letters, digits, '_' or '$'", e.getMessage());
        assertThrows(InvalidOptionException.class, () -> workload("sql-kv-get", Map.of("protocol", "binary")));
    }

    /** The user bench over the server's unix socket, as a target with the property {@code transport=socket} asks. */
    private static Target viaSocket() {
        return mariadb.bench().toBuilder().database("kvtest").transport(Target.Transport.SOCKET).build();
    }
}

package benchkit.sql;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import benchkit.mysql.script.ScriptSessions;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.testing.CountingContext;
import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * mysql-client's two sessions (the JDBC one, {@code --driver mariadb}, and the wire client's, {@code --driver wire})
 * follow one error rule ({@link IgnoredErrors}), shown against a real MariaDB that answers real errors: SIGNAL gives
 * any error code, {@code KILL CONNECTION_ID()} a connection the server closes. Here and not in mysql-client because
 * the throwaway server comes from the MySQL launcher, which depends on mysql-client.
 */
class SessionErrorRulesTest {
    private static ThrowawayMariadb server;

    @BeforeAll
    static void start() throws Exception {
        server = ThrowawayMariadb.start();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static final String DEADLOCK = "SIGNAL SQLSTATE '40001' SET MYSQL_ERRNO = 1213, MESSAGE_TEXT = 'Deadlock found'";

    @ParameterizedTest
    @ValueSource(strings = {"wire", "mariadb"})
    void anIgnoredErrorInATransactionRollsBackAndCountsAsIgnored(String driver) throws Exception {
        CountingContext counts = new CountingContext(0, 1);
        Events events = new Events(List.of(
                List.of("BEGIN", "INSERT INTO t VALUES (1)", DEADLOCK, "COMMIT"),
                List.of("SELECT COUNT(*) FROM t")));
        try (Session s = open(driver, events, IgnoredErrors.DEADLOCKS, counts)) {
            assertEquals(Outcome.IGNORED_ERROR, s.execute());
            assertEquals(1, counts.others, "BEGIN counted; the session's ROLLBACK is not, as sysbench's");
            assertEquals(1, counts.writes, "the INSERT before the error");
            assertEquals(Outcome.OK, s.execute());
        }
        assertEquals(0, rowsOfT(), "the INSERT was rolled back");
    }

    @ParameterizedTest
    @ValueSource(strings = {"wire", "mariadb"})
    void anErrorNotListedEndsTheRunInOneLine(String driver) throws Exception {
        Events events = new Events(List.of(List.of(DEADLOCK)));
        try (Session s = open(driver, events, IgnoredErrors.NONE, new CountingContext(0, 1))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, s::execute);
            assertTrue(e.getMessage().startsWith("errors-test: ") && e.getMessage().contains("SQL error 1213"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"wire", "mariadb"})
    void aKilledConnectionReconnectsAndTheEventIsRetriedEvenWhenEveryCodeIsIgnored(String driver) throws Exception {
        for (String ignored : new String[]{"none", "all"}) {
            Events events = new Events(List.of(List.of("KILL CONNECTION_ID()"), List.of("SELECT 1")));
            CountingContext counts = new CountingContext(0, 1);
            try (Session s = open(driver, events, IgnoredErrors.parse("errors-test", "ignore-errors", ignored), counts)) {
                assertEquals(Outcome.RETRY, s.execute(), "ignored " + ignored + ": a lost connection wins over a listed code");
                assertEquals(Outcome.OK, s.execute(), "connected again");
                assertEquals(1, counts.reads);
            }
        }
    }

    private static Session open(String driver, Events events, IgnoredErrors ignored, CountingContext counts) throws Exception {
        try (var c = server.connect(); var st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS " + server.root().database() + ".t (id INT PRIMARY KEY) ENGINE=InnoDB");
            st.execute("DELETE FROM " + server.root().database() + ".t");
        }
        return ScriptSessions.resolve("errors-test", server.root(), driver, "tcp")
                .openSession("errors-test", events, ignored, counts);
    }

    private static int rowsOfT() throws Exception {
        try (var c = server.connect(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT COUNT(*) FROM " + server.root().database() + ".t")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** Events of text requests, one list per event, in order; the last one repeats. */
    private static final class Events implements RequestScript {
        private final Deque<List<String>> events;
        private final Deque<String> current = new ArrayDeque<>();
        private List<String> last;

        Events(List<List<String>> events) {
            this.events = new ArrayDeque<>(events);
        }

        @Override
        public List<Prepared> statements() {
            return List.of();
        }

        @Override
        public void startEvent() {
            if (!events.isEmpty()) {
                last = events.poll();
            }
            current.clear();
            current.addAll(last);
        }

        @Override
        public boolean next(Request request) {
            String sql = current.poll();
            if (sql == null) {
                return false;
            }
            Request.Kind kind = sql.equals("BEGIN") ? Request.Kind.BEGIN : sql.equals("COMMIT") ? Request.Kind.COMMIT
                    : sql.startsWith("SELECT") ? Request.Kind.READ : sql.startsWith("INSERT") ? Request.Kind.WRITE
                    : Request.Kind.OTHER;
            request.text(sql, kind);
            return true;
        }
    }
}

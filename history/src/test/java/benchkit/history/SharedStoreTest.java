package benchkit.history;

import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The same runs in an SQLite file and on a MariaDB or PostgreSQL server (a team's shared store) give the same answers:
 * the same runs listed, the same report, the same verdicts of the gate, the same exports.
 */
class SharedStoreTest {
    @TempDir
    Path tmp;

    @Test
    void aMariadbServerHoldsTheSameRunsAndGivesTheSameReportAndGate() throws Exception {
        Assumptions.assumeTrue(ThrowawayMariadb.available() || System.getenv("CI") != null,
                "needs Debian's mariadbd (CI has it)");
        try (ThrowawayMariadb server = ThrowawayMariadb.start()) {
            try (var c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE bench_history");
                s.execute("CREATE DATABASE bench_history_at_once");
            }
            String url = "jdbc:mariadb://127.0.0.1:" + server.bench().port() + "/%s?user=" + server.bench().user();
            givesTheSameAnswersAsAnSqliteFile(url.formatted("bench_history"), server.bench().password());
            twoAddsAtOnceStoreEachRunOnce(url.formatted("bench_history_at_once"), server.bench().password());
        }
    }

    @Test
    void aPostgresqlServerHoldsTheSameRunsAndGivesTheSameReportGateAndExports() throws Exception {
        Assumptions.assumeTrue(ThrowawayPostgres.available() || System.getenv("CI") != null,
                "needs Debian's PostgreSQL server (package postgresql; CI has it)");
        try (ThrowawayPostgres server = ThrowawayPostgres.start()) {
            // a team's user as a DBA would make it: no superuser, the owner of its own databases
            String password = "ci-" + server.password();
            try (Connection c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE ROLE ci LOGIN PASSWORD '" + password + "'");
                for (String db : List.of("bench_history", "bench_history_at_once", "app")) {
                    s.execute("CREATE DATABASE " + db + " OWNER ci");
                }
            }
            String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/%s?user=ci";
            givesTheSameAnswersAsAnSqliteFile(url.formatted("bench_history"), password);
            twoAddsAtOnceStoreEachRunOnce(url.formatted("bench_history_at_once"), password);

            // a read (list, report, check) of a database that holds no store is refused, and makes no table in it; bench
            // tables in another schema than the user's are not its store
            try (Connection c = server.connect("app"); Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA other");
                s.execute("CREATE TABLE other.bench_history_schema (version INTEGER NOT NULL)");
            }
            var read = assertThrows(IllegalArgumentException.class,
                    () -> HistoryStore.open(url.formatted("app"), password, false));
            assertTrue(read.getMessage().contains("no history store there"), read.getMessage());
            try (Connection c = server.connect("app"); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables"
                         + " WHERE table_schema = 'public'")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "no table made by a read");
            }
            try (HistoryStore app = HistoryStore.open(url.formatted("app"), password, true)) {
                assertEquals(0, app.runs().size(), "an add makes the store there");
            }

            // no password, or a wrong one: refused by the server (invalid_password; the driver's own refusal when none
            // was given), in words that name no password (the words are the driver's, in the JVM's language)
            Map<String, String> states = new java.util.LinkedHashMap<>();
            for (String wrong : new String[] {null, "not-" + password}) {
                SQLException e = assertThrows(SQLException.class, () -> HistoryStore.open(url.formatted("bench_history"),
                        wrong, false));
                assertFalse(String.valueOf(e.getMessage()).contains(password), e.getMessage());
                states.put(String.valueOf(wrong), e.getSQLState() + " " + e.getMessage());
            }
            assertTrue(states.get("null").startsWith("08004 "), states.toString());
            assertTrue(states.get("not-" + password).startsWith("28P01 "), states.toString());
        }
    }

    /** The runs of the trend tests stored at {@code url} and in an SQLite file answer alike. */
    private void givesTheSameAnswersAsAnSqliteFile(String url, String password) throws Exception {
        List<StoredRun> runs = TrendGateTest.shiftAtTwelve(5);
        List<StoredRun> onServer;
        List<StoredRun> inFile;
        String file = tmp.resolve(url.replaceAll("\\W", "_") + ".sqlite").toString();
        try (HistoryStore shared = HistoryStore.open(url, password);
             HistoryStore sqlite = HistoryStore.open(file, null)) {
            for (StoredRun r : runs) {
                assertTrue(shared.add(r));
                assertTrue(sqlite.add(r));
            }
            assertFalse(shared.add(runs.get(3)), "a run stored already");
            onServer = shared.runs();
            inFile = sqlite.runs();
            assertEquals(sqlite.find(runs.get(7).key()), shared.find(runs.get(7).key()));
        }
        assertEquals(inFile, onServer, "the same runs, labels and files");
        assertEquals(runs.stream().map(StoredRun::key).toList(), onServer.stream().map(StoredRun::key).toList());
        // a reopened store (its tables there already) reads the same, as list, report and check open it
        try (HistoryStore again = HistoryStore.open(url, password, false)) {
            assertEquals(onServer, again.runs());
        }
        List<String> metrics = List.of("tps", "latency.p99");
        assertEquals(TrendReport.render("store", inFile, Series.of(inFile, metrics), "commit", 0.02),
                TrendReport.render("store", onServer, Series.of(onServer, metrics), "commit", 0.02));
        TrendGate gate = new TrendGate(TrendGate.Settings.defaults());
        for (int i = 5; i < 20; i++) {
            assertEquals(gate.check(inFile, inFile.get(i)).get(0).describe(),
                    gate.check(onServer, onServer.get(i)).get(0).describe());
        }
        for (int i = 0; i < 20; i++) {
            for (Exports format : Exports.values()) {
                assertEquals(format.render(inFile.get(i)), format.render(onServer.get(i)), format.cliName());
            }
        }
    }

    /** Two adds of the same runs at once into a database with no store yet: both make it, each run is stored once. */
    private static void twoAddsAtOnceStoreEachRunOnce(String url, String password) throws Exception {
        List<StoredRun> runs = TrendGateTest.shiftAtTwelve(9);
        Callable<Integer> adder = () -> {
            int added = 0;
            try (HistoryStore s = HistoryStore.open(url, password)) {
                for (StoredRun r : runs) {
                    added += s.add(r) ? 1 : 0;
                }
            }
            return added;
        };
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> adds = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                adds.add(pool.submit(adder));
            }
            int added = 0;
            for (Future<Integer> a : adds) {
                added += a.get();
            }
            assertEquals(runs.size(), added, "each run is added by one of them");
        } finally {
            pool.shutdown();
        }
        try (HistoryStore s = HistoryStore.open(url, password, false)) {
            assertEquals(runs.size(), s.runs().size());
        }
    }
}

package benchkit.history;

import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The same runs in an SQLite file and on a MariaDB server (a team's shared store) give the same answers. */
class SharedStoreTest {
    @TempDir
    Path tmp;

    @Test
    void aMariadbServerHoldsTheSameRunsAndGivesTheSameReportAndGate() throws Exception {
        Assumptions.assumeTrue(ThrowawayMariadb.available() || System.getenv("CI") != null,
                "needs Debian's mariadbd (CI has it)");
        List<StoredRun> runs = TrendGateTest.shiftAtTwelve(5);
        try (ThrowawayMariadb server = ThrowawayMariadb.start()) {
            try (var c = server.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE bench_history");
            }
            String url = "jdbc:mariadb://127.0.0.1:" + server.bench().port() + "/bench_history?user="
                    + server.bench().user();
            List<StoredRun> onServer;
            List<StoredRun> inFile;
            try (HistoryStore shared = HistoryStore.open(url, server.bench().password());
                 HistoryStore file = HistoryStore.open(tmp.resolve("h.sqlite").toString(), null)) {
                for (StoredRun r : runs) {
                    assertTrue(shared.add(r));
                    assertTrue(file.add(r));
                }
                onServer = shared.runs();
                inFile = file.runs();
            }
            assertEquals(inFile, onServer, "the same runs, labels and files");
            assertEquals(runs.stream().map(StoredRun::key).toList(), onServer.stream().map(StoredRun::key).toList());
            // a reopened store (its tables there already) reads the same
            try (HistoryStore again = HistoryStore.open(url, server.bench().password())) {
                assertEquals(20, again.runs().size());
            }
            List<String> metrics = List.of("tps", "latency.p99");
            assertEquals(TrendReport.render("store", inFile, Series.of(inFile, metrics), "commit", 0.02),
                    TrendReport.render("store", onServer, Series.of(onServer, metrics), "commit", 0.02));
            TrendGate gate = new TrendGate(TrendGate.Settings.defaults());
            for (int i = 5; i < 20; i++) {
                assertEquals(gate.check(inFile, inFile.get(i)).get(0).describe(),
                        gate.check(onServer, onServer.get(i)).get(0).describe());
            }
        }
    }
}

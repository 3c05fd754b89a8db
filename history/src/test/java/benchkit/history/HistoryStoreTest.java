package benchkit.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryStoreTest {
    @TempDir
    Path tmp;

    /**
     * A store that fills up (here SQLite's own page limit, as a full disk does) says it is full, not SQLite's "cannot
     * commit - no transaction is active" that restoring auto-commit gave after SQLite rolled back; what it held stays
     * (issue #51).
     */
    @Test
    void aFullStoreSaysSoAndKeepsWhatItHad() throws Exception {
        Path file = tmp.resolve("full.sqlite");
        StoredRun first = TestRuns.run("a".repeat(64), Instant.parse("2026-11-01T02:00:00Z"), Map.of(), new double[][] {{1, 2}});
        long pages;
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            assertTrue(store.add(first));
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
             ResultSet rs = c.createStatement().executeQuery("PRAGMA page_count")) {
            pages = rs.getLong(1);
        }
        double[][] many = new double[50][200];
        for (double[] fork : many) {
            java.util.Arrays.fill(fork, 1);
        }
        StoredRun big = TestRuns.run("b".repeat(64), Instant.parse("2026-11-02T02:00:00Z"), Map.of(), many);
        try (HistoryStore store = HistoryStore.open("jdbc:sqlite:" + file + "?max_page_count=" + (pages + 1))) {
            java.sql.SQLException e = assertThrows(java.sql.SQLException.class, () -> store.add(big));
            assertTrue(e.getMessage().contains("SQLITE_FULL"), e.getMessage());
            assertEquals(java.util.Optional.of("the store is full (SQLite: database or disk is full)"), store.whyFull(e));
            assertEquals(List.of(first.key()), store.runs().stream().map(StoredRun::key).toList());
        }
    }

    @Test
    void aWorkersPartIsRefusedWithTheMergedRunAsRemedy() throws Exception {
        Path dir = TestRuns.directory(tmp, "w1", Instant.parse("2026-11-01T02:00:00Z"), 8, new double[][] {{100, 102}});
        Path runJson = dir.resolve("run.json");
        Files.writeString(runJson, Files.readString(runJson).replace("\"workload\":", "\"worker\":\"1/2\",\"workload\":"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunImport.read(dir, Map.of()));
        assertTrue(e.getMessage().contains("worker 1/2's part") && e.getMessage().contains("bench merge"), e.getMessage());
    }

    /**
     * A run.json that is not the run's own, emptied to {} or a link to another run's, is refused: stored, it made the
     * same results a new run dated now or described as the other (sweep 7, cases 50 and 69).
     */
    @Test
    void aRunJsonNotTheRunsOwnIsRefused() throws Exception {
        Instant at = Instant.parse("2026-11-01T02:00:00Z");
        Path emptied = TestRuns.directory(tmp, "emptied", at, 8, new double[][] {{100, 102}});
        Files.writeString(emptied.resolve("run.json"), "{}");
        var e1 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(emptied, Map.of()));
        assertTrue(e1.getMessage().startsWith(emptied.resolve("run.json") + " holds none of a run's description"), e1.getMessage());
        Files.writeString(emptied.resolve("run.json"), "{\"settings\": {}}");
        e1 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(emptied, Map.of()));
        assertEquals(emptied.resolve("run.json") + " lacks the machine every run's run.json holds, so it is not the run's"
                + " own: restore it from a copy of the run, or remove it (the run is then stored with its"
                + " machine unknown)", e1.getMessage());

        Path other = TestRuns.directory(tmp, "other", at.plusSeconds(3600), 8, new double[][] {{90, 91}});
        Path linked = TestRuns.directory(tmp, "linked", at, 8, new double[][] {{100, 102}});
        Files.delete(linked.resolve("run.json"));
        Files.createSymbolicLink(linked.resolve("run.json"), other.resolve("run.json"));
        var e2 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(linked, Map.of()));
        assertTrue(e2.getMessage().startsWith(linked.resolve("run.json") + " is a link to "
                + other.resolve("run.json").toRealPath() + ", outside the run's directory, so another run's: restore it"),
                e2.getMessage());

        // copied, not linked: its times are the other run's, an hour after this run's journal began (sweep 7, case 69)
        Path copied = TestRuns.directory(tmp, "copied", at, 8, new double[][] {{100, 102}});
        Files.copy(other.resolve("run.json"), copied.resolve("run.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        var e4 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(copied, Map.of()));
        assertEquals(copied.resolve("run.json") + " describes a run from 2026-11-01T03:00:00Z to 2026-11-01T03:01:00Z, but"
                + " this run's journal began at 2026-11-01T02:00:00.100Z, so it is another run's: restore it from a copy of"
                + " the run, or remove it (the run is then stored with its machine unknown)", e4.getMessage());
        assertEquals(at.plusSeconds(3600), RunImport.read(other, Map.of()).startedAt(), "its own run.json is taken");

        // a journal that is no file (a link to /dev/stdin, here a directory) is not said to be missing
        Path piped = TestRuns.directory(tmp, "piped", at, 8, new double[][] {{100, 102}});
        Files.delete(piped.resolve("journal.jsonl"));
        Files.createSymbolicLink(piped.resolve("journal.jsonl"), tmp);
        var e3 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(piped, Map.of()));
        assertEquals(piped.resolve("journal.jsonl") + " is not a file (a directory, a device or a pipe), so bench cannot"
                + " tell whether the run completed: restore it from a copy of the run", e3.getMessage());

        // a link within the run's own directory is its own run.json
        Path own = TestRuns.directory(tmp, "own", at, 8, new double[][] {{100, 102}});
        Files.move(own.resolve("run.json"), own.resolve("run.json.kept"));
        Files.createSymbolicLink(own.resolve("run.json"), own.resolve("run.json.kept"));
        assertEquals(at, RunImport.read(own, Map.of()).startedAt());
    }

    @Test
    void aRunIsStoredWholeOnceAndReadBackAsItWasWritten() throws Exception {
        Instant t = Instant.parse("2026-11-01T02:00:00Z");
        Path dir = TestRuns.directory(tmp, "run1", t, 8, new double[][] {{100, 102}, {98, 101}});
        StoredRun run = RunImport.read(dir, Map.of("commit", "abc123"));
        Path file = tmp.resolve("sub/history.sqlite");
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            assertTrue(store.add(run));
            assertFalse(store.add(RunImport.read(dir, Map.of("commit", "other"))), "the same files are one run");
            List<StoredRun> runs = store.runs();
            assertEquals(1, runs.size());
            StoredRun back = runs.get(0);
            assertEquals(run.key(), back.key());
            assertEquals(t, back.startedAt());
            assertEquals(Map.of("commit", "abc123"), back.labels());
            assertEquals("Test CPU, 2 CPUs, 24000 MB", back.machine());
            assertEquals(Files.readString(dir.resolve("jmh-result.json")), back.jmhResult());
            assertEquals(Files.readString(dir.resolve("run.json")), back.runJson());
            assertEquals(100.25, back.results().get(0).primary().score(), 1e-9);
            assertEquals(run.key(), store.find(run.key().substring(0, 8)).orElseThrow().key());
            assertEquals(Map.of("commit", "abc123"), store.find(run.key().substring(0, 8).toUpperCase(java.util.Locale.ROOT))
                    .orElseThrow().labels(), "a key in any case, with its labels");
            assertTrue(store.find("zz%").isEmpty(), "not a key");
        }
        // every value of every metric, fork and iteration, for SQL users: 4 tps and 4 latency values
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
             ResultSet rs = c.createStatement().executeQuery(
                     "SELECT metric, COUNT(*), SUM(measured_value) FROM bench_measurement GROUP BY metric ORDER BY metric")) {
            assertTrue(rs.next());
            assertEquals("latency.p99", rs.getString(1));
            assertEquals(4, rs.getInt(2));
            assertTrue(rs.next());
            assertEquals("tps", rs.getString(1));
            assertEquals(4, rs.getInt(2));
            assertEquals(401, rs.getDouble(3), 1e-9);
        }
    }

    @Test
    void theUserMachineLabelNamesTheMachine() throws Exception {
        Path dir = TestRuns.directory(tmp, "run1", Instant.now(), 8, new double[][] {{100}});
        assertEquals("ci-runner-3", RunImport.read(dir, Map.of("machine", "ci-runner-3")).machine());
    }

    @Test
    void badStoresAndRunsAreRefusedInOneLine() throws Exception {
        Path notSqlite = Files.writeString(tmp.resolve("notes.txt"), "hello");
        var e1 = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(notSqlite.toString(), null));
        assertTrue(e1.getMessage().contains("not a history store"), e1.getMessage());
        var e2 = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(tmp.toString(), null));
        assertTrue(e2.getMessage().contains("is a directory"), e2.getMessage());
        var e3 = assertThrows(IllegalArgumentException.class,
                () -> HistoryStore.open("jdbc:mariadb://127.0.0.1/h?user=u&password=secret", null));
        assertTrue(e3.getMessage().contains(HistoryStore.PASSWORD_ENV) && !e3.getMessage().contains("secret"), e3.getMessage());
        for (String url : List.of("jdbc:mysql://ci:hunter2@127.0.0.1:1/bench",
                "jdbc:mysql://(host=127.0.0.1,port=1,user=ci,password=hunter2)/bench",
                "jdbc:mariadb://127.0.0.1/h?user=ci&pwd=hunter2", "jdbc:mariadb://127.0.0.1/h?user=ci&PASSWORD=hunter2",
                "jdbc:postgresql://127.0.0.1/h?user=ci&password=hunter2", "JDBC:PostgreSQL://127.0.0.1/h?user=ci&Password=hunter2",
                "jdbc:postgresql://127.0.0.1/h?user=ci&sslpassword=hunter2", "jdbc:postgresql://ci:hunter2@127.0.0.1/h")) {
            var e = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(url, null));
            assertTrue(e.getMessage().contains(HistoryStore.PASSWORD_ENV) && !e.getMessage().contains("hunter2"), e.getMessage());
        }
        var e4 = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open("jdbc:oracle:thin:@x", null));
        assertTrue(e4.getMessage().contains("not a store bench can use") && e4.getMessage().contains("jdbc:postgresql:"),
                e4.getMessage());
        var e5 = assertThrows(IllegalArgumentException.class, () -> RunImport.read(Files.createDirectories(tmp.resolve("empty")), Map.of()));
        assertTrue(e5.getMessage().startsWith("no jmh-result.json in"), e5.getMessage());
        var e6 = assertThrows(IllegalArgumentException.class, () -> RunImport.label("commit"));
        assertTrue(e6.getMessage().contains("NAME=VALUE"), e6.getMessage());
    }

    /** A PostgreSQL URL the driver cannot read is bad input in one line; a server not there is the driver's word. */
    @Test
    void aPostgresqlUrlIsCheckedByTheDriver() {
        for (String url : List.of("jdbc:postgresql://127.0.0.1:99999/h?user=u", "jdbc:postgresql://127.0.0.1",
                "jdbc:postgresql://127.0.0.1:x/h")) {
            var e = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(url, null));
            assertEquals(url + " is not a valid URL; expected jdbc:postgresql://HOST[:PORT]/DATABASE?user=USER", e.getMessage());
        }
        // nothing listens on port 1; the scheme in any case
        var refused = assertThrows(java.sql.SQLException.class,
                () -> HistoryStore.open("JDBC:PostgreSQL://127.0.0.1:1/h?user=u", "hunter2"));
        assertEquals("08001", refused.getSQLState(), refused.getMessage());
        assertFalse(refused.getMessage().contains("hunter2"), refused.getMessage());
        var unknown = assertThrows(java.sql.SQLException.class,
                () -> HistoryStore.open("jdbc:postgresql://no-such-host.invalid/h?user=u", null));
        assertTrue(unknown.getMessage().endsWith("(unknown host no-such-host.invalid)"), unknown.getMessage());
    }

    /** Two adds of the same runs at once (two nightly jobs on one store): every run stored once, neither add fails. */
    @Test
    void twoAddsAtOnceStoreEachRunOnce() throws Exception {
        String store = tmp.resolve("h.sqlite").toString();
        List<StoredRun> runs = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            runs.add(TestRuns.run(String.format(java.util.Locale.ROOT, "%064x", i), Instant.parse("2026-11-01T00:00:00Z")
                    .plusSeconds(i), Map.of(), new double[][] {{100 + i, 101}, {99, 100}}));
        }
        HistoryStore.open(store).close();
        java.util.concurrent.Callable<Integer> adder = () -> {
            int added = 0;
            try (HistoryStore s = HistoryStore.open(store)) {
                for (StoredRun r : runs) {
                    added += s.add(r) ? 1 : 0;
                }
            }
            return added;
        };
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            var a = pool.submit(adder);
            var b = pool.submit(adder);
            assertEquals(30, a.get() + b.get(), "each run is added by one of them");
        } finally {
            pool.shutdown();
        }
        try (HistoryStore s = HistoryStore.open(store)) {
            assertEquals(30, s.runs().size());
        }
    }

    /**
     * Benches making one new store at once (six nightly adds): each opens it, none mistakes the tables the others are
     * making for another program's (issue #51: one add in five tries was refused, its run not stored).
     */
    @Test
    void benchesMakingOneNewStoreAtOnceAllOpenIt() throws Exception {
        var pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            for (int round = 0; round < 20; round++) {
                String store = tmp.resolve("new-" + round + ".sqlite").toString();
                var start = new java.util.concurrent.CountDownLatch(1);
                List<java.util.concurrent.Future<Integer>> opens = new java.util.ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    opens.add(pool.submit(() -> {
                        start.await();
                        try (HistoryStore s = HistoryStore.open(store)) {
                            return s.runs().size();
                        }
                    }));
                }
                start.countDown();
                for (var open : opens) {
                    assertEquals(0, open.get(), "round " + round);
                }
            }
        } finally {
            pool.shutdown();
        }
    }

    /** An empty store name is said to be empty, not to be the working directory it resolves to (issue #51). */
    @Test
    void anEmptyNameIsSaidToBeEmpty() {
        for (String empty : List.of("", " ")) {
            var e = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(empty));
            assertTrue(e.getMessage().startsWith("no store named (an empty name); name a file"), e.getMessage());
        }
    }

    /** list, report and check read a store: a database that holds none is refused and left as it was. */
    @Test
    void aReadNeverWritesIntoADatabaseThatIsNotAStore() throws Exception {
        Path foreign = tmp.resolve("app.sqlite");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + foreign); var st = c.createStatement()) {
            st.execute("CREATE TABLE foo (x INTEGER)");
        }
        // every command says the same of it: "add makes one" from a read would send the user to an add that refuses
        var read = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(foreign.toString(), false));
        var add = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(foreign.toString(), true));
        assertTrue(add.getMessage().contains("an SQLite database of something else"), add.getMessage());
        assertEquals(add.getMessage(), read.getMessage());
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + foreign);
             ResultSet rs = c.getMetaData().getTables(null, null, "bench%", null)) {
            assertFalse(rs.next(), "no bench table was made in it");
        }
        Path empty = Files.createFile(tmp.resolve("empty.sqlite"));
        assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(empty.toString(), false));
        HistoryStore.open(empty.toString(), true).close();     // an empty file may become a store
    }

    /** A store with a damaged page is named with its cause when opened, not by a query's bare SQLITE_CORRUPT later. */
    @Test
    void aDamagedStoreIsNamedWhenOpened() throws Exception {
        Path file = tmp.resolve("damaged.sqlite");
        try (HistoryStore store = HistoryStore.open(file.toString())) {
            store.add(TestRuns.run("c".repeat(64), Instant.parse("2026-11-01T02:00:00Z"), Map.of(), new double[][] {{1, 2}}));
        }
        try (var f = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
            // page 3's b-tree header, as a bad disk block or a half-copied file would leave it
            f.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) 0x17, (byte) 0xd4, 0x55, 0x55}), 2L * 4096);
        }
        for (boolean create : new boolean[] {false, true}) {
            var e = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(file.toString(), create));
            assertTrue(e.getMessage().startsWith(file + " is damaged (SQLite: ") && !e.getMessage().contains("***"), e.getMessage());
        }
    }

    /** A run that was interrupted (its journal ends incomplete) is not stored: its results are of what finished. */
    @Test
    void aRunThatDidNotCompleteIsRefused() throws Exception {
        Path dir = TestRuns.directory(tmp, "cut", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100, 102}});
        // its own journal, not written over the complete one's (whose longer tail would follow the new end line)
        Files.delete(dir.resolve(benchkit.core.result.Journal.FILE_NAME));
        try (benchkit.core.result.Journal j = benchkit.core.result.Journal.open(dir)) {
            j.start(new benchkit.core.result.RunDescription("point-select", Map.of(), List.of("a"), Map.of(), List.of(8), 1,
                    0, java.time.Duration.ZERO, 1, java.time.Duration.ofSeconds(1), 0, 0));
            j.end(false, "interrupted by Ctrl-C (SIGINT)");
        }
        var e = assertThrows(IllegalArgumentException.class, () -> RunImport.read(dir, Map.of()));
        assertTrue(e.getMessage().contains("is a run that did not complete (interrupted by Ctrl-C (SIGINT))"), e.getMessage());
    }

    /**
     * A run that failed for invalid iterations is refused with its error, less the run's remedy, whose option history
     * add has not (sweep 6 case 105): what to do is said for a new run.
     */
    @Test
    void aRunWithInvalidIterationsIsRefusedWithARemedyForANewRun() throws Exception {
        Path dir = TestRuns.directory(tmp, "invalid", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100, 102}});
        // its own journal, not written over the complete one's (whose longer tail would follow the new end line)
        Files.delete(dir.resolve(benchkit.core.result.Journal.FILE_NAME));
        String error = "1 measurement iteration invalid and not made up for by measuring again (point-select, iteration 2:"
                + " no event finished for 3.0 s), left out of the scores" + benchkit.core.run.Runner.ALLOW_INVALID_REMEDY;
        try (benchkit.core.result.Journal j = benchkit.core.result.Journal.open(dir)) {
            j.start(new benchkit.core.result.RunDescription("point-select", Map.of(), List.of(""), Map.of(), List.of(8), 1,
                    0, java.time.Duration.ZERO, 1, java.time.Duration.ofSeconds(1), 0, 0));
            j.end(false, error);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> RunImport.read(dir, Map.of()));
        assertEquals(dir + " is a run that did not complete (1 measurement iteration invalid and not made up for by"
                + " measuring again (point-select, iteration 2: no event finished for 3.0 s), left out of the scores); a trend"
                + " holds complete runs only: run it again; a run with --allow-invalid accepts invalid iterations, and can be"
                + " stored", e.getMessage());
    }

    /** list, report and check only read: a store that is not there is refused, and no directory made for it (case 81). */
    @Test
    void aReadOfAStoreThatIsNotThereMakesNothing() {
        Path file = tmp.resolve("none/deeper/history.sqlite");
        var e = assertThrows(IllegalArgumentException.class, () -> HistoryStore.open(file.toString(), false));
        assertTrue(e.getMessage().startsWith(file + ": no history store there"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("none")), "a read made the store's directory");
    }

    /**
     * A store another process holds locked, or whose server does not answer, is said to be busy (a wait, not bad input);
     * other failures are not (sweep 6 case 88).
     */
    @Test
    void aLockedStoreIsBusyAndAWrongOneIsNot() throws Exception {
        Path file = tmp.resolve("locked.sqlite");
        HistoryStore.open(file.toString()).close();
        try (var holder = DriverManager.getConnection("jdbc:sqlite:" + file); var st = holder.createStatement()) {
            st.execute("PRAGMA locking_mode=EXCLUSIVE");
            st.execute("INSERT INTO bench_history_schema (version) VALUES (1)");    // takes the lock, kept till closed
            var e = assertThrows(java.sql.SQLException.class,
                    () -> HistoryStore.open("jdbc:sqlite:" + file + "?busy_timeout=100"));
            assertTrue(HistoryStore.whyBusy(e).orElseThrow().startsWith("is locked by another process"), e.getMessage());
        }
        HistoryStore.open(file.toString(), false).close();         // free again once the other lets go
        assertTrue(HistoryStore.whyBusy(new java.sql.SQLException("connect failed", "08000",
                new java.net.SocketTimeoutException())).orElseThrow().startsWith("did not answer in time"));
        assertEquals(java.util.Optional.empty(), HistoryStore.whyBusy(new java.sql.SQLException("Unknown database 'h'",
                "42000", 1049)));
    }

    /**
     * A journal emptied or deleted leaves no word that the run completed, and a run.json of random bytes is no run
     * description: refused in one line naming the file, not stored (sweep 5 cases 69 and 70).
     */
    @Test
    void aRunWithoutItsJournalOrWithADamagedRunJsonIsRefused() throws Exception {
        Path dir = TestRuns.directory(tmp, "lost", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100, 102}});
        RunImport.read(dir, Map.of());                                  // as written: stored
        Path journal = dir.resolve("journal.jsonl");
        Files.writeString(journal, "");
        var emptied = assertThrows(IllegalArgumentException.class, () -> RunImport.read(dir, Map.of()));
        assertEquals(dir + " cannot be stored: " + journal + " has no start line, so bench cannot tell whether the run "
                + "completed; restore the journal from a copy of the run", emptied.getMessage());
        Files.delete(journal);
        var deleted = assertThrows(IllegalArgumentException.class, () -> RunImport.read(dir, Map.of()));
        assertEquals(dir + " has no journal.jsonl, which every run keeps, so bench cannot tell whether it completed: "
                + "restore it from a copy of the run", deleted.getMessage());

        Path other = TestRuns.directory(tmp, "garbled", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100}});
        Files.write(other.resolve("run.json"), new byte[] {(byte) 0xf8, (byte) 0x80, 0x41, (byte) 0xff});
        var garbled = assertThrows(IllegalArgumentException.class, () -> RunImport.read(other, Map.of()));
        assertEquals(other.resolve("run.json") + " is not UTF-8 text, so not JSON (byte 0 is not UTF-8): it is damaged or "
                + "another kind of file; restore it from a copy", garbled.getMessage());
    }

    /**
     * A journal cut mid-line, or saved as UTF-16, is refused in one clean line: the damage once, the remedy once (sweep 8:
     * "the journal's its last line", and "restore it from a copy, so bench cannot tell ...; restore the journal ...").
     */
    @Test
    void aDamagedJournalIsSaidOnceWithOneRemedy() throws Exception {
        Path cut = TestRuns.directory(tmp, "cut", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100}});
        Path journal = cut.resolve("journal.jsonl");
        String text = Files.readString(journal).strip();
        Files.writeString(journal, text.substring(0, text.length() - 5));
        var torn = assertThrows(IllegalArgumentException.class, () -> RunImport.read(cut, Map.of()));
        assertEquals(cut + " is a run that did not complete (the journal's last line is cut short (the run was killed "
                + "while writing it)); a trend holds complete runs only", torn.getMessage());

        Path wide = TestRuns.directory(tmp, "wide", Instant.parse("2026-11-01T00:00:00Z"), 8, new double[][] {{100}});
        Path utf16 = wide.resolve("journal.jsonl");
        Files.writeString(utf16, Files.readString(utf16), java.nio.charset.StandardCharsets.UTF_16);
        var notText = assertThrows(IllegalArgumentException.class, () -> RunImport.read(wide, Map.of()));
        assertEquals(wide + " cannot be stored: " + utf16 + " is not UTF-8 text, so not JSON (byte 0 is not UTF-8): it is "
                + "damaged or another kind of file, so bench cannot tell whether the run completed; restore the journal "
                + "from a copy of the run", notText.getMessage());
    }
}

package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench history from the command line: its exit codes (0, 3, 2) on nightly runs with a regression from run 12 on. */
class HistoryCommandTest {
    @TempDir
    Path tmp;

    private record Outcome(int exit, String err) {
    }

    private static Outcome run(String... args) {
        CommandLine cl = Cli.commandLine(args);
        StringWriter err = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        int exit = Main.run(cl, args);
        return new Outcome(exit, err.toString());
    }

    /** A result directory of point-select at 8 threads, 2 forks of 3 iterations around {@code level} tps. */
    private Path runDir(int night, double level, SplittableRandom random) throws Exception {
        return runDir(night, level, random, 3);
    }

    /** As {@link #runDir(int, double, SplittableRandom)}, with {@code iterations} in each fork. */
    private Path runDir(int night, double level, SplittableRandom random, int iterations) throws Exception {
        StringBuilder raw = new StringBuilder("[");
        double sum = 0;
        for (int f = 0; f < 2; f++) {
            raw.append(f == 0 ? "[" : ",[");
            double forkLevel = level * Math.exp(0.02 * random.nextGaussian());
            for (int i = 0; i < iterations; i++) {
                double v = forkLevel * Math.exp(0.01 * random.nextGaussian());
                sum += v;
                raw.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.3f", v));
            }
            raw.append(']');
        }
        raw.append(']');
        Path dir = Files.createDirectories(tmp.resolve(String.format(Locale.ROOT, "night%02d", night)));
        Files.writeString(dir.resolve("jmh-result.json"), "[{\"benchmark\":\"benchkit.point-select\",\"mode\":\"thrpt\","
                + "\"threads\":8,\"primaryMetric\":{\"score\":" + String.format(Locale.ROOT, "%.3f", sum / (2 * iterations))
                + ",\"scoreUnit\":\"ops/s\",\"rawData\":" + raw + "}}]");
        Files.writeString(dir.resolve("run.json"), "{\"format\":1,\"startedAt\":\"2026-11-"
                + String.format(Locale.ROOT, "%02d", night) + "T02:00:00Z\",\"settings\":{},\"machine\":{\"cpuModel\":\"T\","
                + "\"logicalCpus\":2,\"memoryMb\":1000}}");
        try (benchkit.core.result.Journal journal = benchkit.core.result.Journal.open(dir)) {   // a run that completed
            journal.start(new benchkit.core.result.RunDescription("point-select", java.util.Map.of(), java.util.List.of(""),
                    java.util.Map.of("", java.util.Map.of()), java.util.List.of(8), 2, 0, java.time.Duration.ZERO, iterations,
                    java.time.Duration.ofSeconds(1), 0, 0));
            journal.end(true, null);
        }
        return dir;
    }

    /** A refused log-in to a shared store names the variable the password came from, never the password. */
    @Test
    void aRefusedPasswordNamesItsVariable() {
        java.sql.SQLException mariadb = new java.sql.SQLException("(conn=312) Access denied for user 'bench'@'localhost'"
                + " (using password: YES)", "28000", 1045);
        String why = HistoryCommand.whyNotOpened("jdbc:mariadb://h/db?user=bench", mariadb, name -> "s3cret");
        assertTrue(why.endsWith("; check the URL's user and BENCHKIT_HISTORY_PASSWORD (set, and refused)"), why);
        assertFalse(why.contains("s3cret"), why);
        java.sql.SQLException postgres = new java.sql.SQLException("FATAL: password authentication failed for user \"bench\"",
                "28P01");
        assertTrue(HistoryCommand.whyNotOpened("jdbc:postgresql://h/db?user=bench", postgres, name -> null)
                .endsWith("BENCHKIT_HISTORY_PASSWORD (not set)"));
    }

    /** An unknown database in a store's URL gets the remedy: bench makes tables, not the database (sweep 6 case 47). */
    @Test
    void anUnknownDatabaseIsToBeMadeOrAnotherNamed() {
        java.sql.SQLException mariadb = new java.sql.SQLException("(conn=380) Unknown database 'nohistdb'", "42000", 1049);
        java.sql.SQLException postgres = new java.sql.SQLException("FATAL: database \"nohistdb\" does not exist", "3D000");
        for (java.sql.SQLException e : List.of(mariadb, postgres)) {
            assertTrue(HistoryCommand.whyNotOpened("jdbc:mariadb://h/nohistdb?user=bench", e, name -> null)
                    .endsWith("; create that database on the server, or name another in the URL"), e.getMessage());
        }
    }

    /**
     * A store that fills up after some runs of an add: exit 1 (part of the work done, not bad input), the line names
     * the runs stored and those not, and how to finish; the same add again stores the rest, each run once (case 54).
     */
    @Test
    void aStoreThatFillsUpPartWaySaysWhatIsStoredAndHowToFinish() throws Exception {
        SplittableRandom random = new SplittableRandom(5);
        Path file = tmp.resolve("h.sqlite");
        String n1 = runDir(1, 1000, random).toString();
        String n2 = runDir(2, 1000, random).toString();
        String big = runDir(3, 1000, random, 5000).toString();
        String n4 = runDir(4, 1000, random).toString();
        assertEquals(0, run("history", "add", n1, "--history", file.toString()).exit());
        long pages;
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file);
             var rs = c.createStatement().executeQuery("PRAGMA page_count")) {
            pages = rs.getLong(1);
        }
        // SQLite's page limit fills the store as a full disk does: room for a small run, not for the big one
        String limited = "jdbc:sqlite:" + file + "?max_page_count=" + (pages + 8);
        CliRun.Outcome full = CliRun.run("history", "add", n1, n2, big, n4, "--history", limited);
        assertEquals(Cli.EXIT_FAILURE, full.exit(), full.err());
        assertTrue(full.err().contains(limited + " cannot take the run " + big + ": the store is full (SQLite: database or"
                + " disk is full); 2 of 4 runs stored (" + n1 + " and " + n2 + "), " + big + " and " + n4 + " not; free space"
                + " there, then bench history add of the same directories stores the rest (a run stored already is kept"
                + " once)"), full.err());
        CliRun.Outcome again = CliRun.run("history", "add", n1, n2, big, n4, "--history", file.toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("already stored") && again.out().contains("2 of 4 runs added"), again.out());
        try (var s = benchkit.history.HistoryStore.open(file.toString(), false)) {
            assertEquals(4, s.runs().size(), "each run stored once");
        }
    }

    /** A new store on a full disk says so in bench's words with the remedy, and leaves no empty file (case 23). */
    @Test
    void aNewStoreOnAFullDiskSaysSoAndLeavesNoFile() throws Exception {
        Path night1 = runDir(1, 1000, new SplittableRandom(4));
        Path file = tmp.resolve("new.sqlite");
        // SQLite's page limit fills the store as a full disk does: no room for its first table
        String limited = "jdbc:sqlite:" + file + "?max_page_count=1";
        CliRun.Outcome full = CliRun.run("history", "add", night1.toString(), "--history", limited);
        assertEquals(Cli.EXIT_USAGE, full.exit(), full.err());
        assertTrue(full.err().contains("--history: " + limited + " cannot be made: the store is full (SQLite: database or"
                + " disk is full); free space there, or name a store elsewhere"), full.err());
        assertFalse(Files.exists(file), "no empty store left");
    }

    /** One directory that cannot be stored stores none of them, and the line says so and how to store the others (case 45). */
    @Test
    void oneDamagedRunOfSeveralSaysNothingWasStored() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        String a = runDir(1, 1000, random).toString();
        String b = runDir(2, 1000, random).toString();
        Path damaged = runDir(3, 1000, random);
        Files.delete(damaged.resolve(benchkit.core.result.Journal.FILE_NAME));
        Path file = tmp.resolve("h.sqlite");
        CliRun.Outcome add = CliRun.run("history", "add", a, b, damaged.toString(), "--history", file.toString());
        assertEquals(Cli.EXIT_USAGE, add.exit(), add.err());
        assertTrue(add.err().startsWith("bench: nothing was stored: " + damaged + " has no journal.jsonl"), add.err());
        assertTrue(add.err().strip().endsWith("; bench history add of the others without " + damaged + " stores them"),
                add.err());
        assertFalse(Files.exists(file));
    }

    /** A store that cannot be written is named so, with a writable store as the remedy, not the same add again (case 48). */
    @Test
    void aReadOnlyStoreNamesAWritableOneAsTheRemedy() throws Exception {
        SplittableRandom random = new SplittableRandom(8);
        String n1 = runDir(1, 1000, random).toString();
        String n2 = runDir(2, 1000, random).toString();
        Path file = tmp.resolve("h.sqlite");
        assertEquals(0, CliRun.run("history", "add", n1, "--history", file.toString()).exit());
        String readOnly = "jdbc:sqlite:" + file + "?open_mode=1";    // SQLITE_OPEN_READONLY, as a read-only mount
        CliRun.Outcome add = CliRun.run("history", "add", n1, n2, "--history", readOnly);
        assertEquals(Cli.EXIT_FAILURE, add.exit(), add.err());
        assertTrue(add.err().contains(readOnly + " cannot take the run " + n2 + ": the store is read-only (a read-only"
                + " file or mount, or a server in read-only mode); 1 of 2 runs stored (" + n1 + "), " + n2 + " not; name a"
                + " writable store with --history (a copy of this one keeps its runs), then bench history add of the same"
                + " directories stores the rest"), add.err());
        CliRun.Outcome none = CliRun.run("history", "add", n2, "--history", readOnly);
        assertEquals(Cli.EXIT_USAGE, none.exit(), none.err());
        assertTrue(none.err().contains("0 of 1 run stored, the store as it was; name a writable store with --history"),
                none.err());
    }

    /**
     * bench run --history stopped by a signal as the run's files were written (sweep 8): the line said the run was
     * whole, not that it was not stored. The stop keeps the store from beginning and says so with the add that stores
     * it; one that comes after the store says the run is stored.
     */
    @Test
    void aStoppedRunsHistoryStepSaysWhetherItIsStoredAndHowToStoreIt() throws Exception {
        Path dir = runDir(1, 1000, new SplittableRandom(3));
        Path file = tmp.resolve("h.sqlite");
        java.util.Map<String, String> labels = new java.util.LinkedHashMap<>();
        labels.put("commit", "abc");
        labels.put("branch", "main");
        HistoryStep early = new HistoryStep(file.toString(), List.of(dir), labels);
        assertEquals("it is not stored in " + file + " (--history): bench history add " + dir + " --history " + file
                + " --label commit=abc --label branch=main stores it", early.stop());
        early.store();
        assertFalse(Files.exists(file), "stored after the stop said it was not");

        HistoryStep late = new HistoryStep(file.toString(), List.of(dir), labels);
        late.store();
        assertEquals("it is stored in " + file + " (--history)", late.stop());
        try (var s = benchkit.history.HistoryStore.open(file.toString(), false)) {
            assertEquals(1, s.runs().size());
        }
    }

    /**
     * A stop while the store waits for a lock another program holds (sweep 9, case 63: sqlite3's BEGIN EXCLUSIVE): the
     * stop's line says the run is not stored and the add that stores it, and the store that then gives up adds no
     * second line saying the same.
     */
    @Test
    void aStopWhileTheStoreIsLockedSaysItIsNotStoredOnce() throws Exception {
        Path dir = runDir(1, 1000, new SplittableRandom(5));
        Path file = tmp.resolve("locked.sqlite");
        try (java.sql.Connection other = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement s = other.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            s.execute("CREATE TABLE z(a)");
            HistoryStep step = new HistoryStep(file.toString(), List.of(dir), java.util.Map.of());
            java.util.concurrent.CompletableFuture<Void> storing = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    step.store();
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            Thread.sleep(300);
            assertEquals("it is not stored in " + file + " (--history): bench history add " + dir + " --history " + file
                    + " stores it", step.stop());
            storing.get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** A signal during history report (sweep 7, case 83) is one line: the page is whole, or as it was. */
    @Test
    void aStoppedHistoryReportSaysThePageIsWholeOrAsItWas() {
        Path page = tmp.resolve("h.html");
        String by = "history report stopped by " + benchkit.core.run.SignalGuard.lastSignal() + ": the page " + page;
        assertEquals(by + " is as it was (it is written whole or not at all); the same bench history report writes it",
                HistoryCommand.Report.stopped(page, false));
        assertEquals(by + " is written (the signal came as it ended)", HistoryCommand.Report.stopped(page, true));
    }

    /**
     * A store another process holds locked, or whose server takes the connection and says nothing, is not bad input:
     * exit 1, "nothing was changed: try again later" (case 88).
     */
    @Test
    void aLockedOrSilentStoreIsToBeTriedAgain() throws Exception {
        Path file = tmp.resolve("h.sqlite");
        assertEquals(0, run("history", "add", runDir(1, 1000, new SplittableRandom(1)).toString(), "--history",
                file.toString()).exit());
        try (var holder = DriverManager.getConnection("jdbc:sqlite:" + file); var st = holder.createStatement()) {
            st.execute("PRAGMA locking_mode=EXCLUSIVE");
            st.execute("INSERT INTO bench_history_schema (version) VALUES (1)");    // takes the lock, kept till closed
            Outcome locked = run("history", "list", "--history", file.toString());
            assertEquals(Cli.EXIT_FAILURE, locked.exit(), locked.err());
            assertTrue(locked.err().startsWith("bench: error: --history: " + file + " is locked by another process")
                    && locked.err().contains("; nothing was changed: try again later"), locked.err());
        }
        try (var silent = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String url = "jdbc:mariadb://127.0.0.1:" + silent.getLocalPort() + "/h?user=u&connectTimeout=300";
            Outcome stopped = run("history", "list", "--history", url);
            assertEquals(Cli.EXIT_FAILURE, stopped.exit(), stopped.err());
            assertTrue(stopped.err().startsWith("bench: error: --history: " + url + " did not answer in time")
                    && stopped.err().contains("; nothing was changed: try again later"), stopped.err());
        }
    }

    /**
     * Run as a user runs it, in a directory without bench-results/: a report without --out writes to its default
     * there (case 44), and a list of the default store that is not there makes nothing and names --history (case 81).
     */
    @Test
    void theDefaultsWorkWhereNothingIsYetAndAReadMakesNothing() throws Exception {
        Path store = tmp.resolve("h.sqlite");
        assertEquals(0, run("history", "add", runDir(1, 1000, new SplittableRandom(2)).toString(), "--history",
                store.toString()).exit());
        Path cwd = Files.createDirectories(tmp.resolve("cwd"));
        ProcessBuilder list = bench(cwd, "history", "list");
        Process listed = list.start();
        String listErr = new String(listed.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(Cli.EXIT_USAGE, listed.waitFor(), listErr);
        assertEquals("bench: " + Path.of("bench-results", "history.sqlite") + ": no history store there; bench history add"
                + " DIR (or --history on a run) makes one (bench's default store; --history or BENCHKIT_HISTORY names"
                + " another)\n", listErr);
        assertFalse(Files.exists(cwd.resolve("bench-results")), "a read made a directory");
        Process reported = bench(cwd, "history", "report", "--history", store.toString()).start();
        String reportErr = new String(reported.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, reported.waitFor(), reportErr);
        assertTrue(Files.readString(cwd.resolve("bench-results/history.html")).contains("point-select at 8 threads, tps"));
    }

    /** bench in its own JVM, in {@code cwd}, its default store not set. */
    private static ProcessBuilder bench(Path cwd, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command).directory(cwd.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        b.environment().remove(benchkit.history.HistoryStore.DEFAULT_ENV);
        return b;
    }

    @Test
    void nightlyChecksPassUntilTheRegressionAndFailFromIt() throws Exception {
        SplittableRandom random = new SplittableRandom(12);
        String store = tmp.resolve("history.sqlite").toString();
        for (int night = 1; night <= 14; night++) {
            Path dir = runDir(night, night >= 12 ? 800 : 1000, random);
            Outcome o = run("history", "check", dir.toString(), "--history", store, "--add", "--label", "commit=c" + night);
            int expected = night >= 12 ? Cli.EXIT_REGRESSION : Cli.EXIT_OK;
            assertEquals(expected, o.exit(), "night " + night + ": " + o.err());
            if (night <= 5) {
                assertTrue(o.err().contains("not judged"), "a check that cannot tell says so: " + o.err());
            }
            if (night > 5 && night < 12) {
                assertTrue(o.err().isEmpty() || o.err().contains("inconclusive") && o.err().contains("cannot tell"),
                        "a pass is clean, or says it could not tell: " + o.err());
            }
            if (night >= 12) {
                assertTrue(o.err().contains("1 of 1 series regressed against the trend"), o.err());
            }
        }
        Path page = tmp.resolve("trend.html");
        assertEquals(0, run("history", "report", "--history", store, "--out", page.toString(), "--x", "commit").exit());
        assertTrue(Files.readString(page).contains("point-select at 8 threads, tps"));
        Outcome unwritable = run("history", "report", "--history", store, "--out", "/proc/x.html");
        assertEquals(Cli.EXIT_USAGE, unwritable.exit(), unwritable.err());
        assertTrue(unwritable.err().contains("cannot write the page /proc/x.html: no such directory"), unwritable.err());
        Outcome again = run("history", "add", tmp.resolve("night03").toString(), "--history", store);
        assertEquals(0, again.exit(), "adding a stored run again changes nothing: " + again.err());
    }

    /**
     * The trend page never goes over a run's files (its results were lost so, sweep 10 case N58) nor over a file of the
     * user's; an earlier trend page is replaced.
     */
    @Test
    void theTrendPageOverwritesNoRunAndNoFileOfTheUsers() throws Exception {
        Path night1 = runDir(1, 1000, new SplittableRandom(3));
        String store = tmp.resolve("h.sqlite").toString();
        assertEquals(0, run("history", "add", night1.toString(), "--history", store).exit());
        Files.createDirectories(night1.resolve("latency"));
        Files.writeString(night1.resolve("latency/external-t8-f1.hlog"), "log");
        for (String file : List.of("jmh-result.json", benchkit.core.result.Journal.FILE_NAME, "report.html", "results.csv",
                "latency/external-t8-f1.hlog")) {
            Path out = night1.resolve(file);
            String before = Files.exists(out) ? Files.readString(out) : null;
            Outcome o = run("history", "report", "--history", store, "--out", out.toString());
            assertEquals(Cli.EXIT_USAGE, o.exit(), file + ": " + o.err());
            assertTrue(o.err().contains("--out " + out + " is a file of the run in "), o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertEquals(before, Files.exists(out) ? Files.readString(out) : null, file + " is untouched");
        }
        Path mine = Files.writeString(tmp.resolve("mine.html"), "<p>my notes</p>");
        Outcome o = run("history", "report", "--history", store, "--out", mine.toString());
        assertEquals(Cli.EXIT_USAGE, o.exit(), o.err());
        assertTrue(o.err().contains("--out " + mine + " exists and is not a trend page bench wrote"), o.err());
        assertEquals("<p>my notes</p>", Files.readString(mine));

        Path page = tmp.resolve("trend.html");
        assertEquals(0, run("history", "report", "--history", store, "--out", page.toString()).exit());
        Outcome again = run("history", "report", "--history", store, "--out", page.toString());
        assertEquals(0, again.exit(), "an earlier trend page is replaced: " + again.err());
    }

    /**
     * The same run with its files re-written (CRLF line ends, minified, keys reordered) is stored once (case 44), also
     * in a store whose keys were hashed from the files' bytes, as bench stored runs before.
     */
    @Test
    void aRunReWrittenWithTheSameContentIsStoredOnce() throws Exception {
        SplittableRandom random = new SplittableRandom(9);
        Path night1 = runDir(1, 1000, random);
        Path crlf = Files.createDirectories(tmp.resolve("crlf"));
        Path reordered = Files.createDirectories(tmp.resolve("reordered"));
        for (Path copy : List.of(crlf, reordered)) {
            for (String f : List.of("jmh-result.json", "run.json", benchkit.core.result.Journal.FILE_NAME)) {
                Files.copy(night1.resolve(f), copy.resolve(f));
            }
        }
        String jmh = Files.readString(night1.resolve("jmh-result.json"));
        Files.writeString(crlf.resolve("jmh-result.json"), jmh.replace(",", ",\r\n") + "\r\n");
        Files.writeString(reordered.resolve("jmh-result.json"), jmh.replace("\"mode\":\"thrpt\",\"threads\":8",
                "\"threads\" : 8, \"mode\" : \"thrpt\""));
        String store = tmp.resolve("h.sqlite").toString();
        Outcome added = run("history", "add", night1.toString(), crlf.toString(), reordered.toString(), "--history", store);
        assertEquals(0, added.exit(), added.err());
        try (var s = benchkit.history.HistoryStore.open(store, false)) {
            assertEquals(1, s.runs().size(), "one run, whatever the bytes of its files");
        }

        String old = tmp.resolve("old.sqlite").toString();
        try (var s = benchkit.history.HistoryStore.open(old, true)) {
            // as bench stored it before: keyed by a hash of the files' bytes
            var run = benchkit.history.RunImport.read(night1, java.util.Map.of());
            s.add(new benchkit.history.StoredRun("ab".repeat(32), run.startedAt(), run.machine(), run.labels(),
                    run.source(), run.jmhResult(), run.runJson()));
        }
        Outcome again = run("history", "add", crlf.toString(), "--history", old);
        assertEquals(0, again.exit(), again.err());
        try (var s = benchkit.history.HistoryStore.open(old, false)) {
            assertEquals(List.of("ab".repeat(32)), s.runs().stream().map(benchkit.history.StoredRun::key).toList(),
                    "an old store keeps its key and takes the run no second time");
        }
    }

    /** --confidence 95 is 95% here as in run and compare (case 42), and a level out of range is refused in bench's words. */
    @Test
    void aConfidenceIsTakenAsAPercentageAsRunAndCompareTakeIt() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        String store = tmp.resolve("history.sqlite").toString();
        Path night1 = runDir(1, 1000, random);
        Outcome percent = run("history", "check", night1.toString(), "--history", store, "--add", "--confidence", "95");
        assertEquals(0, percent.exit(), percent.err());
        assertTrue(percent.err().contains("not judged"), percent.err());
        Outcome wrong = run("history", "check", night1.toString(), "--history", store, "--confidence", "150");
        assertEquals(Cli.EXIT_USAGE, wrong.exit(), wrong.err());
        assertTrue(wrong.err().contains("--confidence=150.0 is not valid; expected a level from 0.5 to below 1 (e.g. 0.95)"
                + " or a percentage from 50 to below 100 (e.g. 95)"), wrong.err());
    }

    /** What a team meets after the first nights: labels added later, mistyped metrics, labels and keys, empty exports. */
    @Test
    void mistakesAreOneLineAndExitTwoAndLabelsCanBeAddedLater() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        String store = tmp.resolve("history.sqlite").toString();
        Path night1 = runDir(1, 1000, random);
        assertEquals(0, run("history", "add", night1.toString(), "--history", store, "--label", "commit=c1").exit());
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertEquals(0, run("history", "add", night1.toString(), "--history", store, "--label", "branch=main",
                    "--label", "commit=other").exit());
            assertEquals(0, run("history", "list", "--history", store).exit());
        } finally {
            System.setOut(stdout);
        }
        String out = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(out.contains("(its stored labels kept: {commit=c1}; a stored run's labels are not changed)"), out);
        assertTrue(out.lines().anyMatch(l -> l.contains("commit=c1") && l.contains("branch=main") && !l.contains("already")),
                "the label it lacked is added: " + out);

        Outcome dirAsPage = run("history", "report", "--history", store, "--out", tmp.toString());
        assertEquals(Cli.EXIT_USAGE, dirAsPage.exit(), dirAsPage.err());
        assertTrue(dirAsPage.err().contains("--out " + tmp + " is a directory; name the page's file"), dirAsPage.err());
        Outcome metric = run("history", "report", "--history", store, "--out", tmp.resolve("p.html").toString(),
                "--metric", "nosuch");
        assertEquals(Cli.EXIT_USAGE, metric.exit(), metric.err());
        assertTrue(metric.err().contains("--metric nosuch: no stored run has it; the stored runs have tps"), metric.err());
        Outcome x = run("history", "report", "--history", store, "--out", tmp.resolve("p.html").toString(), "--x", "nolabel");
        assertEquals(Cli.EXIT_USAGE, x.exit(), x.err());
        assertTrue(x.err().contains("--x nolabel: no stored run has that label; the stored runs' labels are branch, commit"),
                x.err());
        assertFalse(Files.exists(tmp.resolve("p.html")));

        Path other = runDir(2, 1000, random);
        Files.writeString(other.resolve("jmh-result.json"), Files.readString(other.resolve("jmh-result.json"))
                .replace("\"threads\":8", "\"threads\":16"));
        assertEquals(0, run("history", "add", other.toString(), "--history", store).exit());
        String otherKey;
        try (var s = benchkit.history.HistoryStore.open(store)) {
            otherKey = s.runs().stream().filter(r -> r.source().equals(other.toString())).findFirst().orElseThrow().shortKey();
        }
        Outcome elsewhere = run("history", "check", night1.toString(), "--history", store, "--since", otherKey);
        assertEquals(Cli.EXIT_USAGE, elsewhere.exit(), elsewhere.err());
        assertTrue(elsewhere.err().contains("--since " + otherKey + " is a run of other series (point-select at 16 threads"),
                elsewhere.err());
        for (String asked : List.of("tps,nosuch", "latency_p95")) {
            // a gate that judged only the names it knows would pass the rest unseen (case 60)
            Outcome metric2 = run("history", "check", night1.toString(), "--history", store, "--metric", asked);
            assertEquals(Cli.EXIT_USAGE, metric2.exit(), metric2.err());
            assertTrue(metric2.err().contains("the run " + night1 + " has no " + asked.replace("tps,", "") + " to judge;"
                    + " its metrics are tps"), metric2.err());
        }
        Outcome since = run("history", "check", night1.toString(), "--history", store, "--since", "");
        assertEquals(Cli.EXIT_USAGE, since.exit(), since.err());
        assertTrue(since.err().contains("--since '' is not a stored run's key"), since.err());
        Outcome control = run("history", "add", night1.toString(), "--history", store, "--label", "commit=a\tb");
        assertEquals(Cli.EXIT_USAGE, control.exit(), control.err());
        assertTrue(control.err().contains("holds a control character"), control.err());
        Outcome empty = run("history", "export", night1.toString(), "--format", "customSmallerIsBetter");
        assertEquals(Cli.EXIT_USAGE, empty.exit(), empty.err());
        assertTrue(empty.err().contains("has no metric customSmallerIsBetter takes (none where less is better)"), empty.err());
    }
}

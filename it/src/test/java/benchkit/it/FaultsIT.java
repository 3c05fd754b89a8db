package benchkit.it;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults against real processes: signals, a killed server, bad credentials, a full disk, plugins that
 * throw; and secrets never leak.
 */
class FaultsIT {
    private static final String[] SHORT_RUN = {"--workload", "point-select", "--server", "system",
        "--table-size", "1000", "--warmup-iterations", "0", "--report-interval", "1", "--forks", "1"};

    @TempDir
    Path dir;

    @Test
    void sigtermWritesFinishedResultsMarkedIncompleteAndStopsTheServer() throws Exception {
        String mark = ServerProcesses.newMark();
        Path out = dir.resolve("out");
        BenchJar.Running bench = BenchJar.start(dir, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                BenchJar.args(SHORT_RUN, "--threads", "2", "--time", "2", "--iterations", "30", "--out", out.toString()));
        bench.awaitIterations(out, 2, "");
        bench.process().destroy();                                   // SIGTERM
        BenchJar.Result r = bench.finish(120);
        assertEquals(143, r.exit(), r.all());
        List<String> journal = Files.readAllLines(out.resolve("journal.jsonl"));
        assertTrue(journal.get(journal.size() - 1).contains("\"complete\":false"), journal.get(journal.size() - 1));
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertTrue(results.size() == 1 && results.get(0).path("primaryMetric").path("rawData").get(0).size() >= 2,
                "finished iterations kept: " + results);
        ServerProcesses.assertNoneLeft(mark);
    }

    @Test
    void serverKilledMidIterationStopsThatVariantOnly() throws Exception {
        String mark = ServerProcesses.newMark();
        Path out = dir.resolve("out");
        BenchJar.Running bench = BenchJar.start(dir, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                BenchJar.args(SHORT_RUN, "--allocator", "glibc,jemalloc", "--threads", "2", "--time", "2",
                        "--iterations", "4", "--out", out.toString()));
        // the variants' slices run in shuffled order: wait for one of glibc's, which must then be kept
        bench.awaitIterations(out, 1, "glibc");
        Set<Long> servers = ServerProcesses.servers(mark);
        assertEquals(2, servers.size(), "the variants' servers run side by side: " + servers);
        long glibc = -1;
        for (long pid : servers) {
            if (!Files.readString(Path.of("/proc", String.valueOf(pid), "maps")).contains("jemalloc")) {
                glibc = pid;
            }
        }
        assertNotEquals(-1, glibc, "the glibc variant's server is the one without jemalloc mapped");
        new ProcessBuilder("kill", "-9", String.valueOf(glibc)).start().waitFor();
        BenchJar.Result r = bench.finish(300);

        assertNotEquals(0, r.exit(), r.all());
        assertTrue(r.err().contains("server exited") && r.err().contains("during iteration")
                && r.err().contains("variant glibc"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        boolean glibcKept = false;
        boolean jemallocRan = false;
        for (JsonNode e : results) {
            String allocator = e.path("params").path("allocator").asText();
            glibcKept |= allocator.equals("glibc");
            jemallocRan |= allocator.equals("jemalloc") && e.path("primaryMetric").path("score").asDouble() > 0;
        }
        assertTrue(glibcKept, "the killed variant's finished iterations are kept: " + results);
        assertTrue(jemallocRan, "the other variant still ran: " + results);
        assertTrue(Files.readString(out.resolve("journal.jsonl")).contains("\"variant\":\"glibc\""));
        ServerProcesses.assertNoneLeft(mark);
    }

    @Test
    void wrongPasswordUnreachableServerAndSecretsNeverShown() throws Exception {
        try (ServerHandle server = new MysqlLauncher().launch(
                new ServerSpec("system", Map.of(), AllocatorSpec.GLIBC, ""))) {
            String password = server.target().password();
            assertTrue(password.length() >= 12, "the launcher generates a real password");
            String port = String.valueOf(server.target().port());
            String[] external = {"--workload", "point-select", "--mysql-host", "127.0.0.1", "--mysql-port", port,
                "--mysql-user", server.target().user(), "--connect-timeout", "5", "--threads", "2", "--time", "1",
                "--iterations", "1", "--warmup-iterations", "0", "--report-interval", "1", "--table-size", "500"};

            long t0 = System.nanoTime();
            BenchJar.Result denied = BenchJar.run(dir, 60, Map.of("BENCH_MYSQL_PASSWORD", "Wr0ngSecretXyz"),
                    BenchJar.args(external, "--out", dir.resolve("denied").toString()));
            // a refused login is bad input, one line before anything starts (sweep 10, case N52)
            assertEquals(2, denied.exit(), denied.all());
            assertEquals("bench: the server at 127.0.0.1:" + port + " refused " + server.target().user() + " (database sbtest):"
                    + " access denied for user '" + server.target().user() + "' (check --mysql-user and the password: "
                    + "BENCH_MYSQL_PASSWORD, BENCH_MYSQL_PASSWORD_FILE, --mysql-password or an experiment file's)",
                    denied.err().strip());
            assertFalse(denied.out().contains("# Results"), "nothing measured, no results claimed: " + denied.out());
            assertFalse(Files.exists(dir.resolve("denied")), "nothing written");
            assertFalse(denied.all().contains("Wr0ngSecretXyz"), "a password must never be echoed");
            assertTrue((System.nanoTime() - t0) / 1e9 < 45, "bounded time");

            BenchJar.Result unreachable = BenchJar.run(dir, 60, Map.of(), "--workload", "point-select",
                    "--mysql-host", "127.0.0.1", "--mysql-port", "1", "--connect-timeout", "3",
                    "--out", dir.resolve("unreachable").toString());
            assertEquals(1, unreachable.exit(), unreachable.all());
            assertTrue(unreachable.err().contains("127.0.0.1:1"), unreachable.err());
            assertTrue(unreachable.err().contains("nothing is listening there (connection refused)"), unreachable.err());
            assertTrue(unreachable.out().contains("# Waiting for the server at 127.0.0.1:1 (nothing is listening there "
                    + "(connection refused)), up to 3 s (--connect-timeout)"), "the wait is shown: " + unreachable.out());

            Path out = dir.resolve("ok");
            BenchJar.Running running = BenchJar.start(dir, Map.of("BENCH_MYSQL_PASSWORD", password),
                    BenchJar.args(external, "--out", out.toString()));
            boolean onACommandLine = false;
            while (running.process().isAlive()) {
                onACommandLine |= anyCommandLineContains(password);
                Thread.sleep(200);
            }
            BenchJar.Result ok = running.finish(10);
            assertEquals(0, ok.exit(), ok.all());
            assertFalse(onACommandLine, "the password appeared on a process command line");
            assertFalse(ok.all().contains(password), "the password appeared in bench's output");
            try (Stream<Path> files = Files.walk(out)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                    assertFalse(Files.readString(f).contains(password), "the password appeared in " + f);
                }
            }
        }
    }

    @Test
    void resultDirectoryWithTooLittleSpaceIsRefusedBeforeAnyServerStarts() throws Exception {
        String mark = ServerProcesses.newMark();
        try (Tmpfs disk = Tmpfs.mount(dir.resolve("disk"), "64k");
             ServerProcesses.Watch watch = new ServerProcesses.Watch(mark)) {
            Path out = disk.dir().resolve("out");
            BenchJar.Result r = BenchJar.run(dir, 120, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                    BenchJar.args(SHORT_RUN, "--threads", "2", "--time", "1", "--iterations", "3", "--out", out.toString()));
            assertEquals(2, r.exit(), r.all());
            String err = r.err().strip();
            assertTrue(err.matches("bench: not enough free space for the results in " + Pattern.quote(out.toString())
                    + ": \\d+ bytes usable, at least \\d+ needed; free space there, or give another --out"), err);
            assertFalse(Files.exists(out.resolve("journal.jsonl")), "refused before the run started");
            assertTrue(watch.seen().isEmpty(), "no server started: " + watch.seen());
        }
    }

    /**
     * A temporary directory too small for a server's datadir (InnoDB preallocates its redo log): the failure names the
     * directory, its free space and TMPDIR, where it said only "failed with error 28" (issue #51).
     */
    @Test
    void aTemporaryDirectoryTooSmallForTheServerNamesItAndTmpdir() throws Exception {
        String mark = ServerProcesses.newMark();
        try (Tmpfs disk = Tmpfs.mount(dir.resolve("small-tmp"), "40m")) {
            BenchJar.Result r = BenchJar.run(dir, 180, Map.of(ServerProcesses.MARK_VARIABLE, mark, "TMPDIR",
                    disk.dir().toString()), BenchJar.args(SHORT_RUN, "--time", "1", "--iterations", "1", "--out",
                    dir.resolve("out").toString()));
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().matches("(?s).*bench: error: could not start or reach the server .*error 28; no space left for its "
                    + "datadir in " + Pattern.quote(disk.dir().toString()) + "[^ ]* \\([0-9]+ MB free\\): free some, or set "
                    + "TMPDIR to a directory on a larger file system\n.*"), r.err());
            ServerProcesses.assertNoneLeft(mark);
        }
    }

    @Test
    void diskFullMidRunKeepsTheJournalNamesTheFileAndStopsTheServer() throws Exception {
        String mark = ServerProcesses.newMark();
        try (Tmpfs disk = Tmpfs.mount(dir.resolve("disk"), "1m")) {
            Path out = disk.dir().resolve("out");
            BenchJar.Running bench = BenchJar.start(dir, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                    BenchJar.args(SHORT_RUN, "--threads", "2", "--time", "1", "--iterations", "60", "--out", out.toString()));
            bench.awaitIterations(out, 2, "");
            long journaled = iterations(out);
            disk.fill("filler");
            BenchJar.Result r = bench.finish(180);

            assertEquals(1, r.exit(), r.all());
            // the system's words for ENOSPC follow the locale (the tests run under tr_TR): the file is named either way
            assertTrue(r.err().matches("(?s).*(No space left on device|Aygıt üzerinde boş yer yok).*")
                    && r.err().contains("journal.jsonl"), r.err());
            assertTrue(r.err().lines().allMatch(l -> l.startsWith("bench: ")), "one-line messages: " + r.err());
            assertFalse(r.all().contains("\tat "), "no stack trace: " + r.all());
            String journal = Files.readString(out.resolve("journal.jsonl"));
            assertTrue(journal.endsWith("\n"), "no cut-off last line: " + journal);
            for (String line : journal.split("\n")) {
                new ObjectMapper().readTree(line);                  // every line is whole JSON
            }
            long kept = iterations(out);
            assertTrue(kept >= journaled, "iterations journaled before the disk filled are kept: " + kept);
            assertTrue(kept < 60, "the run stopped once the journal could not be written: " + kept);
            try (Stream<Path> files = Files.list(out)) {
                List<String> names = files.map(f -> f.getFileName().toString()).toList();
                // the run's lock file stays by design (ResultLock); any other dot file would be a temporary one
                assertTrue(names.stream().noneMatch(n -> n.startsWith(".") && !n.equals(".bench-run.lock")),
                        "no temporary file left: " + names);
                for (String json : List.of("jmh-result.json", "run.json")) {
                    if (names.contains(json)) {
                        new ObjectMapper().readTree(out.resolve(json).toFile());   // whole, or not there at all
                    }
                }
                if (names.contains("report.html")) {
                    assertTrue(Files.readString(out.resolve("report.html")).strip().endsWith("</html>"));
                }
            }
            ServerProcesses.assertNoneLeft(mark);
        }
    }

    @Test
    void collectorThatThrowsIsNamedAndTheNextVariantStillRuns() throws Exception {
        Path plugins = FaultyPlugins.dir(dir);
        String mark = ServerProcesses.newMark();
        Path out = dir.resolve("out");
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                BenchJar.args(SHORT_RUN, "--plugin-dir", plugins.toString(), "--collect", "faulty", "--allocator", "glibc,jemalloc",
                        "--threads", "2", "--time", "1", "--iterations", "3", "--out", out.toString()));

        assertEquals(1, r.exit(), r.all());
        for (String variant : List.of("glibc", "jemalloc")) {
            assertTrue(r.err().contains("collector faulty failed in afterIteration of iteration 2 (variant " + variant
                    + ", 2 threads, fork 1): sensor unplugged"), r.err());
        }
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertFalse(r.all().contains("\tat "), "no stack trace: " + r.all());
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size(), "both variants ran and kept iteration 1: " + results);
        for (JsonNode e : results) {
            assertEquals(1, e.path("primaryMetric").path("rawData").get(0).size(), e.toString());
            assertTrue(e.path("secondaryMetrics").has("faulty.value"), "the collector's metric of iteration 1");
        }
        String journal = Files.readString(out.resolve("journal.jsonl"));
        assertTrue(journal.contains("\"variant\":\"glibc\"") && journal.contains("\"variant\":\"jemalloc\""), journal);
        assertTrue(Files.readString(out.resolve("report.html")).contains("jemalloc"));
        ServerProcesses.assertNoneLeft(mark);
    }

    @Test
    void sessionThatThrowsIsNamedAndFailFastStopsTheMatrix() throws Exception {
        Path plugins = FaultyPlugins.dir(dir);
        String mark = ServerProcesses.newMark();
        Path out = dir.resolve("out");
        // --rate paces the session: 100 events/s, so 250 events end it in the third 1-s iteration.
        BenchJar.Result r = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--plugin-dir", plugins.toString(), "--workload", "faulty-session", "--fail-after", "250",
                "--rate", "100", "--server", "system", "--forks", "1", "--allocator", "glibc,jemalloc", "--threads", "1",
                "--time", "1", "--iterations", "5", "--warmup-iterations", "0", "--report-interval", "1",
                "--fail-fast", "--out", out.toString());

        assertEquals(1, r.exit(), r.all());
        String err = r.err().strip();
        // The variants interleave, so either session may reach its 250th event first; fail-fast stops at that one.
        assertTrue(err.matches("bench: error: workload faulty-session: session failed in iteration \\d "
                + "\\(variant (glibc|jemalloc), 1 threads, fork 1\\): lost the device after 250 events"), err);
        assertFalse(r.all().contains("\tat "), "no stack trace: " + r.all());
        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        for (JsonNode e : results) {
            assertTrue(e.path("primaryMetric").path("rawData").get(0).size() >= 1, "finished iterations kept: " + e);
        }
        assertTrue(iterations(out) >= 1);
        assertTrue(iterations(out) < 2 * 5, "fail-fast stopped before every slice ran: " + iterations(out));
        ServerProcesses.assertNoneLeft(mark);

        // --stacktrace: where in the plugin's session it failed
        BenchJar.Result traced = BenchJar.run(dir, 300, Map.of(ServerProcesses.MARK_VARIABLE, mark),
                "--plugin-dir", plugins.toString(), "--workload", "faulty-session", "--fail-after", "20",
                "--server", "system", "--threads", "1", "--time", "1", "--iterations", "2", "--warmup-iterations", "0",
                "--stacktrace", "--out", dir.resolve("traced").toString());
        assertEquals(1, traced.exit(), traced.all());
        assertTrue(traced.out().contains("java.io.IOException: lost the device after 20 events")
                && traced.out().contains("com.example.faulty.FaultySessionFactory"), traced.all());
        ServerProcesses.assertNoneLeft(mark);
    }

    private static long iterations(Path out) throws IOException {
        return Files.readAllLines(out.resolve("journal.jsonl")).stream()
                .filter(l -> l.contains("\"event\":\"iteration\"")).count();
    }

    private static boolean anyCommandLineContains(String secret) throws IOException {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().matches("\\d+")).anyMatch(p -> {
                try {
                    return new String(Files.readAllBytes(p.resolve("cmdline"))).contains(secret);
                } catch (IOException | RuntimeException gone) {
                    return false;
                }
            });
        }
    }



}

package benchkit.core.run.results;


import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultDirectoryTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryWithAnEarlierRunIsRefusedAndForceRemovesOnlyBenchsFiles() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        ResultDirectory.requireFresh(out, false, "--out");              // empty: fine
        Files.writeString(out.resolve("notes.txt"), "mine");
        ResultDirectory.requireFresh(out, false, "--out");              // the user's own files are no run
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        Files.writeString(out.resolve("jmh-result.json"), "[]");
        Path latency = Files.createDirectories(out.resolve("latency"));
        try (var log = benchkit.core.result.LatencyLog.open(out, "glibc", 2, 1, 0)) {
            assertTrue(Files.isRegularFile(log.file()));
        }
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, false, "--out"));
        assertEquals("--out " + out + " holds the results of an earlier run (" + out.resolve("journal.jsonl")
                + "), which bench does not overwrite: give another directory, or --force to replace them", e.getMessage());

        ResultDirectory.requireFresh(out, true, "--out").discard();     // the new run measured
        assertFalse(Files.exists(out.resolve("journal.jsonl")));
        assertFalse(Files.exists(latency));
        assertEquals("mine", Files.readString(out.resolve("notes.txt")), "nothing but bench's own files goes");
        ResultDirectory.requireFresh(out, false, "--out");
    }

    /** --out / (what --out "$EMPTY/" gives) wrote the run's files among the system's folders (sweep 8, case 3). */
    @Test
    void theRootOfTheFileSystemIsNoRunDirectory() {
        for (String root : new String[] {"/", "/tmp/..", "//"}) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class,
                    () -> ResultDirectory.requireFresh(Path.of(root), true, "--out"));
            assertEquals("--out " + Path.of(root) + " is the root of the file system; name a directory of the run's own,"
                    + " e.g. bench-results/run1", e.getMessage());
        }
    }

    /** A '..' after a missing directory, and a link that leads nowhere, are said as such (sweep 9, case 26). */
    @Test
    void aPathThatCannotBeWalkedIsSaidSo() throws Exception {
        Path through = tmp.resolve("runs/x/../y");
        Files.createDirectories(tmp.resolve("runs"));
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(through, false, "--out"));
        assertEquals("--out " + through + " goes through " + tmp.resolve("runs/x") + ", which does not exist, before its"
                + " '..'; name the directory without '..'", e.getMessage());
        assertFalse(Files.exists(tmp.resolve("runs/y")), "nothing made");
        Files.createDirectories(tmp.resolve("runs/x"));
        ResultDirectory.requireFresh(through, false, "--out");       // walkable now

        Path loop = tmp.resolve("loop");
        Files.createSymbolicLink(loop, loop);
        InvalidOptionException l = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(loop, false, "--out"));
        assertEquals("--out " + loop + " is a link that leads nowhere (a loop, or its target is gone); name a directory",
                l.getMessage());
    }

    /** --force over a --clients run (sweep 6, case 109): its worker directories and logs go too, a user's file stays. */
    @Test
    void forceRemovesAClientsRunsWorkerDirectoriesAndLogs() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("clients"));
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        for (int i = 0; i < 3; i++) {
            Path worker = Files.createDirectories(out.resolve("worker-" + i));
            Files.writeString(worker.resolve("journal.jsonl"), "{}\n");
            Files.writeString(worker.resolve("jmh-result.json"), "[]");
            Files.writeString(worker.resolve(ResultLock.FILE), "");
            Files.writeString(out.resolve("worker-" + i + ".log"), "worker log");
        }
        Files.writeString(out.resolve("worker-2").resolve("mine.txt"), "mine");
        Files.createDirectories(out.resolve("worker-notes"));

        ResultDirectory.requireFresh(out, true, "--out").discard();     // the new run measured
        assertFalse(Files.exists(out.resolve("worker-0")));
        assertFalse(Files.exists(out.resolve("worker-1.log")));
        assertEquals("mine", Files.readString(out.resolve("worker-2").resolve("mine.txt")), "a user's file stays, and its directory");
        assertFalse(Files.exists(out.resolve("worker-2").resolve("journal.jsonl")));
        assertTrue(Files.isDirectory(out.resolve("worker-notes")), "not a worker's run");
        ResultDirectory.requireFresh(out, false, "--out");
    }

    @Test
    void forceKeepsTheUsersFilesAndANestedRunInLatency() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        Path bench;
        try (var log = benchkit.core.result.LatencyLog.open(out, "glibc", 2, 1, 0)) {
            bench = log.file();
        }
        Path latency = out.resolve("latency");
        Files.writeString(latency.resolve("mynotes.txt"), "mine");
        Files.writeString(latency.resolve("my-t2-f1.hlog"), "#my own log\n");     // bench's name, not its log
        Path nested = Files.createDirectories(latency.resolve("other"));
        Files.writeString(nested.resolve("journal.jsonl"), "{}\n");

        ResultDirectory.requireFresh(out, true, "--out");
        assertFalse(Files.exists(bench));
        assertFalse(Files.exists(out.resolve("journal.jsonl")));
        assertEquals("mine", Files.readString(latency.resolve("mynotes.txt")));
        assertTrue(Files.exists(latency.resolve("my-t2-f1.hlog")));
        assertTrue(Files.exists(nested.resolve("journal.jsonl")));

        Files.writeString(latency.resolve("journal.jsonl"), "{}\n");              // a run made there by an older bench
        for (boolean force : new boolean[] {false, true}) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class,
                    () -> ResultDirectory.requireFresh(out, force, "--out"));
            assertEquals("--out " + out + " holds another run in " + latency + " (" + latency.resolve("journal.jsonl")
                    + "), where bench writes its latency logs: move that run out of it first", e.getMessage());
        }
        assertTrue(Files.exists(latency.resolve("journal.jsonl")), "the run nested in latency/ is not this one");
    }

    @Test
    void aDirectoryInsideAnEarlierRunIsRefused() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("base"));
        Files.writeString(run.resolve("jmh-result.json"), "[]");
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(run.resolve("latency/x"), true, "--out"));
        assertEquals("--out " + run.resolve("latency/x") + " lies inside the directory of an earlier run ("
                + run.resolve("jmh-result.json") + "), whose files it would mix with: give a directory outside " + run,
                e.getMessage());
        ResultDirectory.requireFresh(tmp.resolve("next"), false, "--out");      // beside it: fine
    }

    @Test
    void runsStartedAtOnceGetDistinctDefaultDirectories() throws Exception {
        Path dir = tmp.resolve("bench-results/20261129-100000-point-select");
        var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
        try {
            var names = new java.util.ArrayList<java.util.concurrent.Future<Path>>();
            for (int i = 0; i < 8; i++) {
                names.add(pool.submit(() -> ResultDirectory.unique(dir)));
            }
            var taken = new java.util.HashSet<Path>();
            for (var n : names) {
                assertTrue(taken.add(n.get()), "two runs got " + n.get());
                assertTrue(Files.isDirectory(n.get()), "made, so that no later run takes it");
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aRunOfSeveralWorkloadsIsFoundInItsSubdirectoriesExceptForAMerge() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("combined/point-select"));
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(tmp.resolve("combined"), false, "--out"));
        ResultDirectory.requireFresh(tmp.resolve("combined"), false, "--out", false); // workers' dirs inside a merge's
    }

    @Test
    void anEmptyPathOrAFileIsBadInputAndDefaultNamesAreMadeUnique() throws Exception {
        assertTrue(assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(Path.of(""), false, "--out"))
                .getMessage().startsWith("--out needs a directory"));
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(file, false, "--out"));
        Path dir = tmp.resolve("20261125-101010-point-select");
        assertEquals(dir, ResultDirectory.unique(dir));
        assertEquals(tmp.resolve("20261125-101010-point-select-2"), ResultDirectory.unique(dir));
    }

    private static final String START = "{\"event\":\"start\",\"workload\":\"point-select\",\"variants\":{},\"threads\":[2]}\n";
    private static final String ITERATION = "{\"event\":\"iteration\",\"variant\":\"v\",\"threads\":2,\"fork\":1,"
            + "\"iteration\":1,\"warmup\":false,\"events\":5,\"durationSec\":1.0}\n";

    /** A folder that holds runs is not one (sweep 7, case 47): refused with --force too, naming them, and nothing goes. */
    @Test
    void aFolderHoldingRunsIsRefusedEvenWithForce() throws Exception {
        Path p = Files.createDirectories(tmp.resolve("p"));
        for (String r : new String[] {"r1", "r2"}) {
            Files.createDirectories(p.resolve(r));
            Files.writeString(p.resolve(r).resolve("journal.jsonl"), START + ITERATION);
            Files.writeString(p.resolve(r).resolve("jmh-result.json"), "[]");
        }
        for (Path out : new Path[] {p, p.resolve(".")}) {
            for (boolean force : new boolean[] {false, true}) {
                InvalidOptionException e = assertThrows(InvalidOptionException.class,
                        () -> ResultDirectory.requireFresh(out, force, "--out"));
                assertEquals("--out " + out + " holds 2 runs in its subfolders (" + p.resolve("r1") + ", " + p.resolve("r2")
                        + "): --force replaces only a run in " + out + " itself, never theirs; choose another --out",
                        e.getMessage());
            }
        }
        assertTrue(Files.exists(p.resolve("r1/jmh-result.json")) && Files.exists(p.resolve("r2/journal.jsonl")));

        Files.writeString(p.resolve("journal.jsonl"), START);          // a run of its own beside them: still refused
        assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(p, true, "--out"));
        assertTrue(Files.exists(p.resolve("journal.jsonl")) && Files.exists(p.resolve("r1/journal.jsonl")));
    }

    /** A run of several workloads keeps one in a subfolder named as its workload: --force replaces it with the run. */
    @Test
    void forceReplacesTheWorkloadsOfARunOfSeveral() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("combined/point-select"));
        Files.writeString(out.resolve("journal.jsonl"), START + ITERATION);
        ResultDirectory.requireFresh(tmp.resolve("combined"), true, "--out");
        assertFalse(Files.exists(out.resolve("journal.jsonl")));
    }

    /** bench's file names with no run beside them are not overwritten silently (sweep 7, case 81). */
    @Test
    void filesOfBenchsNamesAreRefusedUnlessForced() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("d"));
        Files.writeString(out.resolve("run.json"), "{\"mine\": 1}");
        Files.writeString(out.resolve("results.csv"), "mine");
        Files.writeString(out.resolve("notes.txt"), "mine");
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, false, "--out"));
        assertEquals("--out " + out + " holds " + out.resolve("results.csv") + ", " + out.resolve("run.json")
                + ", which bench would overwrite: give another directory, or --force to replace them", e.getMessage());
        assertEquals("mine", Files.readString(out.resolve("results.csv")));

        Path only = Files.createDirectories(tmp.resolve("h/latency"));
        Files.writeString(only.resolve("glibc-t2-f1.hlog"), "#copied\n");
        e = assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(tmp.resolve("h"), false, "--out"));
        assertEquals("--out " + tmp.resolve("h") + " holds " + only.resolve("glibc-t2-f1.hlog")
                + ", which bench would overwrite: give another directory, or --force to replace it", e.getMessage());

        ResultDirectory.requireFresh(out, true, "--out").discard();     // the new run measured
        assertFalse(Files.exists(out.resolve("run.json")));
        assertEquals("mine", Files.readString(out.resolve("notes.txt")), "only bench's names go");
        ResultDirectory.requireFresh(out, false, "--out");
    }

    /** A run killed in its prepare holds nothing bench report could write (sweep 7, case 89): the line says so. */
    @Test
    void aRunEndedBeforeMeasuringIsNamedSoWithoutPointingToReport() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("kp"));
        Files.writeString(out.resolve("journal.jsonl"), START);
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, false, "--out"));
        assertEquals("--out " + out + " holds an earlier run that ended before any measured iteration finished (the "
                + "journal has no end line (the run was killed or is still running); " + out.resolve("journal.jsonl")
                + "), so it holds no result, but bench does not overwrite it: --force to replace it, or give another "
                + "directory", e.getMessage());

        Files.writeString(out.resolve("journal.jsonl"), START + ITERATION);     // one finished: bench report writes it
        assertTrue(assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(out, false, "--out"))
                .getMessage().endsWith("(--force deletes it; its run stopped before writing its result files (the journal "
                        + "has no end line (the run was killed or is still running)): bench report " + out
                        + " writes what it finished from its journal)"));
    }
}

package benchkit.core.run.results;

import benchkit.core.result.LatencyLog;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** --force sets the earlier run aside, and deletes it only once the new run has measured (#51). */
class ReplacedRunTest {
    private static final String START = "{\"event\":\"start\",\"workload\":\"point-select\",\"variants\":{},\"threads\":[2]}\n";
    private static final String MEASURED = "{\"event\":\"iteration\",\"variant\":\"v\",\"threads\":2,\"fork\":1,"
            + "\"iteration\":1,\"warmup\":false,\"events\":5,\"durationSec\":1.0}\n";
    private static final String END_FAILED = "{\"event\":\"end\",\"complete\":false,\"error\":\"cannot connect\"}\n";

    @TempDir
    Path tmp;

    /** An earlier run with a journal, JMH results, a latency log, and a user's file beside them. */
    private Path earlierRun() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("journal.jsonl"), START + MEASURED);
        Files.writeString(out.resolve("jmh-result.json"), "[{\"benchmark\": \"earlier\"}]");
        try (var log = LatencyLog.open(out, "glibc", 2, 1, 0)) {
            assertTrue(Files.isRegularFile(log.file()));
        }
        Files.writeString(out.resolve("notes.txt"), "mine");
        return out;
    }

    @Test
    void theEarlierRunWaitsAsideAndGoesOnceTheNewRunHasMeasured() throws Exception {
        Path out = earlierRun();
        ReplacedRun replaced = ResultDirectory.requireFresh(out, true, "--out");
        assertFalse(Files.exists(out.resolve("jmh-result.json")));
        assertFalse(Files.exists(out.resolve("latency")));
        assertTrue(Files.isRegularFile(out.resolve(ReplacedRun.DIR).resolve("jmh-result.json")), "set aside, not deleted");

        Files.writeString(out.resolve("journal.jsonl"), START + MEASURED);        // the new run's first measured iteration
        assertEquals(Optional.empty(), replaced.settle());
        assertFalse(Files.exists(out.resolve(ReplacedRun.DIR)), "deleted once the new run measured");
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        assertEquals(START + MEASURED, Files.readString(out.resolve("journal.jsonl")), "the new run's stays");
    }

    @Test
    void aNewRunThatMeasuredNothingPutsTheEarlierOneBack() throws Exception {
        Path out = earlierRun();
        byte[] jmh = Files.readAllBytes(out.resolve("jmh-result.json"));
        byte[] journal = Files.readAllBytes(out.resolve("journal.jsonl"));
        Path log;
        try (var l = LatencyLog.open(out, "glibc", 2, 1, 0)) {
            log = l.file();
        }
        byte[] latency = Files.readAllBytes(log);

        ReplacedRun replaced = ResultDirectory.requireFresh(out, true, "--out");
        Files.writeString(out.resolve("journal.jsonl"), START + END_FAILED);     // the new run could not connect
        Files.writeString(out.resolve("run.json"), "{}");

        assertEquals(Optional.of("the earlier run in " + out + " is kept: --force replaces it only once the new run has"
                + " measured"), replaced.settle());
        assertArrayEquals(jmh, Files.readAllBytes(out.resolve("jmh-result.json")));
        assertArrayEquals(journal, Files.readAllBytes(out.resolve("journal.jsonl")));
        assertArrayEquals(latency, Files.readAllBytes(log));
        assertFalse(Files.exists(out.resolve("run.json")), "the failed run's own files go");
        assertFalse(Files.exists(out.resolve(ReplacedRun.DIR)));
        assertEquals("mine", Files.readString(out.resolve("notes.txt")));
        assertEquals(Optional.empty(), replaced.settle(), "once");
    }

    /** While the run that set them aside goes on, another command leaves them alone and says so. */
    @Test
    void filesAsideOfARunStillGoingAreNotTouched() throws Exception {
        Path out = earlierRun();
        ReplacedRun replaced = ResultDirectory.requireFresh(out, true, "--out");
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ReplacedRun.recover(out, "--out"));
        assertTrue(e.getMessage().startsWith("--out " + out.resolve(ReplacedRun.DIR) + " is being written by another run"),
                e.getMessage());
        assertTrue(Files.isRegularFile(out.resolve(ReplacedRun.DIR).resolve("jmh-result.json")));
        replaced.settle();
        assertTrue(Files.isRegularFile(out.resolve("jmh-result.json")));
    }

    /** A --force run killed (SIGKILL) before it measured: the next command that meets the directory puts the run back. */
    @Test
    void aKilledRunsEarlierRunIsPutBackByTheNextCommand() throws Exception {
        Path out = earlierRun();
        byte[] jmh = Files.readAllBytes(out.resolve("jmh-result.json"));
        killedWhileAside(out);
        assertFalse(Files.exists(out.resolve("jmh-result.json")));

        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, false, "--out"));
        assertTrue(e.getMessage().contains("holds the results of an earlier run"), e.getMessage());
        assertArrayEquals(jmh, Files.readAllBytes(out.resolve("jmh-result.json")));
        assertFalse(Files.exists(out.resolve(ReplacedRun.DIR)));
    }

    /** Killed after it measured: the files aside are named, never deleted unsaid, and --force does not go past them. */
    @Test
    void aKilledRunThatMeasuredLeavesTheEarlierRunAsideForTheUser() throws Exception {
        Path out = earlierRun();
        killedWhileAside(out);
        Files.writeString(out.resolve("journal.jsonl"), START + MEASURED);        // it measured before it was killed

        ReplacedRun.recover(out, "--out");
        assertTrue(Files.isRegularFile(out.resolve(ReplacedRun.DIR).resolve("jmh-result.json")));
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, true, "--out"));
        assertEquals("--out " + out + " holds " + out.resolve(ReplacedRun.DIR) + ", the files of a run an earlier --force"
                + " replaced: move them out of it (or delete it), then run again", e.getMessage());
        assertTrue(Files.isRegularFile(out.resolve(ReplacedRun.DIR).resolve("jmh-result.json")));
    }

    /** bench merge replaces only its --out's own files: the workers' runs in its subdirectories are its input. */
    @Test
    void aMergeThatWroteNothingLeavesTheWorkersRunsInItsDirectory() throws Exception {
        Path out = earlierRun();
        Path worker = Files.createDirectories(out.resolve("worker-0"));
        Files.writeString(worker.resolve("journal.jsonl"), START + MEASURED);

        ReplacedRun replaced = ResultDirectory.requireFresh(out, true, "--out", false);
        assertTrue(replaced.settle().isPresent(), "the workers' measured runs are not the merge's");
        assertEquals(START + MEASURED, Files.readString(worker.resolve("journal.jsonl")));
        assertTrue(Files.isRegularFile(out.resolve("jmh-result.json")));
    }

    /** Sets the earlier run in {@code out} aside in another JVM, which is then killed with SIGKILL. */
    private static void killedWhileAside(Path out) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), KilledForceRun.class.getName(), out.toString())
                .redirectErrorStream(true).start();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("aside", r.readLine());
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        }
        assertTrue(Files.isDirectory(out.resolve(ReplacedRun.DIR)));
    }

    /** A --force run that sets the earlier run aside and then waits to be killed. */
    static final class KilledForceRun {
        public static void main(String[] args) throws Exception {
            ResultDirectory.requireFresh(Path.of(args[0]), true, "--out");
            System.out.println("aside");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}

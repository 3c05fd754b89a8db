package benchkit.core.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A signal that stops a run, in a JVM of its own ({@link SignalledRun}): what finished is kept, exit 128 + its number. */
class SignalGuardTest {
    @TempDir
    Path dir;

    /**
     * SIGUSR1, whose default action ended the JVM with 138 and no end record in the journal (issue #51), stops the run as
     * SIGTERM does: the journal ends, marked incomplete, naming the signal; the exit code is still 138.
     */
    @Test
    void sigusr1EndsTheJournalAndExits138() throws Exception {
        Path out = dir.resolve("out");
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SignalledRun.class.getName(), out.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (iterations(out) < 1) {
                assertTrue(run.isAlive(), "the run ended before it was signalled: " + console());
                assertTrue(System.nanoTime() < until, "no iteration within 60 s: " + console());
                Thread.sleep(100);
            }
            // in the C locale: procps' kill misreads some signal names under tr_TR, which the tests run in
            ProcessBuilder kill = new ProcessBuilder("kill", "-USR1", String.valueOf(run.pid()));
            kill.environment().put("LC_ALL", "C");
            assertEquals(0, kill.start().waitFor());
            assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the run did not stop: " + console());
        } finally {
            run.destroyForcibly();
        }
        assertEquals(138, run.exitValue(), console());
        List<JsonNode> journal = JournalLines.read(out);
        JsonNode end = journal.get(journal.size() - 1);
        assertEquals("end", end.path("event").asText(), journal.toString());
        assertFalse(end.path("complete").asBoolean(), journal.toString());
        assertTrue(end.toString().contains("interrupted by SIGUSR1; results so far are kept"), end.toString());
        assertFalse(console().contains("\tat "), console());
    }

    private static long iterations(Path out) throws Exception {
        if (!Files.isRegularFile(out.resolve("journal.jsonl"))) {
            return 0;
        }
        return Files.readAllLines(out.resolve("journal.jsonl")).stream().filter(l -> l.contains("\"iteration\"")).count();
    }

    private String console() {
        try {
            return Files.readString(dir.resolve("console.txt"), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "(no console: " + e.getMessage() + ")";
        }
    }
}

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
import static org.junit.jupiter.api.Assumptions.assumeFalse;

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
        assertEquals(138, runSignalled(List.of("USR1")), console());
        JsonNode end = endRecord();
        assertTrue(end.toString().contains("interrupted by SIGUSR1; results so far are kept"), end.toString());
        assertFalse(console().contains("\tat "), console());
    }

    /** A signal in the warm-up keeps nothing: "results so far are kept" promised what was not there (sweep 9). */
    @Test
    void aSignalBeforeAnyMeasurementSaysNothingWasMeasured() throws Exception {
        assertEquals(138, runSignalled(List.of("USR1"), "0", "200"), console());
        assertTrue(endRecord().toString().contains("interrupted by SIGUSR1 before any measurement iteration finished: run"
                + " the benchmark again"), console());
        assertFalse(console().contains("results so far are kept"), console());
    }

    /**
     * SIGALRM and SIGXCPU (ulimit -t) ended the JVM with 142 and 152 and no line (sweep 5, case 60): they stop the run
     * as SIGUSR1 does, with the same codes.
     */
    @Test
    void sigalrmAndSigxcpuEndTheJournalWithTheirCodes() throws Exception {
        assertEquals(142, runSignalled(List.of("ALRM")), console());
        assertTrue(endRecord().toString().contains("interrupted by SIGALRM; results so far are kept"), console());
        deleteOut();
        assertEquals(152, runSignalled(List.of("XCPU")), console());
        assertTrue(endRecord().toString().contains("interrupted by SIGXCPU (its CPU time limit, ulimit -t)"), console());
    }

    /**
     * A signal while a completed run's files were written ended it with 143 and no line, though the files said complete
     * (sweep 6, case 64): the stop says what they hold; a run the signal interrupted gets no such line.
     */
    @Test
    void aSignalAsACompletedRunsFilesAreWrittenSaysWhatTheyHold() throws Exception {
        for (boolean completes : new boolean[] {true, false}) {
            SignalGuard[] guard = new SignalGuard[1];
            java.util.concurrent.CountDownLatch installed = new java.util.concurrent.CountDownLatch(1);
            Thread run = new Thread(() -> {
                guard[0] = SignalGuard.install(Thread.currentThread());
                installed.countDown();
                try {
                    Thread.sleep(60_000);          // writing its files, until the signal's interrupt
                } catch (InterruptedException e) {
                    // the files are written all the same
                }
                guard[0].finished(completes ? "the run completed, and DIR holds all of it" : null);
            });
            run.start();
            installed.await();
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            guard[0].stopping(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
            run.join();
            String said = err.toString(StandardCharsets.UTF_8);
            if (completes) {
                assertEquals("bench: " + SignalGuard.lastSignal() + " came as the run's files were written: the run completed, "
                        + "and DIR holds all of it", said.strip());
            } else {
                assertEquals("", said);
            }
        }
    }

    /**
     * A run given --history, stopped as its files were written or as it was then stored (sweep 8): the line said the run
     * was whole, not that it was not stored nor how to store it; it says what the sequel says became of it, and the
     * runner storing it is not interrupted.
     */
    @Test
    void aSignalAsOrAfterACompletedRunsFilesAreWrittenSaysWhatBecameOfItsSequel() throws Exception {
        SignalGuard.sequel(() -> "it is not stored in h.sqlite (--history): bench history add DIR stores it");
        try {
            for (boolean afterTheFiles : new boolean[] {false, true}) {
                SignalGuard[] guard = new SignalGuard[1];
                java.util.concurrent.CountDownLatch installed = new java.util.concurrent.CountDownLatch(1);
                java.util.concurrent.CountDownLatch signalSaid = new java.util.concurrent.CountDownLatch(1);
                boolean[] interrupted = new boolean[1];
                Thread run = new Thread(() -> {
                    guard[0] = SignalGuard.install(Thread.currentThread());
                    if (afterTheFiles) {
                        guard[0].finished("the run completed, and DIR holds all of it");
                    }
                    installed.countDown();
                    try {
                        if (afterTheFiles) {
                            signalSaid.await();    // storing the run, as the signal comes
                        } else {
                            Thread.sleep(60_000);  // writing its files, until the signal's interrupt
                        }
                    } catch (InterruptedException e) {
                        interrupted[0] = true;
                    }
                    if (!afterTheFiles) {
                        guard[0].finished("the run completed, and DIR holds all of it");
                    }
                });
                run.start();
                installed.await();
                java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
                guard[0].stopping(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
                signalSaid.countDown();
                run.join();
                assertEquals("bench: " + SignalGuard.lastSignal() + " came " + (afterTheFiles ? "after" : "as") + " the"
                        + " run's files were written: the run completed, and DIR holds all of it; it is not stored in"
                        + " h.sqlite (--history): bench history add DIR stores it", err.toString(StandardCharsets.UTF_8).strip());
                assertEquals(!afterTheFiles, interrupted[0], "interrupted");
            }
        } finally {
            SignalGuard.sequelEnded();
        }
        // the sequel over, the completed run's guard says nothing more
        SignalGuard guard = SignalGuard.install(Thread.currentThread());
        guard.finished("the run completed, and DIR holds all of it");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        guard.stopping(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    private void deleteOut() throws java.io.IOException {
        try (var files = Files.walk(dir.resolve("out"))) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /**
     * Ctrl-C, Ctrl-C, SIGTERM 50 ms apart (sweep 4, case 90): the first decides the exit code (130) and so the words,
     * where the journal and the console said SIGTERM.
     */
    @Test
    void theFirstSignalDecidesTheCodeAndTheWords() throws Exception {
        assumeFalse(interruptIgnored(), "this JVM ignores SIGINT, so the run it starts would too");
        // the server's shutdown takes 500 ms, as a real one's does: the later signals come while the run stops
        assertEquals(130, runSignalled(List.of("INT", "INT", "TERM"), "500"), console());
        JsonNode end = endRecord();
        assertTrue(end.toString().contains("interrupted by Ctrl-C (SIGINT); results so far are kept"), end.toString());
        assertFalse(console().contains("SIGTERM"), console());
    }

    /**
     * A SIGTERM before the run's guard is installed (the options read, the plan made) ended the JVM with 143 and no line
     * (sweep 10, N24): it says that nothing was measured, as a stop a second later does; an ordinary exit says nothing.
     */
    @Test
    void aStopBeforeTheRunStartedSaysNothingWasMeasured() throws Exception {
        Process early = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), BeforeTheRun.class.getName(), "600000").start();
        try {
            assertEquals("waiting", new java.io.BufferedReader(new java.io.InputStreamReader(early.getInputStream(),
                    StandardCharsets.UTF_8)).readLine());
            ProcessBuilder kill = new ProcessBuilder("kill", "-TERM", String.valueOf(early.pid()));
            kill.environment().put("LC_ALL", "C");
            assertEquals(0, kill.start().waitFor());
            assertTrue(early.waitFor(60, TimeUnit.SECONDS));
            assertEquals(143, early.exitValue());
            assertEquals("bench: error: interrupted by SIGTERM before the run started: nothing was measured; run the"
                    + " benchmark again", new String(early.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        } finally {
            early.destroyForcibly();
        }
        Process refused = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), BeforeTheRun.class.getName(), "0").start();
        assertTrue(refused.waitFor(60, TimeUnit.SECONDS));
        assertEquals("", new String(refused.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    /** A run command before its run: says so, waits {@code args[0]} ms, exits 0. */
    static final class BeforeTheRun {
        public static void main(String[] args) throws Exception {
            SignalGuard.sayStopsBeforeTheRun();
            System.out.println("waiting");
            System.out.flush();
            Thread.sleep(Long.parseLong(args[0]));
            System.exit(0);
        }
    }

    /**
     * Runs {@link SignalledRun} with {@code args} until its first iteration, then sends it {@code signals} 50 ms apart:
     * its exit code.
     */
    private int runSignalled(List<String> signals, String... args) throws Exception {
        Path out = dir.resolve("out");
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), SignalledRun.class.getName(), out.toString()));
        command.addAll(List.of(args));
        Process run = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(dir.resolve("console.txt").toFile()).start();
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (iterations(out) < 1) {
                assertTrue(run.isAlive(), "the run ended before it was signalled: " + console());
                assertTrue(System.nanoTime() < until, "no iteration within 60 s: " + console());
                Thread.sleep(100);
            }
            for (String signal : signals) {
                // in the C locale: procps' kill misreads some signal names under tr_TR, which the tests run in
                ProcessBuilder kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(run.pid()));
                kill.environment().put("LC_ALL", "C");
                assertEquals(0, kill.start().waitFor());
                Thread.sleep(50);
            }
            assertTrue(run.waitFor(60, TimeUnit.SECONDS), "the run did not stop: " + console());
        } finally {
            run.destroyForcibly();
        }
        return run.exitValue();
    }

    /** The journal's last record: its end, which says the run is incomplete. */
    private JsonNode endRecord() throws Exception {
        List<JsonNode> journal = JournalLines.read(dir.resolve("out"));
        JsonNode end = journal.get(journal.size() - 1);
        assertEquals("end", end.path("event").asText(), journal.toString());
        assertFalse(end.path("complete").asBoolean(), journal.toString());
        return end;
    }

    /** Whether this process ignores SIGINT (bit 1 of /proc/self/status's SigIgn), as the processes it starts then do. */
    private static boolean interruptIgnored() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).strip(), 16) & 2) != 0);
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

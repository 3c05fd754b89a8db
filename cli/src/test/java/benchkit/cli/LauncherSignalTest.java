package benchkit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * On its first run of a kind of command (no class-data archive yet) the launcher does not exec the JVM but waits for
 * it: a signal to the launcher reaches the JVM as itself, and the launcher exits with the JVM's code (issue "Nothing
 * lost", case 92: Ctrl-C was forwarded as SIGTERM, 143 where sysbench gives 130). The java here is a stand-in that, as
 * the JVM, keeps a signal ignored that it started with ignored, and otherwise exits 128 + the signal's number.
 */
class LauncherSignalTest {
    private static final String FAKE_JAVA = """
            #!/bin/bash
            trap 'echo "got INT"; exit 130' INT
            trap 'echo "got TERM"; exit 143' TERM
            trap 'echo "got HUP"; exit 129' HUP
            trap 'echo "got USR1"; exit 138' USR1
            trap 'echo "got ALRM"; exit 142' ALRM
            trap 'echo "got XCPU"; exit 152' XCPU
            trap 'echo "got QUIT"; exit 131' QUIT
            echo ready
            while :; do sleep 0.05; done
            """;

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143", "HUP, 129", "USR1, 138", "ALRM, 142", "XCPU, 152"})
    void aSignalToTheLauncherReachesTheJvmAsItself(String signal, int code) throws Exception {
        assumeFalse(signal.equals("INT") && interruptIgnored(), "this JVM ignores SIGINT, so the launcher would too");
        ProcessBuilder pb = LauncherJitTest.launcher(dir, "sysbench", FAKE_JAVA, "oltp_point_select", "prepare");
        pb.environment().put("BENCHKIT_CACHE", dir.resolve("cache").toString());
        pb.environment().remove("BENCH_CDS");
        pb.environment().remove("BENCH_JAVA_OPTS");
        Process launcher = pb.redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("ready", out.readLine());
            // in the C locale: procps' kill misreads some signal names under tr_TR, which the tests run in
            ProcessBuilder kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(launcher.pid()));
            kill.environment().put("LC_ALL", "C");
            assertEquals(0, kill.start().waitFor());
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not end");
            assertEquals("got " + signal, out.readLine());
        } finally {
            launcher.destroyForcibly();
        }
        assertEquals(code, launcher.exitValue());
        assertTrue(Files.isDirectory(dir.resolve("cache/classes")), "the run took the path that writes an archive");
    }

    /**
     * SIGQUIT is the JVM's own (a thread dump, and the run goes on): the launcher ignores it rather than end before the
     * JVM and leave it running on its own (sweep 6, case 45's neighbour); a terminal's Ctrl-\ reaches the JVM itself.
     */
    @org.junit.jupiter.api.Test
    void aQuitToTheLauncherDoesNotEndItBeforeTheJvm() throws Exception {
        ProcessBuilder pb = LauncherJitTest.launcher(dir, "sysbench", FAKE_JAVA, "oltp_point_select", "prepare");
        pb.environment().put("BENCHKIT_CACHE", dir.resolve("cache").toString());
        pb.environment().remove("BENCH_CDS");
        pb.environment().remove("BENCH_JAVA_OPTS");
        Process launcher = pb.redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("ready", out.readLine());
            ProcessBuilder kill = new ProcessBuilder("kill", "-QUIT", String.valueOf(launcher.pid()));
            kill.environment().put("LC_ALL", "C");
            assertEquals(0, kill.start().waitFor());
            assertTrue(!launcher.waitFor(2, TimeUnit.SECONDS), "the launcher ended on SIGQUIT, leaving the JVM on its own");
        } finally {
            launcher.destroy();
            launcher.waitFor(30, TimeUnit.SECONDS);
            launcher.destroyForcibly();
        }
    }

    /** Whether this process ignores SIGINT (bit 1 of /proc/self/status's SigIgn), as the processes it starts then do. */
    static boolean interruptIgnored() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                .anyMatch(l -> (Long.parseUnsignedLong(l.substring("SigIgn:".length()).strip(), 16) & 2) != 0);
    }
}

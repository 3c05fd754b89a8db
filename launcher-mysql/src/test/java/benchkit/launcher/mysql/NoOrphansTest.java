package benchkit.launcher.mysql;

import benchkit.launch.OwnSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM that launched a server and then dies, politely (SIGTERM) or not (SIGKILL, to it alone or to its whole process
 * group, as {@code kill -9 -- -PGID} or a timeout that kills the tree does), leaves no server behind.
 */
class NoOrphansTest {
    @TempDir
    Path tempRoot;

    @Test
    void sigtermRunsTheShutdownHook() throws Exception {
        assertServerGoneAfter(Death.SIGTERM, 15);
    }

    @Test
    void sigkillIsCoveredByTheWatchdog() throws Exception {
        assertServerGoneAfter(Death.SIGKILL, 45);
    }

    @Test
    void sigkillOfTheWholeProcessGroupIsCoveredByTheWatchdog() throws Exception {
        assertServerGoneAfter(Death.SIGKILL_TO_GROUP, 45);
    }

    private enum Death { SIGTERM, SIGKILL, SIGKILL_TO_GROUP }

    private void assertServerGoneAfter(Death death, int seconds) throws Exception {
        // the JVM leads a process group (and session) of its own, as a command run from a shell does
        Process child = new ProcessBuilder(OwnSession.command(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LaunchAndWait.class.getName(), tempRoot.toString())))
                .redirectErrorStream(true).start();
        long pid;
        Path dir;
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
            String line;
            String report = null;
            StringBuilder all = new StringBuilder();
            while ((line = out.readLine()) != null) {
                all.append(line).append('\n');
                if (line.startsWith("pid=")) {
                    report = line;
                    break;
                }
            }
            assertNotNull(report, "child did not launch a server: " + all);
            pid = Long.parseLong(report.substring(4, report.indexOf(' ')));
            dir = Path.of(report.substring(report.indexOf("dir=") + 4));
            assertTrue(ProcessHandle.of(pid).isPresent(), "server running");
        } finally {
            switch (death) {
                case SIGTERM -> child.destroy();
                case SIGKILL -> child.destroyForcibly();
                case SIGKILL_TO_GROUP -> new ProcessBuilder("kill", "-KILL", "--", "-" + child.pid()).start().waitFor(10, TimeUnit.SECONDS);
            }
            child.waitFor(60, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while ((ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) || Files.exists(dir))
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "server " + pid + " stopped");
        assertFalse(Files.exists(dir), "launch dir removed");
    }
}

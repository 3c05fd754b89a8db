package benchkit.launcher.mysql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A JVM that launched a server and then dies, politely (SIGTERM) or not (SIGKILL), leaves no server behind. */
class NoOrphansTest {
    @TempDir
    Path tempRoot;

    @Test
    void sigtermRunsTheShutdownHook() throws Exception {
        assertServerGoneAfter(false, 15);
    }

    @Test
    void sigkillIsCoveredByTheWatchdog() throws Exception {
        assertServerGoneAfter(true, 45);
    }

    private void assertServerGoneAfter(boolean forcibly, int seconds) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LaunchAndWait.class.getName(), tempRoot.toString())
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
            if (forcibly) {
                child.destroyForcibly();
            } else {
                child.destroy();
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

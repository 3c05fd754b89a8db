package benchkit.launch;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The watchdog script with real processes standing in for the JVM (parent) and mysqld (server). */
class WatchdogTest {
    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    private Process sleep(int seconds) throws Exception {
        Process p = new ProcessBuilder("sleep", Integer.toString(seconds)).start();
        started.add(p);
        return p;
    }

    @AfterEach
    void killLeftovers() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void killsTheServerAndRemovesTheDirWhenTheParentDies() throws Exception {
        Process parent = sleep(600);
        Process server = sleep(600);
        Path dir = Files.createDirectories(tmp.resolve("launch"));
        Files.writeString(dir.resolve("my.cnf"), "x");
        Watchdog watchdog = Watchdog.start(parent.pid(), server.pid(), Optional.of(dir));
        Thread.sleep(1500);
        assertTrue(server.isAlive(), "server left alone while the parent lives");
        parent.destroyForcibly().waitFor();
        assertTrue(server.waitFor(10, TimeUnit.SECONDS), "server stopped after the parent died");
        for (int i = 0; i < 50 && Files.exists(dir); i++) {
            Thread.sleep(100);
        }
        assertFalse(Files.exists(dir), "launch dir removed");
        for (int i = 0; i < 50 && watchdog.isAlive(); i++) {
            Thread.sleep(100);
        }
        assertFalse(watchdog.isAlive(), "watchdog exits after its work");
    }

    @Test
    void aKilledParentNotYetReapedCountsAsGone() throws Exception {
        // sh forks a child and becomes a 'sleep' that never waits: once the child exits it stays a zombie
        Process reaperThatNeverReaps = new ProcessBuilder("sh", "-c", "sleep 0.2 & echo $!; exec sleep 600").start();
        started.add(reaperThatNeverReaps);
        long zombie = Long.parseLong(reaperThatNeverReaps.inputReader().readLine().strip());
        Process server = sleep(600);
        Watchdog.start(zombie, server.pid(), Optional.empty());
        assertTrue(server.waitFor(15, TimeUnit.SECONDS), "server stopped although its parent is a zombie still");
        assertTrue(ProcessHandle.of(zombie).isPresent(), "the parent was a zombie, not gone");
    }

    @Test
    void exitsQuietlyWhenTheServerEndsFirst() throws Exception {
        Process server = sleep(600);
        Path dir = Files.createDirectories(tmp.resolve("kept"));
        Watchdog watchdog = Watchdog.start(ProcessHandle.current().pid(), server.pid(), Optional.of(dir));
        server.destroyForcibly().waitFor();
        for (int i = 0; i < 50 && watchdog.isAlive(); i++) {
            Thread.sleep(100);
        }
        assertFalse(watchdog.isAlive(), "watchdog ends with the server");
        assertTrue(Files.exists(dir), "nothing removed while the parent lives");
    }

    @Test
    void stopEndsTheWatchdogAtOnce() throws Exception {
        Process server = sleep(600);
        Watchdog watchdog = Watchdog.start(ProcessHandle.current().pid(), server.pid(), Optional.empty());
        assertTrue(watchdog.isAlive());
        watchdog.stop();
        assertFalse(watchdog.isAlive());
        assertTrue(server.isAlive(), "stopping the watchdog leaves the server to its owner");
    }
}

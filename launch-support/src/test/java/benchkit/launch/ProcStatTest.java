package benchkit.launch;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ProcStatTest {
    @Test
    void readsAStoppedProcessAndItsOwnSession() throws Exception {
        Process sleeper = new ProcessBuilder(OwnSession.command(java.util.List.of("sleep", "30"))).start();
        try {
            long pid = sleeper.pid();
            waitForState(pid, 'S');
            assertEquals(pid, ProcStat.session(pid), "setsid made it lead a session");
            assertNotEquals(pid, ProcStat.session(ProcessHandle.current().pid()));
            new ProcessBuilder("kill", "-STOP", Long.toString(pid)).start().waitFor(10, TimeUnit.SECONDS);
            waitForState(pid, 'T');
            assertEquals(Optional.of('T'), ProcStat.state(pid), "stopped by a signal");
        } finally {
            sleeper.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertEquals(Optional.empty(), ProcStat.state(Long.MAX_VALUE), "no such process");
    }

    private static void waitForState(long pid, char wanted) throws InterruptedException {
        for (int i = 0; i < 200 && !ProcStat.state(pid).equals(Optional.of(wanted)); i++) {
            Thread.sleep(25);
        }
    }
}

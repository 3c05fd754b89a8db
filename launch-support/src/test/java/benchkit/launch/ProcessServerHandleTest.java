package benchkit.launch;

import benchkit.spi.Target;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How a server's process ended, as a run's failure line names it: the signal that killed it, or its exit status. */
class ProcessServerHandleTest {
    private static ProcessServerHandle of(Process p) {
        return new ProcessServerHandle(Target.builder().build()) {
            @Override
            protected Process serverProcess() {
                return p;
            }

            @Override
            public String allocatorLoaded() {
                return "glibc";
            }

            @Override
            public void close() {
                p.destroyForcibly();
            }
        };
    }

    @Test
    void aKilledServerIsSaidToBeKilledByItsSignalAndAnExitByItsStatus() throws Exception {
        Process running = new ProcessBuilder("sleep", "60").start();
        ProcessServerHandle handle = of(running);
        assertEquals(Optional.empty(), handle.howItEnded(), "still running");
        running.destroyForcibly();      // SIGKILL, as kill -9
        running.waitFor();
        assertEquals(Optional.of("killed by SIGKILL"), handle.howItEnded());

        Process failed = new ProcessBuilder("sh", "-c", "exit 3").start();
        failed.waitFor();
        assertEquals(Optional.of("exit status 3"), of(failed).howItEnded());
        Process crashed = new ProcessBuilder("sh", "-c", "kill -SEGV $$").start();
        crashed.waitFor();
        assertEquals(Optional.of("killed by SIGSEGV (it crashed)"), of(crashed).howItEnded());
        // a server stopped from outside with SIGTERM shuts down cleanly and exits 0 (sweep 10, N69): said so
        Process stopped = new ProcessBuilder("sh", "-c", "trap 'exit 0' TERM; kill -TERM $$; sleep 60 & wait").start();
        stopped.waitFor();
        String how = of(stopped).howItEnded().orElseThrow();
        assertTrue(how.startsWith("it shut down normally (exit status 0), so something outside bench stopped it"), how);
    }
}

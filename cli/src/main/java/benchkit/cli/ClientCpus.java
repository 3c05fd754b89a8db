package benchkit.cli;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * {@code --client-cpus}: pins every thread of this JVM (the load generator) to a CPU list with
 * taskset, so on a small machine client and server do not fight for the same core.
 */
final class ClientCpus {
    private ClientCpus() {
    }

    static void pin(String cpus) throws IOException, InterruptedException {
        if (cpus == null) {
            return;
        }
        if (!cpus.matches("[0-9]+([-,][0-9]+)*")) {
            throw new UsageException("--client-cpus " + cpus + ": expected a CPU list such as 1 or 0-1 or 0,2");
        }
        long pid = ProcessHandle.current().pid();
        Process p = new ProcessBuilder("taskset", "-a", "-p", "-c", cpus, Long.toString(pid))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new UsageException("--client-cpus " + cpus + ": taskset failed: " + out.lines().reduce((a, b) -> b).orElse(""));
        }
    }
}

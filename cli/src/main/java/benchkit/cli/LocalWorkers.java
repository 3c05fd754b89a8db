package benchkit.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The workers as N java processes on this machine, each logging to {@code out/worker-I.log}. */
final class LocalWorkers implements ClientEngine {
    @Override
    public String describe(int count) {
        return count + " processes on this machine";
    }

    @Override
    public List<String> run(Launch launch) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<Process> processes = new java.util.concurrent.CopyOnWriteArrayList<>();
        // Ctrl-C or SIGTERM ends this JVM without running finally blocks: the workers are stopped from a hook
        java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
        Thread stopWorkers = new Thread(() -> {
            stopping.set(true);         // the workers ending now are this stop's doing: no one to tell
            processes.forEach(Process::destroy);
        }, "bench-stop-workers");
        Runtime.getRuntime().addShutdownHook(stopWorkers);
        try {
            for (int i = 0; i < launch.count(); i++) {
                List<String> command = new ArrayList<>(List.of(java, "-jar", launch.jar().toString()));
                command.addAll(launch.workerArgs(String.valueOf(i), launch.out()));
                Path log = launch.out().resolve("worker-" + i + ".log");
                // the environment (and so BENCH_MYSQL_PASSWORD) is inherited: no secret on a command line
                ProcessBuilder worker = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
                // killed without its hooks (kill -9), this process cannot stop them: they watch it and stop themselves
                worker.environment().put(CoordinatorWatch.PID, String.valueOf(ProcessHandle.current().pid()));
                Process started = worker.start();
                processes.add(started);
                int index = i;
                // a worker that ends early (killed in worker 0's prepare) would be waited for at the next start until
                // the --barrier-timeout: the others are told at once (sweep 9, case 37)
                started.onExit().thenAccept(ended -> {
                    if (ended.exitValue() != 0 && !stopping.get()
                            && processes.stream().anyMatch(Process::isAlive)) {
                        launch.lost().ended(launch.runId(), index, benchkit.launch.ProcessServerHandle.ended(ended.exitValue()));
                    }
                });
            }
            List<String> failed = new ArrayList<>();
            for (int i = 0; i < processes.size(); i++) {
                int exit = processes.get(i).waitFor();
                if (exit != 0) {
                    failed.add("worker " + i + " ended, " + benchkit.launch.ProcessServerHandle.ended(exit) + " (its log: "
                            + launch.out().resolve("worker-" + i + ".log") + ")");
                }
            }
            return failed;
        } finally {
            processes.forEach(p -> {
                if (p.isAlive()) {
                    p.destroy();        // interrupted: the workers stop too (SIGTERM; they keep what finished)
                }
            });
            try {
                Runtime.getRuntime().removeShutdownHook(stopWorkers);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook stopped the workers, whose ends this waited for
            }
        }
    }
}

package benchkit.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code --clients N}: starts N workers of this run through an engine, waits for them, and merges their results
 * into the run's result directory. The coordinator loads nothing itself.
 */
final class ClientWorkers {
    /** Options that belong to the coordinator; the workers get the rest of the command line unchanged. */
    private static final Set<String> COORDINATOR_OPTIONS = Set.of("--clients", "--client-engine", "--client-image", "--out",
            "--worker", "--run-id", "--study");

    private ClientWorkers() {
    }

    static ClientEngine engine(String name) {
        return switch (engineName(name)) {
            case "local" -> new LocalWorkers();
            case "docker" -> new SwarmWorkers();
            default -> KubernetesWorkers.onThisMachine();
        };
    }

    /** {@code name} if it names an engine; bad input otherwise (checked before anything looks for docker or kubectl). */
    static String engineName(String name) {
        if (!Set.of("local", "docker", "kubernetes").contains(name)) {
            throw new UsageException("--client-engine " + name + " is not valid; expected local, docker or kubernetes");
        }
        return name;
    }

    /** Runs the workers and merges them; the exit code of the whole (0, or 1 when a worker failed or the merge refused). */
    static int run(ClientOptions options, List<String> originalArgs, Path out, ClientEngine.Lost lost) throws Exception {
        ClientEngine engine = engine(options.engine);
        int n = options.clients;
        String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + Long.toHexString(System.nanoTime() & 0xffffff);
        Path dir = benchkit.core.run.Runner.prepareOutDir(out).toAbsolutePath();
        ClientEngine.Launch launch = new ClientEngine.Launch(n, runId, workerArgs(originalArgs), dir, ownJar(), options.image, System.out,
                lost);
        return coordinate(engine, launch, engine.describe(n));
    }

    /** Runs {@code launch}'s workers through {@code engine} and merges what they left into {@code launch.out()}. */
    static int coordinate(ClientEngine engine, ClientEngine.Launch launch, String described) throws Exception {
        int n = launch.count();
        Path dir = launch.out();
        System.out.println("# Clients: " + n + " workers as " + described + " (run " + launch.runId() + "); results in "
                + dir + "/worker-I");
        Stop stop = new Stop(launch);
        List<String> failed;
        try {
            try {
                failed = engine.run(launch);
            } catch (Exception | Error e) {
                if (stop.signalled) {
                    return Cli.EXIT_FAILURE;      // the stop's own doing (a worker ended by it): the hook says what is kept
                }
                throw e;
            }
            if (stop.signalled) {
                return Cli.EXIT_FAILURE;          // the JVM is ending: the hook says what the workers kept; no merge now
            }
            failed.forEach(f -> System.out.println("# " + f));
            if (!failed.isEmpty()) {
                launch.lost().forget(launch.runId());   // a failed worker did not leave the meeting place, nor its last one
            }
            List<Path> dirs = workerDirs(launch);
            if (dirs.isEmpty()) {
                System.err.println("bench: error: no worker left a result directory in " + dir
                        + (failed.isEmpty() ? "" : ": " + String.join("; ", failed)));
                return Cli.EXIT_FAILURE;
            }
            int merged;
            try {
                merged = MergeCommand.merge(dirs, dir, false, refused -> refusal(refused, failed, launch, dirs));
            } catch (benchkit.spi.InvalidOptionException | UsageException e) {
                // the workers ran: what they left cannot be merged is a failure of the run, not bad input (exit 2)
                System.err.println("bench: error: the workers' results cannot be merged: " + e.getMessage());
                return Cli.EXIT_FAILURE;
            }
            return failed.isEmpty() ? merged : Cli.EXIT_FAILURE;
        } finally {
            stop.ended();
        }
    }

    private static List<Path> workerDirs(ClientEngine.Launch launch) {
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < launch.count(); i++) {
            if (Files.isDirectory(launch.workerDir(i))) {
                dirs.add(launch.workerDir(i));
            }
        }
        return dirs;
    }

    /**
     * Ctrl-C or SIGTERM to the coordinator: the engine's own hook stops the workers, which keep what they finished; this
     * one waits (bounded) until they have ended and says what was stopped, where their results are and how to merge
     * them, as a single run says "results so far are kept" (the outside sweep's #100: exit 130 and not a line).
     */
    private static final class Stop {
        private static final long WAIT_SECONDS = 60;
        private final java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
        private final Thread hook;
        private volatile boolean signalled;

        Stop(ClientEngine.Launch launch) {
            benchkit.core.run.SignalGuard.nameSignals();
            hook = new Thread(() -> {
                signalled = true;
                try {
                    ended.await(WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                System.out.flush();
                System.err.println(stoppedLine(benchkit.core.run.SignalGuard.lastSignal(), launch, workerDirs(launch)));
                System.err.flush();
            }, "bench-clients-stopped");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        void ended() {
            ended.countDown();
            if (!signalled) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running (a signal just came): it says what the workers kept
                }
            }
        }
    }

    /** What a stop of the coordinator left, in one line: the workers' directories and the merge that joins them. */
    static String stoppedLine(String signal, ClientEngine.Launch launch, List<Path> dirs) {
        String stopped = "bench: interrupted by " + signal + ": the " + launch.count() + " workers were stopped";
        if (dirs.isEmpty()) {
            return stopped + " before any kept a result (nothing in " + launch.out() + "/worker-I)";
        }
        if (dirs.stream().noneMatch(ClientWorkers::measuredAny)) {
            // a merge of them says "nothing to merge" (sweep 7, case 43): no merge is offered
            return stopped + " before any finished a measurement iteration: nothing was measured; run the benchmark again";
        }
        String kept = String.join(" ", dirs.stream().map(Path::toString).toList());
        return stopped + "; what " + (dirs.size() == 1 ? "one" : "they") + " finished is kept in " + kept
                + ", not merged: " + mergeCommand(launch, dirs) + " joins it";
    }

    private static String mergeCommand(ClientEngine.Launch launch, List<Path> dirs) {
        return "bench merge --allow-missing " + String.join(" ", dirs.stream().map(Path::toString).toList()) + " --out "
                + launch.out();
    }

    /** Whether the worker's journal holds a finished measurement iteration (one it cannot read holds none that counts). */
    private static boolean measuredAny(Path workerDir) {
        try {
            return benchkit.core.result.JournalReader.read(workerDir).measured() > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The coordinator's line for a merge refused because load is missing: the workers that failed and how they ended,
     * and the merge that keeps what they finished (sweep 7, case 53: a worker killed with kill -9).
     */
    static String refusal(benchkit.core.merge.WorkerMerge.IncompleteMergeException refused, List<String> failed,
                          ClientEngine.Launch launch, List<Path> dirs) {
        if (!refused.measured()) {
            return refused.getMessage();
        }
        return (failed.isEmpty() ? "" : String.join("; ", failed) + ": ") + "the merged total would lack load ("
                + String.join("; ", refused.missing()) + "); " + mergeCommand(launch, dirs)
                + " merges what the workers finished and says so in run.json";
    }

    /** The command line without the coordinator's own options ({@code --x v} and {@code --x=v} alike) and without a leading {@code run}. */
    static List<String> workerArgs(List<String> args) {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            if (COORDINATOR_OPTIONS.contains(name)) {
                if (!a.contains("=")) {
                    i++;                    // its value
                }
                continue;
            }
            if (i == 0 && a.equals("run")) {
                continue;
            }
            kept.add(a);
        }
        return kept;
    }

    private static Path ownJar() throws IOException {
        try {
            Path jar = Path.of(ClientWorkers.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                throw new UsageException("--clients starts workers from bench.jar; this bench runs from " + jar
                        + " (build it with ./mvnw -DskipTests install)");
            }
            return jar;
        } catch (java.net.URISyntaxException e) {
            throw new IOException("cannot find this bench.jar", e);
        }
    }
}

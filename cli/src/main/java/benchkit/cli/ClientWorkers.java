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
        return switch (name) {
            case "local" -> new LocalWorkers();
            case "docker" -> new SwarmWorkers();
            case "kubernetes" -> KubernetesWorkers.onThisMachine();
            default -> throw new UsageException("--client-engine " + name + " is not valid; expected local, docker or kubernetes");
        };
    }

    /** Runs the workers and merges them; the exit code of the whole (0, or 1 when a worker failed or the merge refused). */
    static int run(ClientOptions options, List<String> originalArgs, Path out) throws Exception {
        ClientEngine engine = engine(options.engine);
        int n = options.clients;
        String runId = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + Long.toHexString(System.nanoTime() & 0xffffff);
        Path dir = benchkit.core.run.Runner.prepareOutDir(out).toAbsolutePath();
        ClientEngine.Launch launch = new ClientEngine.Launch(n, runId, workerArgs(originalArgs), dir, ownJar(), options.image, System.out);
        System.out.println("# Clients: " + n + " workers as " + engine.describe(n) + " (run " + runId + "); results in "
                + dir + "/worker-I");
        List<String> failed = engine.run(launch);
        failed.forEach(f -> System.out.println("# " + f));
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (Files.isDirectory(launch.workerDir(i))) {
                dirs.add(launch.workerDir(i));
            }
        }
        if (dirs.isEmpty()) {
            System.err.println("bench: error: no worker left a result directory in " + dir
                    + (failed.isEmpty() ? "" : ": " + String.join("; ", failed)));
            return Cli.EXIT_FAILURE;
        }
        int merged = MergeCommand.merge(dirs, dir, false);
        return failed.isEmpty() ? merged : Cli.EXIT_FAILURE;
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

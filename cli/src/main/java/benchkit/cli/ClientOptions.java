package benchkit.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

import java.util.List;

/** {@code --clients N --client-engine ENGINE}: this run's load from N client workers that an engine starts. */
final class ClientOptions {
    @Option(names = "--clients", paramLabel = "N",
            description = "Load the target from N client workers: each runs this command as --worker I/N, started together "
                    + "through --client-engine; their results are merged into --out (clients=N). Needs a target every "
                    + "worker reaches (--mysql-host/--mysql-socket or --memcached-servers).")
    Integer clients;

    @Option(names = "--client-engine", paramLabel = "ENGINE", defaultValue = "local",
            description = "What starts the workers: local (N processes on this machine), docker (a Docker Swarm service "
                    + "of N replicas on this engine's swarm) or kubernetes (an Indexed Job bench writes and applies with "
                    + "kubectl) (default ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--client-image", paramLabel = "IMAGE", defaultValue = "benchkit/jre:bookworm",
            description = "docker and kubernetes: the workers' image, with Java 17+; docker mounts this bench.jar into it, "
                    + "kubernetes expects it at " + KubernetesWorkers.JAR + " (default ${DEFAULT-VALUE}).")
    String image;

    /**
     * Refuses a bad --client-engine at once, and --client-engine/--client-image where no workers start:
     * a run of its own would ignore them without a word.
     */
    void check(ParseResult parsed) {
        ClientWorkers.engineName(engine);
        if (clients != null) {
            return;
        }
        for (String option : List.of("--client-engine", "--client-image")) {
            if (parsed.hasMatchedOption(option)) {
                throw new UsageException(option + " says how the workers of --clients start: give --clients N too, "
                        + "or leave it out");
            }
        }
    }
}

package benchkit.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@code --clients 2} coordinator over {@link LocalWorkers}, in a JVM of its own, for {@link ClientWorkersTest} to
 * signal: {@code args[0]} the run's directory, {@code args[1]} a jar whose main is a {@link Worker}.
 */
final class SignalledCoordinator {
    private SignalledCoordinator() {
    }

    public static void main(String[] args) throws Exception {
        ClientEngine.Launch launch = new ClientEngine.Launch(2, "20261129-000000-test", List.of(), Path.of(args[0]),
                Path.of(args[1]), null, System.out);
        LocalWorkers engine = new LocalWorkers();
        System.exit(ClientWorkers.coordinate(engine, launch, engine.describe(2)));
    }

    /** A worker that keeps a measured iteration as soon as it starts, then waits to be stopped (SIGTERM ends it with 143). */
    static final class Worker {
        /** A journal's start line and a finished measurement iteration, as a worker writes them. */
        static final String START = "{\"event\":\"start\",\"workload\":\"fake\",\"variants\":{\"v\":{}},\"threads\":[1],"
                + "\"forks\":1,\"warmupIterations\":0,\"warmupTime\":\"PT1S\",\"measurementIterations\":1,"
                + "\"measurementTime\":\"PT1S\"}";
        static final String MEASURED = "{\"event\":\"iteration\",\"variant\":\"v\",\"threads\":1,\"fork\":1,"
                + "\"warmup\":false,\"iteration\":1,\"durationSec\":1.0,\"events\":10}";

        /** The run id under which worker 0 ends at once with exit status 3 and the others after 3 s. */
        static final String ENDS_EARLY = "20261129-000000-early";

        private Worker() {
        }

        public static void main(String[] args) throws Exception {
            String out = args[List.of(args).indexOf("--out") + 1];
            String worker = args[List.of(args).indexOf("--worker") + 1];
            Path dir = Path.of(out.replace("{worker}", worker.substring(0, worker.indexOf('/'))));
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("journal.jsonl"), START + "\n" + MEASURED + "\n");
            if (args[List.of(args).indexOf("--run-id") + 1].equals(ENDS_EARLY)) {
                // worker 0 ends at once, as one killed in its prepare; the other would wait for it
                if (worker.startsWith("0/")) {
                    System.exit(3);
                }
                Thread.sleep(3_000);
                return;
            }
            Thread.sleep(600_000);
        }
    }
}

package benchkit.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The workers as the replicas of a Docker Swarm service ({@code docker service create --replicas N
 * --restart-condition none}) on the swarm of the local engine, one task per worker that runs once, the task's
 * slot (1..N) as its index ({@value benchkit.core.run.plan.WorkerRole#SWARM_SLOT}).
 * Results come back through a bind mount of the result directory, so every node must see that path (one node,
 * or a shared file system mounted at the same path on each); the workers use the host's network, so they reach
 * the target as this machine does. A password goes in as a Docker secret, never on a command line.
 */
final class SwarmWorkers implements ClientEngine {
    static final String JAR = "/opt/bench/bench.jar";
    private static final Path CWD = Path.of("").toAbsolutePath();
    private static final long POLL_MILLIS = 1000;

    @Override
    public String describe(int count) {
        return "the " + count + " replicas of a Docker Swarm service";
    }

    @Override
    public List<String> run(Launch launch) throws IOException, InterruptedException {
        Result state = docker(List.of("info", "--format", "{{.Swarm.LocalNodeState}}"), null);
        if (state.exit() != 0) {
            throw new UsageException("--client-engine docker: no Docker engine answers (" + state.firstLine() + ")");
        }
        if (!state.out().strip().equals("active")) {
            throw new UsageException("--client-engine docker: this Docker engine is not part of a swarm "
                    + "(run 'docker swarm init --advertise-addr 127.0.0.1' for a swarm of this machine)");
        }
        String name = "bench-" + launch.runId();
        String password = System.getenv(ServerOptions.PASSWORD_ENV);
        boolean secret = password != null && !password.isEmpty();
        if (secret) {
            Result created = docker(List.of("secret", "create", name, "-"), password);
            if (created.exit() != 0) {
                throw new IOException("could not hand the password to the workers as a Docker secret: " + created.firstLine());
            }
        }
        try {
            Object uid = Files.getAttribute(launch.out(), "unix:uid");
            Object gid = Files.getAttribute(launch.out(), "unix:gid");
            List<String> create = new ArrayList<>(List.of("service", "create", "--detach", "--quiet", "--name", name,
                    // not --mode replicated-job: a job's tasks have no slot numbers, and it retries failed ones
                    "--mode", "replicated", "--replicas", String.valueOf(launch.count()), "--restart-condition", "none",
                    "--network", "host", "--user", uid + ":" + gid,
                    "--mount", "type=bind,source=" + launch.out() + ",target=" + launch.out(),
                    "--mount", "type=bind,source=" + launch.jar() + ",target=" + JAR + ",readonly",
                    // the files the command names (--script, --config-file, ...) resolve as they do here
                    "--mount", "type=bind,source=" + CWD + ",target=" + CWD + ",readonly", "--workdir", CWD.toString(),
                    "--env", benchkit.core.run.plan.WorkerRole.SWARM_SLOT + "={{.Task.Slot}}"));
            if (secret) {
                create.addAll(List.of("--secret", "source=" + name + ",target=bench-mysql-password",
                        "--env", ServerOptions.PASSWORD_FILE_ENV + "=/run/secrets/bench-mysql-password"));
            }
            create.addAll(List.of(launch.image(), "java", "-jar", JAR));
            create.addAll(launch.workerArgs("auto", launch.out()));
            Result created = docker(create, null);
            if (created.exit() != 0) {
                throw new IOException("docker service create failed: " + created.firstLine());
            }
            // Ctrl-C or SIGTERM ends this JVM without running finally blocks: the service is removed from a hook
            Thread removeService = new Thread(() -> removeQuietly(name, secret), "bench-remove-service");
            Runtime.getRuntime().addShutdownHook(removeService);
            try {
                return awaitTasks(name, launch);
            } finally {
                Runtime.getRuntime().removeShutdownHook(removeService);
                Result logs = docker(List.of("service", "logs", "--raw", "--timestamps", name), null);
                Files.writeString(launch.out().resolve("workers.log"), logs.out(), StandardCharsets.UTF_8);
                docker(List.of("service", "rm", name), null);
            }
        } finally {
            if (secret) {
                docker(List.of("secret", "rm", name), null);
            }
        }
    }

    private static void removeQuietly(String name, boolean secret) {
        try {
            docker(List.of("service", "rm", name), null);
            if (secret) {
                docker(List.of("secret", "rm", name), null);
            }
        } catch (IOException | InterruptedException e) {
            // the JVM is ending; 'docker service rm' by hand removes what is left
        }
    }

    /**
     * Waits until every task of the service has ended; the failed ones, one line each. A task that fails while others
     * still run is told to them at once, as {@link LocalWorkers} does: they would wait for it at the next start until
     * the --barrier-timeout.
     */
    private List<String> awaitTasks(String service, Launch launch) throws IOException, InterruptedException {
        java.util.Set<String> told = new java.util.HashSet<>();
        while (true) {
            Result ps = docker(List.of("service", "ps", service, "--no-trunc", "--format", "{{.Name}}|{{.CurrentState}}|{{.Error}}"), null);
            if (ps.exit() != 0) {
                throw new IOException("docker service ps " + service + " failed: " + ps.firstLine());
            }
            List<String[]> tasks = ps.out().lines().filter(l -> !l.isBlank()).map(l -> l.split("\\|", -1)).toList();
            long ended = tasks.stream().filter(t -> ended(t[1])).count();
            if (tasks.size() >= launch.count() && ended == tasks.size()) {
                List<String> failed = new ArrayList<>();
                for (String[] t : tasks) {
                    if (!t[1].startsWith("Complete")) {
                        failed.add("worker task " + t[0] + " ended " + how(t));
                    }
                }
                return failed;
            }
            for (String[] t : tasks) {
                if (failed(t[1]) && ended < tasks.size() && told.add(t[0])) {
                    slot(t[0]).ifPresent(slot -> launch.lost().ended(launch.runId(), slot - 1, "its task " + how(t)));
                }
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    private static String how(String[] task) {
        return task[1] + (task[2].isBlank() ? "" : ": " + task[2]);
    }

    /** A task that ended on its own, not by the service's removal (Shutdown: this run's own stop). */
    static boolean failed(String state) {
        return state.startsWith("Failed") || state.startsWith("Rejected") || state.startsWith("Orphaned");
    }

    /** A task's slot from its name, {@code bench-RUN.SLOT}. */
    static java.util.Optional<Integer> slot(String taskName) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\.(\\d+)$").matcher(taskName);
        return m.find() ? java.util.Optional.of(Integer.parseInt(m.group(1))) : java.util.Optional.empty();
    }

    private static boolean ended(String state) {
        return state.startsWith("Complete") || state.startsWith("Failed") || state.startsWith("Rejected")
                || state.startsWith("Shutdown") || state.startsWith("Orphaned");
    }

    record Result(int exit, String out) {
        String firstLine() {
            return out.strip().lines().findFirst().orElse("exit " + exit);
        }
    }

    /** Runs the docker CLI; {@code stdin} (e.g. a secret) goes through a pipe, never the command line. */
    static Result docker(List<String> args, String stdin) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("docker");
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (var in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(p.waitFor(), out);
    }
}

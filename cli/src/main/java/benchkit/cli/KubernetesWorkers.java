package benchkit.cli;

import benchkit.launch.Executables;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The workers as a Kubernetes Indexed Job: {@code completions = parallelism = N}, each pod's
 * {@code JOB_COMPLETION_INDEX} its worker index. bench writes the manifest ({@value #MANIFEST}, JSON, which kubectl
 * reads as YAML) into the result directory, applies it when kubectl is on PATH, and waits for the Job. The pods
 * write into the PersistentVolumeClaim {@value #CLAIM} mounted at {@value #RESULTS}; mount that volume at the
 * result directory here (e.g. NFS) or copy {@code worker-*} out of it, then {@code bench merge}. The image must
 * hold bench.jar at {@value #JAR}; a password comes from the Secret {@value #SECRET} (key {@code password}).
 */
final class KubernetesWorkers implements ClientEngine {
    static final String JAR = "/opt/bench/bench.jar";
    static final String MANIFEST = "bench-job.json";
    static final String CLAIM = "bench-results";
    static final String RESULTS = "/results";
    static final String SECRET = "bench-mysql";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final long POLL_MILLIS = 2000;
    /** kubectl, when there is one. */
    private final java.util.Optional<Path> kubectl;

    KubernetesWorkers(java.util.Optional<Path> kubectl) {
        this.kubectl = kubectl;
    }

    /** With the kubectl on PATH, if any. */
    static KubernetesWorkers onThisMachine() {
        return new KubernetesWorkers(Executables.find(List.of("kubectl"), List.of()));
    }

    @Override
    public String describe(int count) {
        return "a Kubernetes Indexed Job of " + count + " pods";
    }

    @Override
    public List<String> run(Launch launch) throws IOException, InterruptedException {
        Path manifest = launch.out().resolve(MANIFEST);
        Files.writeString(manifest, JSON.writeValueAsString(manifest(launch)) + "\n");
        launch.console().println("# Wrote " + manifest);
        if (kubectl.isEmpty()) {
            return List.of("kubectl is not on PATH here: apply " + manifest + " with 'kubectl apply -f', copy the workers' "
                    + "results out of the claim " + CLAIM + " into " + launch.out() + ", then 'bench merge "
                    + launch.out() + "/worker-* --out " + launch.out() + "'");
        }
        String job = jobName(launch.runId());
        if (kubectl(List.of("apply", "-f", manifest.toString())) != 0) {
            return List.of("kubectl apply -f " + manifest + " failed (its lines above say why)");
        }
        String ended = awaitJob(job);
        return ended.equals("Complete") ? List.of()
                : List.of("the Job " + job + " " + ended + " (kubectl describe job/" + job + ")");
    }

    /**
     * Waits until the Job is Complete or Failed, and says which. {@code kubectl wait --for=condition=complete} alone
     * waited out its 24-h timeout for a Job that failed (a worker's pod failed: backoffLimit 0 fails the Job at once).
     */
    private String awaitJob(String job) throws IOException, InterruptedException {
        while (true) {
            Process get = new ProcessBuilder(kubectl.get().toString(), "get", "job/" + job, "-o",
                    "jsonpath={range .status.conditions[?(@.status==\"True\")]}{.type} {end}")
                    .redirectErrorStream(true).start();
            String out = new String(get.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            if (get.waitFor() != 0) {
                return "could not be read (kubectl get job/" + job + ": " + out.lines().findFirst().orElse("no answer") + ")";
            }
            List<String> conditions = List.of(out.split("\\s+"));
            if (conditions.contains("Complete")) {
                return "Complete";
            }
            if (conditions.contains("Failed")) {
                return "failed: a worker's pod failed, and the Job stopped the others";
            }
            java.util.concurrent.TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    /** The Indexed Job: every field the batch/v1 API requires of one, and the workers' command line. */
    static ObjectNode manifest(Launch launch) {
        ObjectNode root = JSON.createObjectNode();
        root.put("apiVersion", "batch/v1");
        root.put("kind", "Job");
        root.putObject("metadata").put("name", jobName(launch.runId())).putObject("labels").put("app", "benchkit");
        ObjectNode spec = root.putObject("spec");
        spec.put("completionMode", "Indexed");
        spec.put("completions", launch.count());
        spec.put("parallelism", launch.count());
        spec.put("backoffLimit", 0);             // a failed worker is named by the merge, not silently replaced
        ObjectNode pod = spec.putObject("template").putObject("spec");
        pod.put("restartPolicy", "Never");
        ObjectNode c = pod.putArray("containers").addObject();
        c.put("name", "bench");
        c.put("image", launch.image());
        ArrayNode command = c.putArray("command");
        List.of("java", "-jar", JAR).forEach(command::add);
        launch.workerArgs("auto", Path.of(RESULTS)).forEach(command::add);
        ObjectNode env = c.putArray("env").addObject();
        env.put("name", ServerOptions.PASSWORD_ENV);
        env.putObject("valueFrom").putObject("secretKeyRef").put("name", SECRET).put("key", "password").put("optional", true);
        c.putArray("volumeMounts").addObject().put("name", "results").put("mountPath", RESULTS);
        pod.putArray("volumes").addObject().put("name", "results").putObject("persistentVolumeClaim").put("claimName", CLAIM);
        return root;
    }

    /** A DNS-1123 label from the run id. */
    static String jobName(String runId) {
        String name = ("bench-" + runId.toLowerCase(java.util.Locale.ROOT)).replaceAll("[^a-z0-9-]", "-");
        name = name.length() > 63 ? name.substring(0, 63) : name;
        return name.replaceAll("-+$", "");
    }

    private int kubectl(List<String> args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(kubectl.get().toString()));
        command.addAll(args);
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }
}

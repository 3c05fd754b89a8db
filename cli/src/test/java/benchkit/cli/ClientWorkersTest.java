package benchkit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The coordinator's command lines, and the Kubernetes manifest checked against what an Indexed Job requires. */
class ClientWorkersTest {
    @TempDir
    Path dir;

    @Test
    void workersGetTheRunsCommandLineWithoutTheCoordinatorsOptions() {
        List<String> args = List.of("run", "--workload", "point-select", "--clients", "3", "--client-engine=docker",
                "--mysql-host", "db1", "--out", "/r", "--client-image", "img", "--threads", "4,8");
        assertEquals(List.of("--workload", "point-select", "--mysql-host", "db1", "--threads", "4,8"), ClientWorkers.workerArgs(args));
        assertEquals(List.of("--threads", "1"), ClientWorkers.workerArgs(List.of("--study", "s.json", "--threads", "1")),
                "the coordinator puts the study beside the merged run");
    }

    private ClientEngine.Launch launch() {
        return new ClientEngine.Launch(3, "20261124-0530-ab", List.of("--workload", "point-select", "--mysql-host", "db1"),
                dir, dir.resolve("bench.jar"), "registry.example/bench:1", System.out);
    }

    @Test
    void theIndexedJobHasWhatTheBatchV1ApiRequires() throws Exception {
        JsonNode job = new ObjectMapper().readTree(KubernetesWorkers.manifest(launch()).toString());
        assertEquals("batch/v1", job.path("apiVersion").asText());
        assertEquals("Job", job.path("kind").asText());
        String name = job.path("metadata").path("name").asText();
        assertTrue(name.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?"), "a DNS-1123 label: " + name);
        JsonNode spec = job.path("spec");
        assertEquals("Indexed", spec.path("completionMode").asText());
        assertEquals(3, spec.path("completions").asInt(), "an Indexed Job needs completions");
        assertEquals(3, spec.path("parallelism").asInt(), "all workers at once, or the barrier would wait for the later ones");
        JsonNode pod = spec.path("template").path("spec");
        assertTrue(List.of("Never", "OnFailure").contains(pod.path("restartPolicy").asText()), "a Job's pods may not restart Always");
        JsonNode container = pod.path("containers").path(0);
        assertFalse(container.path("name").asText().isEmpty());
        assertEquals("registry.example/bench:1", container.path("image").asText());
        List<String> command = new ArrayList<>();
        container.path("command").forEach(c -> command.add(c.asText()));
        assertEquals(List.of("java", "-jar", KubernetesWorkers.JAR, "--workload", "point-select", "--mysql-host", "db1",
                "--worker", "auto/3", "--run-id", "20261124-0530-ab", "--out", "/results/worker-{worker}"), command);
        // the results volume the pods write into is the one mounted
        String mount = container.path("volumeMounts").path(0).path("name").asText();
        assertEquals(mount, pod.path("volumes").path(0).path("name").asText());
        assertEquals(KubernetesWorkers.CLAIM, pod.path("volumes").path(0).path("persistentVolumeClaim").path("claimName").asText());
        // the password comes from a Secret, never from the manifest itself
        JsonNode env = container.path("env").path(0);
        assertEquals(ServerOptions.PASSWORD_ENV, env.path("name").asText());
        assertEquals(KubernetesWorkers.SECRET, env.path("valueFrom").path("secretKeyRef").path("name").asText());
        assertFalse(env.has("value"));
    }

    @Test
    void withoutKubectlTheManifestIsWrittenAndTheNextStepsSaid() throws Exception {
        List<String> failed = new KubernetesWorkers(java.util.Optional.empty()).run(launch());
        assertTrue(Files.isRegularFile(dir.resolve(KubernetesWorkers.MANIFEST)));
        assertEquals(1, failed.size());
        assertTrue(failed.get(0).startsWith("kubectl is not on PATH here: apply " + dir.resolve(KubernetesWorkers.MANIFEST)), failed.get(0));
    }
}

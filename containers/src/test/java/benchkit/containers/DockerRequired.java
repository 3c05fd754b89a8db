package benchkit.containers;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Guards tests that need a Docker engine and our local image: without them a test is skipped
 * with the reason printed, except in CI ({@code CI=true}), where it fails, because CI runs
 * scripts/docker-up.sh and scripts/build-images.sh first.
 */
final class DockerRequired {
    static final String IMAGE = "benchkit/mariadb:10.11";

    private DockerRequired() {
    }

    static void engineAndImage() {
        DockerEngine engine = DockerEngine.local();
        Optional<String> reason = engine.unavailableReason();
        if (reason.isEmpty() && !engine.hasImage(IMAGE)) {
            reason = Optional.of("image " + IMAGE + " is not built; run scripts/build-images.sh");
        }
        if (reason.isPresent()) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                Assertions.fail("CI=true but " + reason.get() + " (run scripts/docker-up.sh and scripts/build-images.sh first)");
            }
            System.out.println("SKIPPED container test: " + reason.get());
            Assumptions.abort(reason.get());
        }
    }

    /** Runs the docker CLI (an independent witness of what the engine holds) and returns its output. */
    static String docker(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(java.nio.file.Files.isExecutable(java.nio.file.Path.of("/usr/bin/docker")) ? "/usr/bin/docker" : "docker");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assertions.assertEquals(0, p.waitFor(), () -> String.join(" ", cmd) + " failed: " + out);
        return out.strip();
    }
}

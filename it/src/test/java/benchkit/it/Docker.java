package benchkit.it;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/** The local Docker engine through its command line, for tests that run images scripts/build-images.sh built. */
final class Docker {
    private Docker() {
    }

    /** Skips without a Docker engine or {@code image}, except in CI (CI=true), where that is a failure. */
    static void requireImageOrSkip(String image) {
        String inspect;
        try {
            inspect = docker("image", "inspect", "--format", "{{.Id}}", image);
        } catch (Exception e) {
            inspect = "";
        }
        if (inspect.isBlank()) {
            String why = "no Docker engine or no image " + image + " (run scripts/docker-up.sh and scripts/build-images.sh)";
            if (System.getenv("CI") != null) {
                fail(why);
            }
            Assumptions.assumeTrue(false, why);
        }
    }

    /** Runs {@code docker ARGS} and returns its output; fails unless it exits 0 within a minute. */
    static String docker(String... args) throws IOException, InterruptedException {
        BenchJar.Result r = run(60, args);
        if (r.exit() != 0) {
            throw new IllegalStateException("docker " + String.join(" ", args) + ": " + r.all());
        }
        return r.out() + r.err();
    }

    /** Runs {@code docker ARGS}, with its exit code, standard output and error apart. */
    static BenchJar.Result run(long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("docker", ".out");
        Path err = Files.createTempFile("docker", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("docker " + String.join(" ", args) + " did not finish in " + timeoutSeconds + " s");
            }
            return new BenchJar.Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}

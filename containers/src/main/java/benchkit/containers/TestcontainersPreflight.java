package benchkit.containers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Testcontainers pulls two helper images on first use: Ryuk (which removes containers when the JVM
 * dies) and, when this JVM itself runs in a container, alpine (to find the engine's gateway). It
 * reads the switches that avoid them only from the environment, and without a registry it retries
 * the pull for minutes. So we check first, and fail at once with what to set.
 */
final class TestcontainersPreflight {
    /** The helper images Testcontainers 1.21.4 uses (RyukContainer, DockerClientFactory.TINY_IMAGE). */
    static final String RYUK_IMAGE = "testcontainers/ryuk:0.12.0";
    static final String TINY_IMAGE = "alpine:3.17";
    private TestcontainersPreflight() {
    }

    /** What would make Testcontainers pull an image that is not here, or empty when nothing would. */
    static Optional<String> problem(DockerEngine engine) {
        return problem(engine, System.getenv(), Files.exists(Path.of("/.dockerenv")));
    }

    static Optional<String> problem(DockerEngine engine, Map<String, String> env, boolean insideContainer) {
        if (!engine.isProbeable()) {
            return Optional.empty();
        }
        List<String> set = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        if (!"true".equalsIgnoreCase(env.get("TESTCONTAINERS_RYUK_DISABLED")) && !engine.hasImage(RYUK_IMAGE)) {
            set.add("TESTCONTAINERS_RYUK_DISABLED=true");
            missing.add(RYUK_IMAGE);
        }
        String hostOverride = env.get("TESTCONTAINERS_HOST_OVERRIDE");
        if (insideContainer && (hostOverride == null || hostOverride.isBlank())
                && !engine.hasImage(TINY_IMAGE)) {
            set.add("TESTCONTAINERS_HOST_OVERRIDE=localhost");
            missing.add(TINY_IMAGE);
        }
        if (set.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Testcontainers would pull " + String.join(" and ", missing)
                + ", which the engine does not have; set " + String.join(" and ", set)
                + " in the environment (benchkit removes its own containers), or pull the image"
                + (missing.size() > 1 ? "s" : ""));
    }
}

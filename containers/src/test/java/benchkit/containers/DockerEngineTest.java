package benchkit.containers;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What we ask the real engine before Testcontainers runs, and how a missing image fails. */
class DockerEngineTest {
    @BeforeAll
    static void docker() {
        DockerRequired.engineAndImage();
    }

    @Test
    void knowsWhichImagesAreHere() {
        DockerEngine engine = DockerEngine.local();
        assertTrue(engine.hasImage(DockerRequired.IMAGE));
        assertFalse(engine.hasImage("benchkit/no-such-image:1"));
    }

    @Test
    void saysWhichSwitchesAvoidPullingTestcontainersHelpers() {
        DockerEngine engine = DockerEngine.local();
        String problem = TestcontainersPreflight.problem(engine, Map.of(), true).orElseThrow();
        // this engine has neither helper image (no registry in CI): both switches are named
        assertTrue(problem.contains("set TESTCONTAINERS_RYUK_DISABLED=true and TESTCONTAINERS_HOST_OVERRIDE=localhost"), problem);
        assertTrue(TestcontainersPreflight.problem(engine, Map.of("TESTCONTAINERS_RYUK_DISABLED", "true",
                "TESTCONTAINERS_HOST_OVERRIDE", "localhost"), true).isEmpty());
        assertTrue(TestcontainersPreflight.problem(engine, Map.of("TESTCONTAINERS_RYUK_DISABLED", "true"), false).isEmpty());
    }

    @Test
    void aMissingImageFailsAtOnceWithAOneLineMessage() {
        long start = System.nanoTime();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ContainerServerLauncher().launch(
                new ServerSpec("benchkit/no-such-image:1", Map.of(), AllocatorSpec.GLIBC, "")));
        assertTrue(e.getMessage().startsWith("image benchkit/no-such-image:1 is not here and could not be pulled ("), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertTrue(System.nanoTime() - start < 60_000_000_000L, "no minutes of pull retries");
    }
}

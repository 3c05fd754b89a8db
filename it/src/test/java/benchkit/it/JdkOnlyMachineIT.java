package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's first command on a fresh machine with only a JDK: bench.jar's default run in
 * {@code benchkit/jre:bookworm} (Debian minbase plus a headless JRE, nothing else, built by
 * scripts/build-images.sh), as an ordinary user, without network.
 */
class JdkOnlyMachineIT {
    static final String IMAGE = System.getProperty("benchkit.jre.image", "benchkit/jre:bookworm");

    @TempDir
    Path dir;

    @Test
    void defaultPointSelectRunsWithOnlyAJdk() throws Exception {
        Docker.requireImageOrSkip(IMAGE);
        // the fresh machine indeed lacks what the MySQL tarballs need, or this test would prove nothing
        assertNotEquals(0, Docker.run(60, "run", "--rm", "--network", "none", IMAGE,
                "test", "-e", "/usr/lib/x86_64-linux-gnu/libaio.so.1").exit(), "libaio.so.1 in " + IMAGE);

        Path results = Files.createDirectory(dir.resolve("results"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxrwxrwx")));
        Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rwxrwxrwx")); // despite the umask
        BenchJar.Result r = bench(results, "--workload", "point-select",
                "--warmup-time", "1", "--time", "2", "--iterations", "2", "--out", "/results/run");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("# Server: MariaDB 11.4.5 (embedded default: runs with only a JDK"), r.out());

        JsonNode entries = new ObjectMapper().readTree(results.resolve("run/jmh-result.json").toFile());
        assertEquals(1, entries.size(), entries.toString());
        JsonNode e = entries.get(0);
        assertEquals("benchkit.point-select", e.path("benchmark").asText());
        assertEquals("mariadb-11.4", e.path("params").path("distribution").asText(), e.toString());
        assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
    }

    @Test
    void mysqlVariantSaysInOneLineWhatIsMissing() throws Exception {
        Docker.requireImageOrSkip(IMAGE);
        BenchJar.Result r = bench(null, "--workload", "point-select", "--server", "mysql-8.0",
                "--warmup-iterations", "0", "--time", "1", "--iterations", "1", "--out", "/tmp/run");
        assertEquals(2, r.exit(), "a server this machine cannot run is refused before anything starts: " + r.all());
        List<String> errors = r.err().lines().filter(l -> !l.isBlank()).toList();
        assertEquals(1, errors.size(), r.err());
        assertTrue(errors.get(0).startsWith("bench: ") && errors.get(0).contains("libaio.so.1 is missing"),
                errors.get(0));
        assertFalse(r.all().contains("Exception") || r.all().contains("\tat "), r.all());
    }

    /** bench.jar in a fresh container of the image, as user {@code bench}, with no network; results mounted when given. */
    private static BenchJar.Result bench(Path results, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("run", "--rm", "--network", "none", "--user", "bench",
                "--workdir", "/home/bench", "-v", BenchJar.jar().toAbsolutePath() + ":/opt/bench.jar:ro"));
        if (results != null) {
            command.addAll(List.of("-v", results + ":/results"));
        }
        command.addAll(List.of(IMAGE, "java", "-jar", "/opt/bench.jar"));
        command.addAll(List.of(args));
        return Docker.run(600, command.toArray(String[]::new));
    }
}

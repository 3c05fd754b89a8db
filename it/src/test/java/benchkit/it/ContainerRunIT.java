package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bench.jar against MariaDB in real containers (the image scripts/build-images.sh builds from Debian
 * packages), one variant per allocator preloaded inside the container and proven from the host.
 */
class ContainerRunIT {
    static final String IMAGE = System.getProperty("benchkit.mariadb.image", "benchkit/mariadb:10.11");

    @TempDir
    Path dir;

    @Test
    void mariadbContainerTimesAllocators() throws Exception {
        requireImageOrSkip();
        Path out = dir.resolve("containers");
        BenchJar.Result r = BenchJar.run(dir, 900, Map.of(),
                "--workload", "point-select,oltp-read-write", "--server", "container:" + IMAGE,
                "--forks", "1", "--allocator", "glibc,jemalloc,tcmalloc", "--threads", "2", "--table-size", "1000",
                "--time", "1", "--iterations", "2", "--warmup-iterations", "0", "--report-interval", "0",
                "--out", out.toString());
        assertEquals(0, r.exit(), r.all());

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        Set<String> seen = new HashSet<>();
        for (JsonNode e : results) {
            String allocator = e.path("params").path("allocator").asText();
            String proof = e.path("params").path("allocator.proof").asText();
            if (!allocator.equals("glibc")) {
                assertTrue(proof.contains("lib" + allocator), "allocator proven from the host: " + proof);
            }
            assertTrue(e.path("primaryMetric").path("score").asDouble() > 0, e.toString());
            assertTrue(e.path("secondaryMetrics").path("server.rss").path("score").asDouble() > 0,
                    "RSS sampled through the container's host PID: " + e.path("secondaryMetrics"));
            seen.add(e.path("benchmark").asText() + "/" + allocator);
        }
        assertEquals(6, seen.size(), seen.toString());
        assertEquals("", docker("ps", "-aq", "--filter", "ancestor=" + IMAGE).strip(), "containers left behind");
    }

    /** Skips without a Docker engine or the image, except in CI (CI=true), where that is a failure. */
    static void requireImageOrSkip() {
        Docker.requireImageOrSkip(IMAGE);
    }

    private static String docker(String... args) throws Exception {
        return Docker.docker(args);
    }
}

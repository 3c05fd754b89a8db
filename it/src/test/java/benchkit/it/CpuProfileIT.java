package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 31's profile at small size: glibc against jemalloc on a real MariaDB, sampled by the real perf. */
class CpuProfileIT {
    @TempDir
    Path dir;

    @Test
    void eachVariantSaysWhereTheServersCpuWentAndWhichAllocatorItRan() throws Exception {
        Path out = dir.resolve("profiled");
        BenchJar.Result r = BenchJar.run(dir, 600, Map.of(), "--workload", "oltp-read-only", "--server", "system",
                "--table-size", "1000", "--allocator", "glibc,jemalloc", "--threads", "4", "--time", "2",
                "--iterations", "2", "--warmup-iterations", "1", "--forks", "2", "--report-interval", "0",
                "--profile", "cpu", "--out", out.toString());
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("INVALID"), "profiling makes no iteration invalid: " + r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("variant") && l.contains("alloc %") && l.contains("alloc us/query")),
                "the summary table shows the profile: " + r.out());
        assertTrue(r.out().contains("server.cpu.allocator "), "the effects name the allocator's share: " + r.out());

        for (String variant : new String[]{"glibc", "jemalloc"}) {
            for (int fork = 1; fork <= 2; fork++) {
                String name = variant + "-t4-f" + fork;
                String folded = Files.readString(out.resolve("profiles").resolve(name + ".folded"));
                assertTrue(folded.lines().allMatch(l -> l.matches("mariadbd;.+ \\d+")), "the server's stacks only: " + name);
                assertTrue(folded.contains("do_command") || folded.contains("dispatch_command"), "named server frames: " + name);
                JsonNode summary = new ObjectMapper().readTree(out.resolve("profiles").resolve(name + ".json").toFile());
                assertTrue(summary.get("samples").asLong() > 500, summary.toString());
                String allocatorFunctions = summary.get("allocatorFunctions").toString();
                if (variant.equals("jemalloc")) {
                    assertTrue(allocatorFunctions.contains("libjemalloc"), "jemalloc's own frames: " + allocatorFunctions);
                } else {
                    assertFalse(allocatorFunctions.contains("libjemalloc"), allocatorFunctions);
                    assertTrue(allocatorFunctions.contains("libc.so"), "glibc's malloc: " + allocatorFunctions);
                }
            }
        }

        JsonNode results = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile());
        assertEquals(2, results.size());
        for (JsonNode e : results) {
            JsonNode metrics = e.get("secondaryMetrics");
            for (String metric : new String[]{"server.cpu.allocator", "server.cpu.allocator.per.query", "server.cpu.locks",
                    "server.cpu.kernel", "server.profile.samples"}) {
                assertTrue(metrics.has(metric), metric + " in " + metrics.toString());
            }
            double share = metrics.get("server.cpu.allocator").get("score").asDouble();
            assertTrue(share > 0 && share < 50, "a share of the server's CPU: " + share);
            for (Iterator<JsonNode> forks = metrics.get("server.profile.samples").get("rawData").elements(); forks.hasNext(); ) {
                for (JsonNode samples : forks.next()) {
                    assertTrue(samples.asDouble() > 200, "every measured iteration sampled: " + metrics.get("server.profile.samples"));
                }
            }
        }
    }

    @Test
    void aBadProfileKindIsOneLineAndExitTwo() throws Exception {
        BenchJar.Result r = BenchJar.run(dir, 60, Map.of(), "--workload", "point-select", "--profile", "wall",
                "--out", dir.resolve("bad").toString());
        assertEquals(2, r.exit(), r.all());
        assertEquals("bench: --profile wall: expected cpu or none", r.err().strip());
    }
}

package benchkit.it;

import benchkit.core.api.BenchmarkFailedException;
import benchkit.core.api.BenchmarkRun;
import benchkit.core.result.VariantResult;
import benchkit.core.run.RunSummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java API runs the same matrix of launched servers as {@code bench run} (it could run one given server only):
 * allocator × server setting on Debian's mariadbd, each allocator proven loaded, each setting on its server.
 */
class JavaApiMatrixIT {
    @TempDir
    Path dir;

    @Test
    void allocatorsTimesSettingsFromJava() throws Exception {
        RunSummary result = BenchmarkRun.workload("point-select")
                .option("table-size", "1000")
                .servers("system")
                .allocators("glibc", "jemalloc")
                .serverSetting("innodb_buffer_pool_size", "64M", "128M")
                .threads(2)
                .warmup(0, Duration.ofSeconds(1))
                .measure(1, Duration.ofSeconds(1))
                .forks(1)
                .outDir(dir.resolve("bench"))
                .run();

        assertTrue(result.complete(), result.failure().orElse(""));
        assertEquals(List.of("glibc/innodb_buffer_pool_size=64M", "glibc/innodb_buffer_pool_size=128M",
                        "jemalloc/innodb_buffer_pool_size=64M", "jemalloc/innodb_buffer_pool_size=128M"),
                result.scores().stream().map(VariantResult::variant).toList());
        for (VariantResult score : result.scores()) {
            String proof = score.params().get("allocator.proof");
            if (score.params().get("allocator").equals("jemalloc")) {
                assertTrue(proof.contains("libjemalloc") && proof.contains("version_malloc_library=jemalloc"), proof);
            } else {
                assertEquals("glibc; version_malloc_library=system", proof);
            }
            assertTrue(score.variant().endsWith("=" + score.params().get("mysqld.innodb_buffer_pool_size")), score.params().toString());
            assertTrue(score.primary().score() > 0, score.toString());
        }

        // one server given, or the axes of launched ones: not both
        assertThrows(IllegalStateException.class, () -> BenchmarkRun.workload("point-select")
                .server(() -> { throw new AssertionError("never started"); }).allocators("jemalloc").run());
    }

    /**
     * A run until settled from Java: the server on 1 CPU against 2 under 4 threads, forks added until the tps
     * comparison settles or the budget ends; the looks and the forks that ran are recorded as by {@code bench run}.
     */
    @Test
    void untilSettledFromJava() throws Exception {
        Path out = dir.resolve("settled");
        RunSummary result = BenchmarkRun.workload("point-select")
                .option("table-size", "1000")
                .servers("system")
                .serverCpus("0-1", "0")
                .threads(4)
                .warmup(0, Duration.ofSeconds(1))
                .measure(2, Duration.ofSeconds(1))
                .untilSettled(Duration.ofSeconds(50))
                .outDir(out)
                .run();
        assertTrue(result.complete(), result.failure().orElse(""));
        com.fasterxml.jackson.databind.JsonNode settings = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.resolve("run.json").toFile()).path("settings");
        assertTrue(settings.path("sequential-looks").asText().matches("3\\.\\.[0-9]+ hsd\\(-4\\)"), settings.toString());
        int forks = settings.path("forks").asInt();
        assertTrue(forks >= 3, settings.toString());
        assertTrue(settings.path("until-settled").asText().startsWith("within 50 s"), settings.toString());
        for (VariantResult score : result.scores()) {
            assertTrue(score.forkCount() >= 3 && score.forkCount() <= forks, score.variant() + ": " + score.forkCount());
        }
    }

    /** A check built on a run that failed must not pass, nor fail with "No value present": run() throws the cause. */
    @Test
    void aRunThatFailsThrowsItsCause() {
        BenchmarkFailedException e = assertThrows(BenchmarkFailedException.class, () -> BenchmarkRun.workload("point-select")
                .option("table-size", "1000")
                .servers("system")
                .serverSetting("no_such_variable_xyz", "1")
                .threads(1)
                .warmup(0, Duration.ofSeconds(1))
                .measure(1, Duration.ofSeconds(1))
                .outDir(dir.resolve("failed"))
                .run());
        assertTrue(e.getMessage().startsWith("point-select did not complete: could not start or reach the server"), e.getMessage());
        assertTrue(e.getMessage().contains("unknown variable 'no_such_variable_xyz=1'"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(what finished is in " + dir.resolve("failed") + ")"), e.getMessage());
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> e.summary().requireScore("server", 1));
        assertTrue(none.getMessage().startsWith("no score for variant 'server' at 1 threads; the run has none; the run"
                + " failed: could not start"), none.getMessage());
    }
}

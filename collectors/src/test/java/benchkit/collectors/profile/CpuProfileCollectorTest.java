package benchkit.collectors.profile;

import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The profiler against a real process with the real perf (Debian's linux-perf, as CI has it). */
class CpuProfileCollectorTest {
    @TempDir
    Path dir;

    /** {@code dd bs=1} spends its time in read and write system calls: a profile whose answer is known. */
    @ParameterizedTest
    @ValueSource(strings = {"system", "process"})
    void aSyscallBoundProcessIsMostlyKernelAndItsStacksAreWritten(String scope) throws Exception {
        Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=/dev/null", "bs=1").start();
        try {
            Collector c = new CpuProfileCollectorFactory().create(Map.of("dir", dir.toString(), "scope", scope));
            TrialInfo trial = new TrialInfo("w", "glibc", 4, 2, Target.builder().build(), OptionalLong.of(dd.pid()));
            c.beforeTrial(trial);
            IterationInfo warmup = new IterationInfo(1, true, 1);
            c.beforeIteration(trial, warmup);
            assertTrue(c.afterIteration(trial, warmup).isEmpty(), "warmup is not profiled");
            Map<String, Double> metrics = null;
            for (int i = 1; i <= 3; i++) {
                IterationInfo it = new IterationInfo(i, false, 1);
                c.beforeIteration(trial, it);
                Thread.sleep(1000);
                metrics = byName(c.afterIteration(trial, it));
                // one perf for the trial: the second and third come from the files it switched to
                // ~499 on an idle machine; a loaded one gives dd less of a CPU (288 seen at a load average of 7 on 2 CPUs)
                assertTrue(metrics.get("server.profile.samples") > 100, "a busy second at 499 Hz, iteration " + i + ": " + metrics);
            }
            c.afterTrial(trial);

            assertTrue(metrics.get("server.cpu.kernel") > 50, "dd bs=1 lives in read and write: " + metrics);
            assertTrue(metrics.get("server.cpu.allocator") < 5, metrics.toString());
            String folded = Files.readString(dir.resolve("glibc-t4-f2.folded"));
            assertTrue(folded.lines().allMatch(l -> l.matches("dd;.* \\d+")), "folded stacks of dd only:\n" + folded);
            assertTrue(folded.contains("_[k]"), "kernel frames marked");
            JsonNode summary = new ObjectMapper().readTree(dir.resolve("glibc-t4-f2.json").toFile());
            assertTrue(summary.get("samples").asLong() > metrics.get("server.profile.samples"), "both iterations: " + summary);
            assertTrue(summary.get("syscalls").has("read") || summary.get("syscalls").has("write"), summary.toString());
        } finally {
            dd.destroyForcibly();
        }
    }

    @Test
    void aServerWithoutAProcessHereIsNotProfiled() throws Exception {
        Collector c = new CpuProfileCollectorFactory().create(Map.of("dir", dir.toString()));
        TrialInfo external = new TrialInfo("w", "external", 1, 1, Target.builder().build(), OptionalLong.empty());
        c.beforeTrial(external);
        IterationInfo it = new IterationInfo(1, false, 1);
        c.beforeIteration(external, it);
        assertTrue(c.afterIteration(external, it).isEmpty());
        c.afterTrial(external);
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aProcessThatIsGoneIsAClearFailure() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Collector c = new CpuProfileCollectorFactory().create(Map.of("dir", dir.toString(), "scope", "process"));
        TrialInfo trial = new TrialInfo("w", "v", 1, 1, Target.builder().build(), OptionalLong.of(gone.pid()));
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> c.beforeTrial(trial));
        assertTrue(e.getMessage().startsWith("perf record ended"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    private static Map<String, Double> byName(Collection<Metric> metrics) {
        return metrics.stream().collect(Collectors.toMap(Metric::name, Metric::value));
    }
}

package benchkit.it;

import benchkit.containers.ContainerServerLauncher;
import benchkit.core.api.BenchmarkRun;
import benchkit.core.api.Expectations;
import benchkit.core.result.BenchmarkResult;
import benchkit.core.run.RunSummary;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The "benchmark check in your own CI" example of docs/usage.md, run for real against a MariaDB container. */
class UserCiCheckIT {
    @TempDir
    Path dir;

    @Test
    void pointSelectHoldsItsBaselineOnTheServerImage() throws Exception {
        ContainerRunIT.requireImageOrSkip();
        ContainerServerLauncher launcher = new ContainerServerLauncher();
        ServerSpec spec = new ServerSpec(ContainerRunIT.IMAGE, Map.of(), AllocatorSpec.GLIBC, "");

        RunSummary result = BenchmarkRun.workload("point-select")
                .option("table-size", "1000")
                .server(() -> launcher.launch(spec))
                .threads(4)
                .warmup(1, Duration.ofSeconds(1))
                .measure(3, Duration.ofSeconds(1))
                .outDir(dir.resolve("bench"))
                .run();

        BenchmarkResult score = result.requireScore("server", 4);
        Expectations.throughputNotBelow(score, 100, 5);             // a stored baseline in ops/s, 5% tolerance
        Expectations.metricNotAbove(score, "latency.p95", 250);     // ms
        assertTrue(Files.isRegularFile(dir.resolve("bench/jmh-result.json")), "JMH-format results for CI trackers");

        // The same check must fail against an impossible baseline (the latency check's failing side is
        // unit-tested in ExpectationsTest).
        assertThrows(AssertionError.class, () -> Expectations.throughputNotBelow(score, 1e9, 5));
    }
}

package com.example.bench;

import benchkit.containers.ContainerServerLauncher;
import benchkit.core.api.BenchmarkRun;
import benchkit.core.api.Expectations;
import benchkit.core.result.VariantResult;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import java.time.Duration;
import java.util.Map;

class PointSelectBenchmarkTest {
    // The stored baseline in ops/s: what this check measured on your CI machine (mvn test -Dbaseline=N overrides).
    // None yet (0): the first run fails and says what it measured, to store here.
    private static final double BASELINE = Double.parseDouble(System.getProperty("baseline", "0"));

    @Test
    void pointSelectHoldsItsBaselineOnTheEmbeddedServer() throws Exception {
        VariantResult score = BenchmarkRun.workload("point-select")    // the embedded MariaDB: no Docker needed
                .option("table-size", "10000")
                .threads(4)
                .warmup(1, Duration.ofSeconds(1))
                .measure(3, Duration.ofSeconds(1))
                .forks(3)                                        // three fresh servers: the replicates
                .run()                                           // results in target/benchkit/<timestamp>-point-select
                .requireScore("glibc", 4);
        Expectations.throughputNotBelow(score, BASELINE, 5);     // 5% tolerance
        Expectations.metricNotAbove(score, "latency.p95", 50);   // ms
    }

    @Test
    @EnabledIfSystemProperty(named = "image", matches = ".+")   // mvn test -Dimage=mariadb:11
    void pointSelectHoldsItsBaselineOnYourServerImage() throws Exception {
        ContainerServerLauncher launcher = new ContainerServerLauncher();
        ServerSpec spec = new ServerSpec(System.getProperty("image"), Map.of(), AllocatorSpec.GLIBC, "");
        VariantResult score = BenchmarkRun.workload("point-select")
                .option("table-size", "10000")
                .server(() -> launcher.launch(spec))
                .threads(4)
                .warmup(1, Duration.ofSeconds(1))
                .measure(3, Duration.ofSeconds(1))
                .forks(3)
                .run()
                .requireScore("server", 4);
        Expectations.throughputNotBelow(score, BASELINE, 5);
        Expectations.metricNotAbove(score, "latency.p95", 50);
    }
}

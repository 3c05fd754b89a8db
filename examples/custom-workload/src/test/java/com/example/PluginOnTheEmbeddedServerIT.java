package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.core.api.BenchmarkRun;
import benchkit.core.run.RunSummary;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Both of the plugin's workloads run by bench itself (bench.jar as dev.benchkit:benchkit-bench, test scope) on the
 * embedded MariaDB, from JUnit, as `bench --plugin-dir` would run them: bench finds them on the test class path through
 * their services files. It runs with `mvn verify` (failsafe), a few seconds each.
 */
class PluginOnTheEmbeddedServerIT {
    @Test
    void theSpiStyleWorkloadRunsAndCountsItsQueries() throws Exception {
        RunSummary summary = BenchmarkRun.workload("my-point-select").option("rows", "1000").threads(2)
                .warmup(0, Duration.ZERO).measure(2, Duration.ofSeconds(1)).forks(1).run();
        double tps = summary.scores().get(0).metric("tps").orElseThrow().score();
        double qps = summary.scores().get(0).metric("qps").orElseThrow().score();
        assertTrue(tps > 0, "tps " + tps);
        assertEquals(tps, qps, tps * 0.01, "one query per event");
    }

    @Test
    void theAnnotatedWorkloadRuns() throws Exception {
        RunSummary summary = BenchmarkRun.workload("example-orders").option("orders", "1000").threads(2)
                .warmup(0, Duration.ZERO).measure(2, Duration.ofSeconds(1)).forks(1).run();
        assertTrue(summary.scores().get(0).metric("tps").orElseThrow().score() > 0, summary.toString());
    }
}

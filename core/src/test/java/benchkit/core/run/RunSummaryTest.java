package benchkit.core.run;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RunSummaryTest {
    private static VariantResult scoreOf(String variant, int threads) {
        MetricResult tps = new MetricResult(100, Double.NaN, Double.NaN, Double.NaN, "ops/s", List.of(new double[]{100}));
        return new VariantResult("benchkit.point-select", variant, threads, Map.of(), Map.of(),
                Map.of(VariantResult.PRIMARY, tps));
    }

    @Test
    void requireScoreNamesWhatThereIsAndWhyTheRestIsMissing() {
        VariantResult glibc4 = scoreOf("glibc", 4);
        RunSummary partial = new RunSummary(Path.of("out"), false, Optional.of("server exited during iteration 2"),
                List.of(glibc4, scoreOf("glibc", 8)), List.of());
        assertSame(glibc4, partial.requireScore("glibc", 4));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> partial.requireScore("server", 4));
        assertEquals("no score for variant 'server' at 4 threads; the run has 'glibc' at 4, 'glibc' at 8;"
                + " the run failed: server exited during iteration 2", e.getMessage());
        RunSummary empty = new RunSummary(Path.of("out"), true, Optional.empty(), List.of(), List.of());
        assertEquals("no score for variant 'glibc' at 1 threads; the run has none",
                assertThrows(IllegalStateException.class, () -> empty.requireScore("glibc", 1)).getMessage());
    }
}

package benchkit.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExportsTest {
    private final StoredRun run = TestRuns.run("ab".repeat(32), Instant.parse("2026-11-01T02:00:00Z"),
            Map.of("commit", "abc123"), new double[][] {{100, 100}, {110, 110}});

    @Test
    void githubActionBenchmarkGetsOneFileEachDirection() throws Exception {
        JsonNode bigger = JsonMapper.builder().build().readTree(Exports.CUSTOM_BIGGER_IS_BETTER.render(run));
        assertEquals(1, bigger.size());
        assertEquals("point-select at 8 threads, tps", bigger.get(0).get("name").asText());
        assertEquals("ops/s", bigger.get(0).get("unit").asText());
        assertEquals(105, bigger.get(0).get("value").asDouble(), 1e-9);
        assertTrue(bigger.get(0).get("range").asText().startsWith("± "), bigger.toString());
        assertTrue(bigger.get(0).get("extra").asText().contains("commit=abc123"), bigger.toString());
        JsonNode smaller = JsonMapper.builder().build().readTree(Exports.CUSTOM_SMALLER_IS_BETTER.render(run));
        assertEquals(1, smaller.size());
        assertEquals("point-select at 8 threads, latency.p99", smaller.get(0).get("name").asText());
    }

    @Test
    void bencherGetsEveryMetricWithItsInterval() throws Exception {
        JsonNode bmf = JsonMapper.builder().build().readTree(Exports.BENCHER.render(run));
        JsonNode tps = bmf.get("point-select at 8 threads").get("tps");
        assertEquals(105, tps.get("value").asDouble(), 1e-9);
        assertTrue(tps.get("lower_value").asDouble() < 105 && tps.get("upper_value").asDouble() > 105, bmf.toString());
        assertTrue(bmf.get("point-select at 8 threads").has("latency-p99"), bmf.toString());
    }

    @Test
    void anUnknownFormatNamesTheKnownOnes() {
        var e = assertThrows(IllegalArgumentException.class, () -> Exports.parse("jmh"));
        assertTrue(e.getMessage().contains("customBiggerIsBetter, customSmallerIsBetter or bencher"), e.getMessage());
    }
}

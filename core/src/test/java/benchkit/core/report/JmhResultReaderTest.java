package benchkit.core.report;

import benchkit.core.result.MetricResult;
import benchkit.core.result.VariantResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhResultReaderTest {
    /** As JMH writes a single-fork, single-iteration result: the interval is "NaN"; no secondary metrics. */
    private static final String SINGLE_SAMPLE = """
            [
                {
                    "jmhVersion" : "1.37",
                    "benchmark" : "benchkit.point-select",
                    "mode" : "thrpt",
                    "threads" : 8,
                    "forks" : 1,
                    "warmupIterations" : 0,
                    "warmupTime" : "10 s",
                    "measurementIterations" : 1,
                    "measurementTime" : "10 s",
                    "params" : {
                        "allocator" : "tcmalloc",
                        "server" : "MariaDB 10.11.6"
                    },
                    "primaryMetric" : {
                        "score" : 51234.5,
                        "scoreError" : "NaN",
                        "scoreConfidence" : [ "NaN", "NaN" ],
                        "scorePercentiles" : { "0.0" : 51234.5, "100.0" : 51234.5 },
                        "scoreUnit" : "ops/s",
                        "rawData" : [ [ 51234.5 ] ]
                    },
                    "secondaryMetrics" : {
                    }
                }
            ]
            """;

    /** A value no run produces (an edited or damaged file) is refused with the entry and the value named. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "\"score\" : 51234.5,            | \"score\" : NaN,             | holds NaN",
        "\"score\" : 51234.5,            | \"score\" : Infinity,        | holds Infinity",
        "\"score\" : 51234.5,            | \"score\" : -100,            | holds -100.0",
        "\"score\" : 51234.5,            | \"score\" : 1e6,             | score 1000000.0 is outside its raw data (51234.5 to 51234.5)",
        "\"rawData\" : [ [ 51234.5 ] ]   | \"rawData\" : [ [ 51234.5, \"-Infinity\" ] ] | holds -Infinity",
        "51234.5                         | 1e308                        | holds 1.0E308",
        "\"rawData\" : [ [ 51234.5 ] ]   | \"rawData\" : [ [ 51234.5, 1e19 ] ] | holds 1.0E19",
        "\"rawData\" : [ [ 51234.5 ] ]   | \"rawData\" : [ ]           | has no raw data (no measured iteration)",
        "\"rawData\" : [ [ 51234.5 ] ]   | \"rawData\" : [ [ ], [ ] ]   | has no raw data (no measured iteration)",
    })
    void valuesNoRunProducesAreRefused(String from, String to, String expected) {
        String edited = SINGLE_SAMPLE.replace(from.strip(), to.strip());
        assertTrue(!edited.equals(SINGLE_SAMPLE), "the fixture changed");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.parse(edited, "f.json"));
        assertTrue(e.getMessage().startsWith("f.json: entry 1 (benchkit.point-select), primaryMetric"), e.getMessage());
        assertTrue(e.getMessage().contains(expected.strip()), e.getMessage());
    }

    @Test
    void readsAnEntryWithoutIntervalOrSecondaryMetrics() {
        List<VariantResult> results = JmhResultReader.parse(SINGLE_SAMPLE, "test");
        assertEquals(1, results.size());
        VariantResult r = results.get(0);
        assertEquals("benchkit.point-select", r.benchmark());
        assertEquals(8, r.threads());
        assertEquals(Map.of("allocator", "tcmalloc", "server", "MariaDB 10.11.6"), r.params());
        assertEquals("1", r.settings().get("forks"));
        assertEquals("thrpt", r.settings().get("mode"));
        MetricResult tps = r.metric(VariantResult.PRIMARY).orElseThrow();
        assertEquals(51234.5, tps.score());
        assertEquals("ops/s", tps.unit());
        assertFalse(tps.hasInterval());
        assertEquals(List.of(VariantResult.PRIMARY), List.copyOf(r.metrics().keySet()));
    }

    @Test
    void readsEveryMetricWithItsIntervalAndUnit() {
        List<VariantResult> results = JmhResultReader.parse(JmhFixture.allocatorStudy("glibc").json(), "fixture");
        assertEquals(6, results.size());
        VariantResult first = results.get(0);
        assertEquals(12, first.metrics().size()); // tps + 11 secondary
        MetricResult tps = first.metric("tps").orElseThrow();
        assertEquals(250.0, tps.score());
        assertEquals(245.0, tps.ciLow(), 1e-9);
        assertEquals(255.0, tps.ciHigh(), 1e-9);
        assertEquals("ms", first.metric("latency.p95").orElseThrow().unit());
        assertEquals("MB", first.metric("server.rss").orElseThrow().unit());
        assertEquals("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2", results.get(1).params().get("allocator.proof"));
        assertFalse(results.get(1).identity().containsKey("allocator.proof"), "evidence is not identity");
    }

    @Test
    void needsABenchmarkNameAndAScoreAndNothingElse() {
        VariantResult r = JmhResultReader.parse("[{\"benchmark\":\"benchkit.x\",\"primaryMetric\":{\"score\":5}}]", "t").get(0);
        assertEquals(1, r.threads());
        assertEquals(5.0, r.primary().score());
        assertTrue(r.params().isEmpty());
        // an array of junk objects is no run's result: refused, not read as results with nothing in them
        var e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.parse("[{\"benchmark\":\"benchkit.x\"}]", "t"));
        assertEquals("t: entry 1 (benchkit.x) has no \"primaryMetric\" with a numeric \"score\"", e.getMessage());
    }

    @Test
    void badInputFailsWithOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("jmh-result.json"), "[{\"benchmark\": ");
        var e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().contains("jmh-result.json is not valid JSON"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());

        Files.writeString(dir.resolve("jmh-result.json"), "{}");
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().contains("expected a JSON array"), e.getMessage());

        Files.writeString(dir.resolve("jmh-result.json"), "[{\"threads\": 4}]");
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().contains("entry 1 has no \"benchmark\""), e.getMessage());

        // text after the array (appended to, or two files in one): damage, not dropped in silence
        Files.writeString(dir.resolve("jmh-result.json"), SINGLE_SAMPLE + "garbage\n");
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().contains("jmh-result.json is not valid JSON"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        Files.writeString(dir.resolve("jmh-result.json"), SINGLE_SAMPLE + SINGLE_SAMPLE);
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().endsWith("jmh-result.json is not valid JSON: text after its JSON array at line 28"),
                e.getMessage());

        // cut short (sweep 6, case 65): said so, with the remedy, and none of the parser's internals
        Files.writeString(dir.resolve("jmh-result.json"), SINGLE_SAMPLE.substring(0, SINGLE_SAMPLE.length() / 2));
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("jmh-result.json") + " is not valid JSON ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("): it is cut short; restore it from a copy of the run"), e.getMessage());
        assertFalse(e.getMessage().contains("REDACTED") || e.getMessage().contains("`"), e.getMessage());
        // a byte-order mark before it, as Windows editors save UTF-8 (case 85): read as the file without it
        Files.writeString(dir.resolve("jmh-result.json"), "\uFEFF" + SINGLE_SAMPLE);
        assertEquals(51234.5, JmhResultReader.readDirectory(dir).get(0).primary().score());

        Path empty = Files.createDirectory(dir.resolve("empty"));
        e = assertThrows(IllegalArgumentException.class, () -> JmhResultReader.readDirectory(empty));
        assertEquals("no jmh-result.json in " + empty, e.getMessage());
    }
}

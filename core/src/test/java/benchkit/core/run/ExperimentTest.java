package benchkit.core.run;

import benchkit.core.run.plan.Defaults;

import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;

import benchkit.core.run.console.ConsoleStyle;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one entry point of a run, as bench run and the Java API use it, against fake workloads and servers. */
class ExperimentTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;
    private final List<FakeServer> started = Collections.synchronizedList(new ArrayList<>());
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private Variant variant(String label) {
        return new Variant(label, Map.of("allocator", label), () -> {
            FakeServer s = new FakeServer(label);
            started.add(s);
            return s;
        }, "mysql");
    }

    private Experiment.Builder experiment(String... workloads) throws IOException {
        return Experiment.builder(PluginRegistry.load(listing()), List.of(workloads))
                .variants(List.of(variant("a"), variant("b")), "--server")
                .runOptions(RunOptions.builder().threads(2).warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(200))
                        .forks(1).reportInterval(Duration.ZERO).build())
                .outDir(tmp.resolve("out"), false, "--out")
                .console(new PrintStream(console, true, StandardCharsets.UTF_8), ConsoleStyle.DEFAULT);
    }

    /** Two workloads in one command: each its own directory, and their combined results from what the run holds. */
    @Test
    void twoWorkloadsRunOneAfterTheOtherAndTheirResultsAreCombined() throws Exception {
        Experiment checked = experiment("fake-a", "fake-b").build();
        assertEquals(List.of(tmp.resolve("out/fake-a"), tmp.resolve("out/fake-b")),
                checked.plans().values().stream().map(RunPlan::outDir).toList());
        Experiment.Outcome outcome = checked.run();
        assertEquals(List.of(), outcome.failures(), console.toString(StandardCharsets.UTF_8));
        assertEquals(List.of("fake-a", "fake-b"), List.copyOf(outcome.summaries().keySet()));
        assertEquals(4, started.size(), "a fresh server per variant and workload");

        JsonNode combined = JSON.readTree(tmp.resolve("out/jmh-result.json").toFile());
        List<String> benchmarks = new ArrayList<>();
        combined.forEach(e -> benchmarks.add(e.get("benchmark").asText() + " " + e.at("/params/allocator").asText()));
        assertEquals(List.of("benchkit.fake-a a", "benchkit.fake-a b", "benchkit.fake-b a", "benchkit.fake-b b"), benchmarks);
        for (String workload : List.of("fake-a", "fake-b")) {
            JsonNode own = JSON.readTree(tmp.resolve("out/" + workload + "/jmh-result.json").toFile());
            assertEquals(2, own.size(), workload);
        }
        List<String> csv = Files.readAllLines(tmp.resolve("out/results.csv"));
        assertEquals(5, csv.size(), "a header and a row per workload and variant: " + csv);
        assertTrue(csv.get(3).startsWith("fake-b,a,2,"), csv.toString());
        JsonNode run = JSON.readTree(tmp.resolve("out/run.json").toFile());
        assertEquals("fake-a,fake-b", run.at("/settings/workloads").asText());
        assertTrue(Files.size(tmp.resolve("out/report.html")) > 0);
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("# Combined results of fake-a, fake-b: " + tmp.resolve("out")));
    }

    /** A built experiment runs what was checked: changing its builder afterwards changes nothing. */
    @Test
    void aBuiltExperimentDoesNotFollowItsBuilder() throws Exception {
        Experiment.Builder builder = experiment("fake-a");
        Experiment checked = builder.build();
        ByteArrayOutputStream elsewhere = new ByteArrayOutputStream();
        builder.console(new PrintStream(elsewhere, true, StandardCharsets.UTF_8), ConsoleStyle.DEFAULT)
                .options(Map.of("nonsense", "1"));
        assertEquals(List.of(), checked.run().failures(), console.toString(StandardCharsets.UTF_8));
        assertEquals("", elsewhere.toString(StandardCharsets.UTF_8));
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("benchkit.fake-a"), console.toString(StandardCharsets.UTF_8));
    }

    /** Everything is checked before any server starts, each with its one line. */
    @Test
    void badInputIsRefusedBeforeAnyServerStarts() throws Exception {
        refused("workload fake-kv speaks memcached but no --server does", experiment("fake-a", "fake-kv"));
        refused("--threads=0 is not valid; expected thread counts from 1 to " + Defaults.MOST_THREADS,
                experiment("fake-a").runOptions(RunOptions.builder().threads(0).build()));
        refused("--threads=100001 is not valid", experiment("fake-a").runOptions(RunOptions.builder().threads(100_001).build()));
        refused("forks (--forks) must be >= 1, got 0", experiment("fake-a").runOptions(RunOptions.builder().forks(0).build()));
        refused("--baseline c names no variant; variants: a, b",
                experiment("fake-a").verdicts(benchkit.core.report.Compare.Settings.DEFAULT, Optional.of("c")));
        refused("unknown workload 'nope'", experiment("nope"));
        Files.createDirectories(tmp.resolve("out"));
        Files.writeString(tmp.resolve("out/journal.jsonl"), "{}\n");
        refused("--out " + tmp.resolve("out") + " holds the results of an earlier run", experiment("fake-a"));
        assertEquals(List.of(), started, "no server started");
    }

    private static void refused(String expected, Experiment.Builder experiment) {
        Exception e = assertThrows(IllegalArgumentException.class, experiment::build);
        assertTrue(e instanceof InvalidOptionException || e.getClass().getSimpleName().startsWith("Unknown"),
                "bad input, exit 2 on the command line: " + e);
        assertTrue(e.getMessage().startsWith(expected), "expected '" + expected + "' in: " + e.getMessage());
    }

    /** This test's class path, with the workloads below as the only ones listed. */
    private ClassLoader listing() throws IOException {
        Path services = Files.writeString(tmp.resolve("workloads"), String.join("\n", FakeA.class.getName(),
                FakeB.class.getName(), FakeKv.class.getName()) + "\n");
        URL listed = services.toUri().toURL();
        return new ClassLoader(getClass().getClassLoader()) {
            @Override
            public Enumeration<URL> getResources(String name) throws IOException {
                return name.equals("META-INF/services/" + WorkloadFactory.class.getName())
                        ? Collections.enumeration(List.of(listed)) : super.getResources(name);
            }
        };
    }

    public static class FakeA implements WorkloadFactory {
        @Override
        public String name() {
            return "fake-a";
        }

        @Override
        public String description() {
            return "a fake SQL workload";
        }

        @Override
        public Workload create(Map<String, String> options) {
            return FakeWorkload.alwaysOk(200);
        }
    }

    public static final class FakeB extends FakeA {
        @Override
        public String name() {
            return "fake-b";
        }
    }

    public static final class FakeKv extends FakeA {
        @Override
        public String name() {
            return "fake-kv";
        }

        @Override
        public String protocol() {
            return "memcached";
        }
    }
}

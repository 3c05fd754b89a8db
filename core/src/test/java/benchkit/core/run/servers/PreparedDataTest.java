package benchkit.core.run.servers;

import benchkit.core.run.plan.DataCopyingProvider;

import benchkit.core.run.plan.ServerProvider;

import benchkit.core.run.FakeServer;
import benchkit.core.run.RunOptions;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.RunSummary;
import benchkit.core.run.Runner;
import benchkit.core.run.plan.Variant;


import benchkit.launch.DatadirLauncher;
import benchkit.launch.DatadirSnapshot;
import benchkit.launch.SnapshotCopyException;
import benchkit.spi.PrepareContext;
import benchkit.spi.ServerHandle;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner's prepare-once policy with in-memory servers whose "datadir" is a set of prepared server names. */
class PreparedDataTest {
    @TempDir
    Path tmp;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final Set<String> preparedServers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger launches = new AtomicInteger();
    private final List<FakeServer> servers = new ArrayList<>();

    /** A launcher-like provider: each server is new; one started from a snapshot holds prepared data. */
    private final class Provider implements DataCopyingProvider {
        final String key;
        boolean failCopies;
        boolean failSnapshots;
        int snapshots;

        Provider(String key) {
            this.key = key;
        }

        private FakeServer launch() {
            FakeServer s = new FakeServer(key + "#" + launches.incrementAndGet());
            servers.add(s);
            return s;
        }

        @Override
        public ServerHandle start() {
            return launch();
        }

        @Override
        public Optional<String> dataKey() {
            return Optional.of(key);
        }

        @Override
        public DatadirSnapshot snapshot(ServerHandle server, Path into) throws Exception {
            if (failSnapshots) {
                throw new SnapshotCopyException("No space left on device", null);
            }
            assertTrue(preparedServers.contains(server.target().version()), "snapshot after prepare");
            assertTrue(Files.isDirectory(into.getParent()), "snapshots go in the run's directory");
            Files.createDirectory(into);
            snapshots++;
            return new DatadirSnapshot() {
                @Override
                public Path datadir() {
                    return into;
                }

                @Override
                public long bytes() {
                    return 42 << 20;
                }
            };
        }

        @Override
        public DatadirLauncher.Copied startFrom(DatadirSnapshot snapshot) throws Exception {
            if (failCopies) {
                throw new SnapshotCopyException("No space left on device", null);
            }
            assertTrue(Files.isDirectory(snapshot.datadir()));
            FakeServer s = launch();
            preparedServers.add(s.target().version());
            return new DatadirLauncher.Copied(s, Duration.ofMillis(400));
        }

        @Override
        public Path tempRoot() {
            return tmp;
        }
    }

    /** Prepared per server, as a database's tables are. */
    private final class Workload1 implements Workload {
        @Override
        public boolean isPrepared(Target target) {
            return preparedServers.contains(target.version());
        }

        @Override
        public void prepare(Target target, PrepareContext context) {
            preparedServers.add(target.version());
        }

        @Override
        public Session openSession(Target target, SessionContext context) {
            return () -> {
                Thread.sleep(1);
                return benchkit.spi.Outcome.OK;
            };
        }
    }

    private RunSummary run(int forks, Variant... variants) throws Exception {
        RunPlan plan = RunOptions.builder()
                .threads(1).warmup(0, Duration.ZERO).measure(1, Duration.ofMillis(100)).forks(forks)
                .reportInterval(Duration.ZERO).build().plan("fake", Map.of("tables", "2"), 0, List.of(variants), tmp.resolve("out"));
        return new Runner(plan, new Workload1(), List::of, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
    }

    private static Variant variant(String label, ServerProvider provider) {
        return new Variant(label, Map.of("allocator", label), provider);
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    private int count(String regex) {
        return (int) Pattern.compile(regex, Pattern.MULTILINE).matcher(console()).results().count();
    }

    @Test
    void preparesOncePerKeyAndCopiesForTheOtherVariantsAndForks() throws Exception {
        Provider system = new Provider("system");
        Provider pages = new Provider("system innodb_page_size=8K");
        RunSummary summary = run(2, variant("glibc", system), variant("jemalloc", system), variant("tcmalloc", system),
                variant("glibc-8k", pages));

        assertTrue(summary.complete(), console());
        assertEquals(2, count("^# Preparing fake"), "one prepare per data key:\n" + console());
        assertEquals(1, system.snapshots);
        assertEquals(1, pages.snapshots);
        assertEquals(5, count("^# Using prepared data of fake on system \\(copied, 0\\.4 s\\)$"), console());
        assertEquals(1, count("^# Using prepared data of fake on system innodb_page_size=8K \\(copied, 0\\.4 s\\)$"), console());
        assertEquals(1, count("^# Saved the prepared data of fake on system for 5 more launches \\(42 MB, "), console());
        assertEquals(8, launches.get());
        assertTrue(servers.stream().allMatch(s -> s.closed.get()), "every server closed");
        assertEquals(4, summary.scores().size());

        JsonNode results = new ObjectMapper().readTree(tmp.resolve("out/jmh-result.json").toFile());
        for (JsonNode e : results) {
            String proof = e.path("params").path("data.proof").asText();
            String allocator = e.path("params").path("allocator").asText();
            // fork 1 runs glibc first: it prepared; the others of its key started from copies
            assertEquals(allocator.startsWith("glibc") ? PreparedData.SNAPSHOT_TAKEN : PreparedData.COPIED, proof, e.toString());
        }
        JsonNode settings = new ObjectMapper().readTree(tmp.resolve("out/run.json").toFile()).path("settings");
        assertTrue(settings.path("data").asText().contains("fake on system (5 copies)"), settings.toString());
        assertNoSnapshotDirLeft();
    }

    @Test
    void aSingleLaunchTakesNoSnapshot() throws Exception {
        Provider system = new Provider("system");
        RunSummary summary = run(1, variant("glibc", system));
        assertTrue(summary.complete(), console());
        assertEquals(0, system.snapshots);
        assertFalse(console().contains("# Saved") || console().contains("# Using"), console());
        JsonNode settings = new ObjectMapper().readTree(tmp.resolve("out/run.json").toFile()).path("settings");
        assertTrue(settings.path("data").isMissingNode(), settings.toString());
    }

    @Test
    void aFailedCopyFallsBackToPreparingWithAWarning() throws Exception {
        Provider system = new Provider("system");
        system.failCopies = true;
        RunSummary summary = run(1, variant("glibc", system), variant("jemalloc", system), variant("tcmalloc", system));
        assertTrue(summary.complete(), console());
        assertEquals(3, count("^# Preparing fake"), console());
        assertEquals(2, count("^# Warning: could not copy the prepared data of fake on system \\(No space left on device\\); "
                + "initialising and preparing afresh$"), console());
        assertEquals(3, summary.scores().size());
        assertNoSnapshotDirLeft();
    }

    @Test
    void aFailedSnapshotIsTriedOnceAndEveryVariantPrepares() throws Exception {
        Provider system = new Provider("system");
        system.failSnapshots = true;
        RunSummary summary = run(1, variant("glibc", system), variant("jemalloc", system), variant("tcmalloc", system));
        assertTrue(summary.complete(), console());
        assertEquals(3, count("^# Preparing fake"), console());
        assertEquals(1, count("^# Warning: could not save the prepared data of fake on system "), console());
        assertNoSnapshotDirLeft();
    }

    @Test
    void otherProvidersKeepPreparingEachServer() throws Exception {
        ServerProvider external = () -> {
            FakeServer s = new FakeServer("external#" + launches.incrementAndGet());
            servers.add(s);
            return s;
        };
        RunSummary summary = run(2, variant("a", external), variant("b", external));
        assertTrue(summary.complete(), console());
        assertEquals(4, count("^# Preparing fake"), console());
        JsonNode results = new ObjectMapper().readTree(tmp.resolve("out/jmh-result.json").toFile());
        assertTrue(results.get(0).path("params").path("data.proof").isMissingNode(), "no claim about data not copied");
    }

    private void assertNoSnapshotDirLeft() throws Exception {
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("benchkit-data-"))
                    .toList());
        }
    }
}

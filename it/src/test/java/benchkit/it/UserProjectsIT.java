package benchkit.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two projects users build outside this repository, as a user would: {@code bench new} writes them into a
 * directory of their own, a plain {@code mvn} (the one on the PATH, Debian's 3.8.7 here) builds them, and bench.jar
 * runs the workloads; the CI check fails with no baseline stored, saying what to store, passes against a fair baseline
 * (on the embedded server and on our server image), fails against one 10× too high with the effect and its interval,
 * and fails with the cause when its server cannot start. Maven runs with a local repository that never saw a benchkit
 * build: what the projects need of benchkit comes from bench.jar alone ({@code bench new} installs it), and every other
 * artifact from a mirror of this machine's repository without benchkit's group (as Maven Central would serve them).
 */
class UserProjectsIT {
    private record Maven(int exit, String output) {
    }

    @TempDir
    Path dir;

    /** The mirror's links go before JUnit deletes the directory (which warns of each link it meets). */
    @org.junit.jupiter.api.AfterEach
    void removeTheMirrorsLinks() throws IOException {
        Path farm = dir.resolve("remote");
        if (Files.isDirectory(farm)) {
            try (Stream<Path> links = Files.list(farm)) {
                for (Path link : (Iterable<Path>) links::iterator) {
                    Files.delete(link);
                }
            }
        }
    }

    /** The user's local repository: empty before {@code bench new}. */
    private Path repository() {
        return dir.resolve("m2-repository");
    }

    /** {@code bench new KIND DIR}, installing into the fresh repository; asserts what it installed. */
    private BenchJar.Result benchNew(String kind, Path project) throws Exception {
        BenchJar.Result created = BenchJar.run(dir, 120, "new", kind, project.toString(), "--maven-repo",
                repository().toString());
        assertEquals(0, created.exit(), created.all());
        assertTrue(created.out().contains("Installed benchkit 0.1.0 into " + repository() + ": the SPI (with sources and "
                + "javadoc) and this bench.jar as dev.benchkit:benchkit-bench"), created.out());
        Path spi = repository().resolve("dev/benchkit/benchkit-spi/0.1.0");
        for (String file : List.of("benchkit-spi-0.1.0.jar", "benchkit-spi-0.1.0.pom", "benchkit-spi-0.1.0-sources.jar",
                "benchkit-spi-0.1.0-javadoc.jar")) {
            assertTrue(Files.isRegularFile(spi.resolve(file)), file + " in " + spi);
        }
        assertEquals(-1, Files.mismatch(BenchJar.jar(), repository().resolve("dev/benchkit/benchkit-bench/0.1.0/"
                + "benchkit-bench-0.1.0.jar")), "benchkit-bench is this bench.jar");
        return created;
    }

    @Test
    void aNewWorkloadProjectBuildsWithPlainMavenAndBothStylesRun() throws Exception {
        Path project = dir.resolve("my-workloads");
        BenchJar.Result created = benchNew("workload", project);
        // the hint works from the project's directory: it names this bench.jar where it is (issue #50)
        assertTrue(created.out().contains("then: java -jar " + BenchJar.jar().toAbsolutePath().normalize()
                + " list --plugin-dir plugins"), created.out());
        Maven build = mvn(project, "verify");       // the plugin's own tests: a unit test, and its workloads on the embedded server
        assertEquals(0, build.exit(), build.output());
        assertTrue(build.output().contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed")
                && build.output().contains("in com.example.PointSelectFactoryTest")
                && build.output().contains("in com.example.PluginOnTheEmbeddedServerIT"), build.output());
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.copy(project.resolve("target/custom-workload.jar"), plugins.resolve("custom-workload.jar"));

        BenchJar.Result list = BenchJar.run(dir, 120, "list", "--plugin-dir", plugins.toString());
        assertEquals(0, list.exit(), list.all());

        // a stale version beside the new one: refused, not the first on the class path in silence (issue #50)
        Path twoVersions = Files.createDirectories(dir.resolve("two-versions"));
        Files.copy(project.resolve("target/custom-workload.jar"), twoVersions.resolve("custom-workload-1.0.jar"));
        Files.copy(project.resolve("target/custom-workload.jar"), twoVersions.resolve("custom-workload-2.0.jar"));
        BenchJar.Result both = BenchJar.run(dir, 120, "list", "--plugin-dir", twoVersions.toString());
        assertEquals(2, both.exit(), both.all());
        assertTrue(both.err().startsWith("bench: --plugin-dir " + twoVersions + ": custom-workload-1.0.jar and "
                + "custom-workload-2.0.jar both provide "), both.err());
        assertTrue(list.out().contains("example-orders") && list.out().contains("my-point-select")
                && list.out().contains("--rows"), list.out());
        Path out = dir.resolve("spi-style");
        BenchJar.Result run = BenchJar.run(dir, 240, "--plugin-dir", plugins.toString(), "--workload", "my-point-select",
                "--rows", "1000", "--threads", "2", "--time", "1", "--iterations", "2", "--warmup-iterations", "0",
                "--out", out.toString());
        assertEquals(0, run.exit(), run.all());
        JsonNode entry = new ObjectMapper().readTree(out.resolve("jmh-result.json").toFile()).get(0);
        assertTrue(entry.path("primaryMetric").path("score").asDouble() > 0, entry.toString());
        // the results say which bench and which plugin build made them (issue #50)
        JsonNode settings = new ObjectMapper().readTree(out.resolve("run.json").toFile()).path("settings");
        Path jar = plugins.resolve("custom-workload.jar");
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(Files.readAllBytes(jar)));
        assertEquals("0.1.0", settings.path("bench.version").asText(), settings.toString());
        assertEquals("1", settings.path("bench.spi").asText(), settings.toString());
        assertEquals("version 1.0.0, sha256 " + sha + ", " + jar.toAbsolutePath().normalize(),
                settings.path("plugin.custom-workload.jar").asText(), settings.toString());
    }

    @Test
    void aNewCiCheckRunsItsTestPassesAtAFairBaselineAndFailsWhenItShould() throws Exception {
        Path project = dir.resolve("my-check");
        benchNew("ci-check", project);

        Maven first = mvn(project, "test");                  // no baseline stored yet: fails, says what to store
        assertEquals(1, first.exit(), first.output());
        assertTrue(first.output().contains("no baseline for glibc at 4 threads (0.0): this run measured tps = "),
                first.output());

        ContainerRunIT.requireImageOrSkip();
        Maven fair = mvn(project, "test", "-Dbaseline=100", "-Dimage=" + ContainerRunIT.IMAGE);
        assertEquals(0, fair.exit(), fair.output());
        assertTrue(fair.output().contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0"), fair.output());
        try (Stream<Path> runs = Files.list(project.resolve("target/benchkit"))) {
            assertEquals(3, runs.count(), "the first run, and the embedded and container runs of the fair one");
        }
        assertFalse(fair.output().contains("SLF4J"), "no logging-binding warnings on every run: " + fair.output());
        double measured = measuredScore(project);

        Maven tooHigh = mvn(project, "test", "-Dbaseline=" + Math.round(measured * 10));
        assertEquals(1, tooHigh.exit(), tooHigh.output());
        assertTrue(tooHigh.output().contains("Tests run: 2, Failures: 1"), tooHigh.output());
        assertTrue(tooHigh.output().matches("(?s).*glibc at 4 threads: tps = [0-9.]+ ops/s is slower -[0-9.]+% \\[-[0-9.]+,"
                + " -[0-9.]+\\] against .*\\(3 forks, 9 iterations; 95% interval over forks; tolerance 5%\\).*"), tooHigh.output());

        Maven noServer = mvn(project, "test", "-Dimage=benchkit/no-such-image:1",
                "-Dtest=PointSelectBenchmarkTest#pointSelectHoldsItsBaselineOnYourServerImage");
        assertEquals(1, noServer.exit(), noServer.output());
        assertTrue(noServer.output().contains("BenchmarkFailedException: point-select did not complete: could not start or"
                + " reach the server") && noServer.output().contains("benchkit/no-such-image:1 is not here"), noServer.output());
    }

    /** The highest score of the runs so far: ten times it is too high a baseline for every one of them. */
    private static double measuredScore(Path project) throws IOException {
        double highest = 0;
        try (Stream<Path> runs = Files.list(project.resolve("target/benchkit"))) {
            for (Path run : (Iterable<Path>) runs::iterator) {
                highest = Math.max(highest, new ObjectMapper().readTree(run.resolve("jmh-result.json").toFile()).get(0)
                        .path("primaryMetric").path("score").asDouble());
            }
        }
        return highest;
    }

    /**
     * The user's own Maven: the first mvn on the PATH, with the environment Testcontainers needs here, the fresh local
     * repository, and this machine's repository as its only remote (a mirror of everything), benchkit's group left out.
     */
    private Maven mvn(Path project, String... args) throws IOException, InterruptedException {
        Path settings = dir.resolve("settings.xml");
        if (!Files.exists(settings)) {
            Path farm = Files.createDirectories(dir.resolve("remote"));
            try (Stream<Path> entries = Files.list(Path.of(System.getProperty("user.home"), ".m2", "repository"))) {
                for (Path e : (Iterable<Path>) entries::iterator) {
                    if (!e.getFileName().toString().equals("dev")) {   // dev/benchkit: what bench.jar must bring
                        Files.createSymbolicLink(farm.resolve(e.getFileName().toString()), e);
                    }
                }
            }
            Files.writeString(settings, "<settings><mirrors><mirror><id>this-machine</id><mirrorOf>*</mirrorOf><url>"
                    + farm.toUri() + "</url></mirror></mirrors></settings>\n");
        }
        List<String> command = new ArrayList<>(List.of(mavenOnPath(), "-B", "-ntp", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repository()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile(project.getParent(), "mvn", ".log");
        ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        pb.environment().put("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        Process p = pb.start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("mvn " + String.join(" ", args) + " did not finish in 600 s:\n" + Files.readString(log));
        }
        return new Maven(p.exitValue(), Files.readString(log));
    }

    private static String mavenOnPath() {
        for (String entry : System.getenv("PATH").split(File.pathSeparator)) {
            Path mvn = Path.of(entry, "mvn");
            if (Files.isExecutable(mvn)) {
                return mvn.toString();
            }
        }
        throw new AssertionError("no mvn on the PATH: users build their projects with their own Maven"
                + " (scripts/test-all.sh installs Debian's)");
    }
}

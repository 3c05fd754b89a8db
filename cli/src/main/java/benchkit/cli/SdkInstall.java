package benchkit.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Puts what bench.jar carries for the projects {@code bench new} writes into a local Maven repository: the SPI (jar, pom,
 * sources, javadoc) and its parent pom, which a workload plugin compiles against, and bench.jar itself as
 * {@code dev.benchkit:benchkit-bench} (a pom with no dependencies; the Java API's sources and javadoc beside it), which a
 * CI check runs. A file already there with the same bytes is left alone; one that differs (an earlier build of the same
 * version) is replaced, since the plugin must compile against the bench that runs it. Each file is written whole or not
 * at all (a temporary file moved into place).
 */
final class SdkInstall {
    /** Where the build puts the artifacts inside bench.jar, in a repository's layout. */
    static final String ROOT = "benchkit/m2";
    private static final String GROUP_PATH = "dev/benchkit";
    /** Files of a repository that only describe where the build's copies came from. */
    private static final List<String> SKIPPED = List.of("_remote.repositories", "maven-metadata-local.xml");

    /**
     * What an installation did: files written ({@code replaced} of them over a different file of the same version), and
     * files that were there already with the same bytes.
     */
    record Result(Path repository, String version, int written, int replaced, int unchanged, boolean withBenchJar) {
    }

    private SdkInstall() {
    }

    /** The user's local repository: {@code <localRepository>} of ~/.m2/settings.xml when it names one, else ~/.m2/repository. */
    static Path defaultRepository() {
        Path m2 = Path.of(System.getProperty("user.home"), ".m2");
        Path settings = m2.resolve("settings.xml");
        if (Files.isReadable(settings)) {
            try {
                Matcher m = Pattern.compile("<localRepository>\\s*([^<]+?)\\s*</localRepository>")
                        .matcher(Files.readString(settings, StandardCharsets.UTF_8));
                if (m.find()) {
                    return Path.of(m.group(1).replace("${user.home}", System.getProperty("user.home")));
                }
            } catch (IOException | RuntimeException e) {
                // an unreadable settings file: Maven's own default then
            }
        }
        return m2.resolve("repository");
    }

    /**
     * Installs into {@code repository}; {@code benchJar} is the running bench.jar (empty when bench runs from classes,
     * as in its own tests: then the SPI only).
     */
    static Result install(Path repository, Optional<Path> benchJar, String version) throws IOException {
        int[] counts = new int[3];
        NewCommand.onResourceTree(ROOT, GROUP_PATH, "its SDK", tree -> {
            install(tree, repository, benchJar, version, counts);
            return null;
        });
        return new Result(repository, version, counts[0], counts[2], counts[1], benchJar.isPresent());
    }

    /**
     * The SPI and the parent pom as they are; the Java API's (core's) sources and javadoc as benchkit-bench's, the
     * artifact that holds its classes.
     */
    private static void install(Path from, Path repository, Optional<Path> benchJar, String version, int[] counts)
            throws IOException {
        Path core = from.resolve(GROUP_PATH).resolve("benchkit-core");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(from)) {
            walk.filter(Files::isRegularFile).filter(f -> !f.startsWith(core))
                    .filter(f -> !SKIPPED.contains(f.getFileName().toString())).forEach(files::add);
        }
        for (Path file : files) {
            put(Files.readAllBytes(file), repository.resolve(from.relativize(file).toString()), counts);
        }
        if (benchJar.isEmpty()) {
            return;
        }
        Path dir = repository.resolve(GROUP_PATH).resolve("benchkit-bench").resolve(version);
        String base = "benchkit-bench-" + version;
        putFile(benchJar.get(), dir.resolve(base + ".jar"), counts);
        put(pom(version).getBytes(StandardCharsets.UTF_8), dir.resolve(base + ".pom"), counts);
        for (String classifier : List.of("sources", "javadoc")) {
            Path docs = core.resolve(version).resolve("benchkit-core-" + version + "-" + classifier + ".jar");
            if (Files.isRegularFile(docs)) {
                put(Files.readAllBytes(docs), dir.resolve(base + "-" + classifier + ".jar"), counts);
            }
        }
    }

    /** benchkit-bench's pom: everything is inside the jar, so it depends on nothing. */
    static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.benchkit</groupId>
                  <artifactId>benchkit-bench</artifactId>
                  <version>%s</version>
                  <name>bench.jar</name>
                  <description>benchkit's bench.jar: the runner, the Java API (BenchmarkRun, Expectations), the
                    workloads, launchers and collectors, with their dependencies inside; it depends on nothing.</description>
                </project>
                """.formatted(version);
    }

    /** Puts {@code bytes} at {@code target} unless it holds them already. */
    private static void put(byte[] bytes, Path target, int[] counts) throws IOException {
        if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                && java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
            counts[1]++;
            return;
        }
        replace(target, partial -> Files.write(partial, bytes), counts);
    }

    /** As {@link #put}, for a file (bench.jar is ~80 MB: compared and copied as a stream, not read into memory). */
    static void putFile(Path source, Path target, int[] counts) throws IOException {
        if (Files.isRegularFile(target) && Files.mismatch(source, target) == -1) {
            counts[1]++;
            return;
        }
        replace(target, partial -> Files.copy(source, partial, StandardCopyOption.REPLACE_EXISTING), counts);
    }

    private interface Writing {
        void into(Path partial) throws IOException;
    }

    /**
     * Writes a temporary file beside {@code target} and moves it into place: the target is whole or as it was. Counts
     * in {@code counts} the file written, and (third) whether it replaced one.
     */
    private static void replace(Path target, Writing writing, int[] counts) throws IOException {
        Files.createDirectories(target.getParent());
        if (Files.exists(target)) {
            counts[2]++;
        }
        // not createTempFile: its mode 0600 would stay on the artifact; a file made plainly gets 0666 less the umask
        Path partial = target.resolveSibling(target.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + System.nanoTime() + ".part");
        try {
            writing.into(partial);
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        counts[0]++;
    }
}

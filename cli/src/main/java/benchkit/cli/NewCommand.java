package benchkit.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code bench new workload|ci-check DIR}: a Maven project to start from, as JMH's archetype is. The templates are
 * benchkit's own example projects (examples/custom-workload, examples/ci-check), which CI builds and runs.
 */
@Command(name = "new", mixinStandardHelpOptions = true,
        description = "Create a Maven project to start from: 'workload' (a workload plugin, annotation and SPI style) "
                + "or 'ci-check' (a JUnit 5 benchmark check for your CI).")
final class NewCommand implements Callable<Integer> {
    private static final Map<String, String> NEXT_STEPS = Map.of(
            "workload", "cd %s && mvn -q package && mkdir -p plugins && cp target/custom-workload.jar plugins/%n"
                    + "then: java -jar %s list --plugin-dir plugins",
            "ci-check", "cd %s && mvn test          (-Dbaseline=OPS_PER_S for your stored baseline, "
                    + "-Dimage=IMAGE for your server image)");

    @Parameters(index = "0", paramLabel = "KIND", description = "workload or ci-check")
    String kind;

    @Parameters(index = "1", paramLabel = "DIR", description = "A directory that does not exist yet, or is empty.")
    Path dir;

    @picocli.CommandLine.Option(names = "--maven-repo", paramLabel = "DIR", description = "The local Maven repository "
            + "to install benchkit's SPI and bench.jar into, for the project to build (default: the localRepository of "
            + "~/.m2/settings.xml, else ~/.m2/repository).")
    Path mavenRepo;

    @Override
    public Integer call() throws IOException {
        if (!NEXT_STEPS.containsKey(kind)) {
            throw new UsageException("unknown project kind '" + kind + "'; valid: ci-check, workload");
        }
        if (Files.exists(dir) && (!Files.isDirectory(dir) || !isEmpty(dir))) {
            throw new UsageException(dir + " already exists and is not an empty directory; bench new writes into a new one");
        }
        List<Path> written = copyTemplate("benchkit/new/" + kind, dir);
        System.out.println("Created " + dir + " (" + written.size() + " files): see its README.md. Next:");
        System.out.printf(NEXT_STEPS.get(kind) + "%n", dir, runningJar());
        Path repository = (mavenRepo != null ? mavenRepo : SdkInstall.defaultRepository()).toAbsolutePath().normalize();
        String version = Optional.ofNullable(NewCommand.class.getPackage().getImplementationVersion()).orElse(VERSION);
        SdkInstall.Result r = SdkInstall.install(repository, runningJarPath(), version);
        System.out.println("Installed benchkit " + r.version() + " into " + r.repository() + ": the SPI (with sources "
                + "and javadoc)" + (r.withBenchJar() ? " and this bench.jar as dev.benchkit:benchkit-bench" : "")
                + " (" + r.written() + " files written, " + r.unchanged() + " there already), so the project builds "
                + "without a benchkit checkout.");
        if (r.replaced() > 0) {
            // an earlier build of the same version (an mvn install of a checkout) is gone: a build that used it sees this one
            System.out.println("Replaced there " + r.replaced() + " file" + (r.replaced() == 1 ? "" : "s") + " of dev.benchkit "
                    + r.version() + " that differed (an earlier build of that version); --maven-repo DIR installs elsewhere.");
        }
        return Cli.EXIT_OK;
    }

    /** The version a build from classes (bench's own tests) installs: the build's, which its manifest would carry. */
    private static final String VERSION = "0.1.0";

    /** This bench.jar's absolute path, so the hint works from the new project's directory; "bench.jar" when not run from one. */
    static String runningJar() {
        return runningJarPath().map(Path::toString).orElse("bench.jar");
    }

    /** The bench.jar this runs from; empty when bench runs from classes. */
    static Optional<Path> runningJarPath() {
        try {
            Path p = Path.of(NewCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return p.toString().endsWith(".jar") ? Optional.of(p.toAbsolutePath().normalize()) : Optional.empty();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Copies the resource tree under {@code root} (in bench.jar, or in the classes directory when run from a build). */
    static List<Path> copyTemplate(String root, Path target) throws IOException {
        return onResourceTree(root, "pom.xml", "its project templates", tree -> copyTree(tree, target));
    }

    /** What is done with a resource tree, as a path of bench.jar's file system or of the classes directory. */
    interface TreeAction<T> {
        T on(Path tree) throws IOException;
    }

    /**
     * Runs {@code action} on the resource tree under {@code root}, found by its file or directory {@code probe} (a path
     * below it), in bench.jar or in the classes directory when bench runs from a build; {@code what} names the tree in
     * the error of a bench built without it.
     */
    static <T> T onResourceTree(String root, String probe, String what, TreeAction<T> action) throws IOException {
        URL url = NewCommand.class.getClassLoader().getResource(root + "/" + probe);
        if (url == null) {
            throw new IllegalStateException("this bench was built without " + what + " (" + root + ")");
        }
        URI uri;
        try {
            uri = url.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        if (uri.getScheme().equals("jar")) {
            try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                return action.on(jar.getPath(root));
            }
        }
        Path tree = Path.of(uri);
        for (int i = 0; i < probe.split("/").length; i++) {
            tree = tree.getParent();
        }
        return action.on(tree);
    }

    private static List<Path> copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            return files.filter(Files::isRegularFile).map(file -> {
                Path dest = to.resolve(from.relativize(file).toString());
                try {
                    Files.createDirectories(dest.getParent());
                    Files.copy(file, dest);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return dest;
            }).toList();
        }
    }
}

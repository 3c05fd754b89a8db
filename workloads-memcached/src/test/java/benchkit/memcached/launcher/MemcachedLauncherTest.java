package benchkit.memcached.launcher;

import benchkit.launch.ProcStat;
import benchkit.launch.ProcMaps;
import benchkit.memcached.client.MemcachedText;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class MemcachedLauncherTest {
    static final Path JEMALLOC = Path.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2");
    private final MemcachedLauncher launcher = new MemcachedLauncher();

    @Test
    void startsAnswersAndStopsWithoutOrphan() throws Exception {
        ServerHandle h = launcher.launch(new ServerSpec("system", Map.of("memory", "64", "threads", "2"), AllocatorSpec.GLIBC, ""));
        long pid = h.pid();
        try {
            assertTrue(h.isAlive());
            assertEquals("memcached", h.target().product());
            assertEquals("127.0.0.1", h.target().host());
            assertTrue(h.target().version().matches("\\d+\\.\\d+\\.\\d+.*"), h.target().version());
            assertEquals(h.target().version(), MemcachedText.version("127.0.0.1", h.target().port(), 2000));
            Map<String, String> stats = MemcachedText.stats("127.0.0.1", h.target().port(), 2000);
            assertEquals(Long.toString(64L * 1024 * 1024), stats.get("limit_maxbytes"), "-m 64");
            assertEquals("2", stats.get("threads"), "-t 2");
            assertEquals("glibc", h.allocatorLoaded());
            String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline")).replace('\0', ' ');
            assertTrue(cmdline.contains("-l 127.0.0.1 -p " + h.target().port() + " -U 0"), cmdline);
            assertTrue(cmdline.contains("-c 4096"), cmdline);
            // as a service runs it: the kernel shares the CPUs between sessions first (docs/vs-sysbench.md)
            assertEquals(pid, ProcStat.session(pid), "memcached leads a session of its own");
            assertFalse(cmdline.contains("setsid"), "setsid replaced itself with memcached: " + cmdline);
        } finally {
            h.close();
        }
        assertFalse(h.isAlive());
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "no orphan after close");
        h.close(); // twice is fine
    }

    @Test
    void jemallocPreloadIsProvenFromTheMemoryMaps() throws Exception {
        assumeTrue(Files.isRegularFile(JEMALLOC), "libjemalloc2 not installed: " + JEMALLOC);
        AllocatorSpec jemalloc = new AllocatorSpec("jemalloc", Optional.of(JEMALLOC.toString()), Map.of("MALLOC_CONF", "narenas:2"));
        try (ServerHandle h = launcher.launch(new ServerSpec("system", Map.of("memory", "64"), jemalloc, ""))) {
            assertTrue(h.allocatorLoaded().contains("libjemalloc.so.2"), h.allocatorLoaded());
            assertTrue(ProcMaps.findLibrary(h.pid(), JEMALLOC.toString()).isPresent());
            String environ = Files.readString(Path.of("/proc/" + h.pid() + "/environ"));
            assertTrue(environ.contains("MALLOC_CONF=narenas:2"), "allocator environment passed");
        }
    }

    @Test
    void aLibraryThatIsNotMappedFailsTheLaunch() throws Exception {
        // a file that exists but the dynamic loader cannot preload: ld.so skips it with a warning
        Path notALib = Files.createTempFile("benchkit-not-a-lib", ".so");
        try {
            AllocatorSpec bogus = new AllocatorSpec("bogus", Optional.of(notALib.toString()), Map.of());
            Exception e = assertThrows(Exception.class,
                    () -> launcher.launch(new ServerSpec("system", Map.of("memory", "64"), bogus, "")));
            assertTrue(e.getMessage().contains("is not mapped into memcached"), e.getMessage());
        } finally {
            Files.deleteIfExists(notALib);
        }
    }

    @Test
    void pathDistributionAndPinning() throws Exception {
        try (ServerHandle h = launcher.launch(new ServerSpec("path:/usr/bin/memcached", Map.of("memory", "32"), AllocatorSpec.GLIBC, "0"))) {
            String status = Files.readString(Path.of("/proc/" + h.pid() + "/status"));
            assertTrue(status.lines().anyMatch(l -> l.startsWith("Cpus_allowed_list:") && l.endsWith("\t0")), status);
        }
    }

    @Test
    void badSpecsFailWithOneLine() {
        assertEquals("unknown memcached distribution 'mysql-8.0'; valid: system, path:/path/to/memcached",
                assertThrows(InvalidOptionException.class, () -> launcher.binary("mysql-8.0")).getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> launcher.binary("path:/nonexistent/memcached"))
                .getMessage().contains("/nonexistent/memcached is not an executable file"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> launcher.binary("path:relative/memcached"))
                .getMessage().contains("the path must be absolute"));
        assertEquals("memcached: unknown server setting 'innodb_buffer_pool_size'; valid: connections, max-item-size, memory, threads (or memory-limit, conn-limit)",
                assertThrows(InvalidOptionException.class, () -> launcher.command(Path.of("/bin/true"),
                        new ServerSpec("system", Map.of("innodb_buffer_pool_size", "1G"), AllocatorSpec.GLIBC, ""), 1, false)).getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> launcher.command(Path.of("/bin/true"),
                new ServerSpec("system", Map.of("memory", "lots"), AllocatorSpec.GLIBC, ""), 1, false)).getMessage()
                .contains("memory=lots is not valid"));
    }

    @Test
    void runsAsRootOnlyWhenToldTo() {
        ServerSpec spec = new ServerSpec("system", Map.of(), AllocatorSpec.GLIBC, "");
        assertTrue(String.join(" ", launcher.command(Path.of("/m"), spec, 5, true)).endsWith("-u root"));
        assertFalse(launcher.command(Path.of("/m"), spec, 5, false).contains("-u"));
        assertEquals(List.of("/m", "-l", "127.0.0.1", "-p", "5", "-U", "0", "-m", "1024", "-t", "4", "-c", "4096"),
                launcher.command(Path.of("/m"), spec, 5, false));
        ServerSpec aliases = new ServerSpec("system", Map.of("memory_limit", "64", "conn-limit", "10", "max-item-size", "2m"),
                AllocatorSpec.GLIBC, "");
        assertEquals(List.of("/m", "-l", "127.0.0.1", "-p", "5", "-U", "0", "-m", "64", "-t", "4", "-c", "10", "-I", "2m"),
                launcher.command(Path.of("/m"), aliases, 5, false));
    }

    @Test
    void listsTheSystemDistribution() {
        assertTrue(launcher.distributions().stream().anyMatch(a -> a.distribution().equals("system") && a.available()));
        MemcachedLauncher missing = new MemcachedLauncher(Path.of("/nonexistent/memcached"));
        assertTrue(missing.distributions().stream().anyMatch(a -> a.distribution().equals("system") && !a.available()
                && a.reason().contains("apt-get install memcached")));
    }
}

package benchkit.containers;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MariaDB from our Debian-built image in a real container, with each allocator. */
class ContainerServerLauncherTest {
    private static final String LIBS = "/usr/lib/x86_64-linux-gnu/";

    @BeforeAll
    static void docker() {
        DockerRequired.engineAndImage();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "glibc,    ,                          system",
            "jemalloc, libjemalloc.so.2,          jemalloc",
            "tcmalloc, libtcmalloc_minimal.so.4,  tcmalloc"})
    void mariadbRunsWithTheAllocatorAndLeavesNoContainer(String allocator, String library, String reported) throws Exception {
        AllocatorSpec spec = library == null ? AllocatorSpec.GLIBC
                : new AllocatorSpec(allocator, Optional.of(LIBS + library), Map.of());
        ContainerServerLauncher launcher = new ContainerServerLauncher();
        long started = System.nanoTime();
        ContainerServerHandle server = (ContainerServerHandle) launcher.launch(
                new ServerSpec(DockerRequired.IMAGE, Map.of("innodb_buffer_pool_size", "64M"), spec, ""));
        String id;
        long pid;
        try {
            System.out.printf("container %s (%s) answered after %.1f s%n", allocator, server.target(),
                    (System.nanoTime() - started) / 1e9);
            id = server.containerId();
            pid = server.pid();
            Target t = server.target();
            assertEquals("MariaDB", t.product());
            assertTrue(t.version().startsWith("10.11."), t.version());
            assertFalse(t.toString().contains(t.password()), "password must not be printed");
            for (String where : new String[] {"cmdline", "environ"}) {
                assertFalse(Files.readString(Path.of("/proc/" + server.pid() + "/" + where)).contains(t.password()),
                        "password in the server's " + where);
            }
            assertFalse(DockerRequired.docker("inspect", server.containerId()).contains(t.password()), "password in docker inspect");
            assertFalse(server.logTail(1000).contains(t.password()), "password in the server log");
            assertTrue(server.isAlive());

            // published on loopback only
            assertEquals("127.0.0.1:" + t.port(), DockerRequired.docker("port", id, "3306/tcp"));

            // the host PID is the server, as host-side collectors need it
            assertEquals("mariadbd", HostProcess.comm(pid));
            String status = Files.readString(Path.of("/proc/" + pid + "/status"));
            long rssKb = Long.parseLong(status.lines().filter(l -> l.startsWith("VmRSS:")).findFirst().orElseThrow()
                    .replaceAll("[^0-9]", ""));
            assertTrue(rssKb > 0, status);

            // the allocator, from the host's view of the process and from the server itself
            String maps = Files.readString(Path.of("/proc/" + pid + "/maps"));
            if (library == null) {
                assertEquals("glibc", server.allocatorLoaded());
                assertFalse(maps.contains("libjemalloc") || maps.contains("libtcmalloc"), "no allocator preloaded");
            } else {
                // the path as mapped: the file itself, or the versioned file its name links to
                assertTrue(server.allocatorLoaded().startsWith(LIBS + library), server.allocatorLoaded());
                assertTrue(maps.contains(server.allocatorLoaded()), "maps lack " + library);
            }

            try (Connection c = connect(t); Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT @@version_malloc_library, DATABASE()")) {
                    rs.next();
                    assertTrue(rs.getString(1).startsWith(reported), "version_malloc_library = " + rs.getString(1));
                    assertEquals("sbtest", rs.getString(2));
                }
                st.execute("CREATE TABLE kv (id INT PRIMARY KEY, v VARCHAR(20)) ENGINE=InnoDB");
                StringBuilder rows = new StringBuilder();
                for (int i = 1; i <= 100; i++) {
                    rows.append(i == 1 ? "" : ",").append("(").append(i).append(",'value-").append(i).append("')");
                }
                st.execute("INSERT INTO kv VALUES " + rows);
                try (PreparedStatement ps = c.prepareStatement("SELECT v FROM kv WHERE id = ?")) {
                    for (int id2 = 1; id2 <= 100; id2 += 9) {
                        ps.setInt(1, id2);
                        try (ResultSet rs = ps.executeQuery()) {
                            assertTrue(rs.next());
                            assertEquals("value-" + id2, rs.getString(1));
                        }
                    }
                }
            }
        } finally {
            long closing = System.nanoTime();
            server.close();
            System.out.printf("container %s stopped and removed in %.1f s%n", allocator, (System.nanoTime() - closing) / 1e9);
        }
        assertEquals("", DockerRequired.docker("ps", "-a", "-q", "--no-trunc", "--filter", "id=" + id));
        assertFalse(HostProcess.isAlive(pid), "server process still running");
        assertFalse(server.isAlive());
        server.close(); // a second close is harmless
    }

    @Test
    void aServerThatCannotStartIsExplainedAndRemoved() throws Exception {
        ContainerServerLauncher launcher = new ContainerServerLauncher();
        String before = DockerRequired.docker("ps", "-a", "-q", "--filter", "label=" + ServerContainer.LABEL);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> launcher.launch(
                new ServerSpec(DockerRequired.IMAGE, Map.of("no_such_server_option", "1"), AllocatorSpec.GLIBC, "")));
        assertTrue(e.getMessage().contains("no_such_server_option"), e.getMessage());
        assertEquals(before, DockerRequired.docker("ps", "-a", "-q", "--filter", "label=" + ServerContainer.LABEL));
    }

    @Test
    void launchersAreRegistered() {
        PluginRegistry registry = PluginRegistry.loadDefault();
        assertInstanceOf(ContainerServerLauncher.class, registry.launcher("container"));
        assertInstanceOf(MemcachedContainerLauncher.class, registry.launcher("container-memcached"));
        assertTrue(registry.launcher("container").distributions().stream()
                .anyMatch(a -> a.distribution().equals(DockerRequired.IMAGE) && a.available()));
    }

    private static Connection connect(Target t) throws Exception {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("user", t.user());
        p.setProperty("password", t.password());
        return DriverManager.getConnection("jdbc:mariadb://" + t.host() + ":" + t.port() + "/" + t.database(), p);
    }
}

package benchkit.containers;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * MySQL (Debian sid's mysqld) through the same launcher: the image is optional
 * ({@code scripts/build-images.sh --with-mysql}), so without it this test is skipped, also in CI.
 */
class MysqlContainerTest {
    static final String IMAGE = "benchkit/mysql:sid";

    @BeforeAll
    static void docker() {
        DockerRequired.engineAndImage();
        Assumptions.assumeTrue(DockerEngine.local().hasImage(IMAGE), IMAGE + " not built (scripts/build-images.sh --with-mysql)");
    }

    @Test
    void aGlibcRunSaysThatThisMysqldLinksTcmallocItself() throws Exception {
        try (ContainerServerHandle server = (ContainerServerHandle) new ContainerServerLauncher().launch(
                new ServerSpec(IMAGE, Map.of("innodb_buffer_pool_size", "64M"), AllocatorSpec.GLIBC, ""))) {
            assertTrue(server.allocatorLoaded().startsWith(
                    "glibc requested (nothing preloaded), but the server links /usr/lib/x86_64-linux-gnu/libtcmalloc.so.4"),
                    server.allocatorLoaded());
        }
    }

    @Test
    void mysqlRunsWithTcmallocAndLeavesNoContainer() throws Exception {
        AllocatorSpec tcmalloc = new AllocatorSpec("tcmalloc",
                Optional.of("/usr/lib/x86_64-linux-gnu/libtcmalloc_minimal.so.4"), Map.of());
        long started = System.nanoTime();
        ContainerServerHandle server = (ContainerServerHandle) new ContainerServerLauncher().launch(
                new ServerSpec(IMAGE, Map.of("innodb_buffer_pool_size", "64M"), tcmalloc, ""));
        String id = server.containerId();
        long pid = server.pid();
        try {
            System.out.printf("container %s answered after %.1f s%n", server.target(), (System.nanoTime() - started) / 1e9);
            Target t = server.target();
            assertEquals("MySQL", t.product());
            assertEquals("mysqld", HostProcess.comm(pid));
            assertTrue(server.allocatorLoaded().contains("/libtcmalloc_minimal.so.4"), server.allocatorLoaded());
            assertTrue(Files.readString(Path.of("/proc/" + pid + "/maps")).contains(server.allocatorLoaded()));
            Properties p = new Properties();
            p.setProperty("user", t.user());
            p.setProperty("password", t.password());
            p.setProperty("allowPublicKeyRetrieval", "true");
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://" + t.host() + ":" + t.port() + "/" + t.database(), p);
                 Statement st = c.createStatement()) {
                st.execute("CREATE TABLE kv (id INT PRIMARY KEY, v VARCHAR(20))");
                st.execute("INSERT INTO kv VALUES (1, 'one'), (2, 'two')");
                try (ResultSet rs = st.executeQuery("SELECT v FROM kv WHERE id = 2")) {
                    assertTrue(rs.next());
                    assertEquals("two", rs.getString(1));
                }
            }
        } finally {
            server.close();
        }
        assertEquals("", DockerRequired.docker("ps", "-a", "-q", "--no-trunc", "--filter", "id=" + id));
        assertFalse(HostProcess.isAlive(pid));
    }
}

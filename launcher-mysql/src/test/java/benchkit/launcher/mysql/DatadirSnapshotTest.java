package benchkit.launcher.mysql;

import benchkit.launch.PrivateTempDir;

import benchkit.launch.SnapshotCopyException;

import benchkit.launch.DatadirSnapshot;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real launches: data prepared on one server, snapshotted, and a second server with another allocator
 * and runtime setting started from a copy sees the data and logs in with the snapshot's password.
 */
class DatadirSnapshotTest {
    private static final String JEMALLOC = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";
    private static final AllocatorSpec JEMALLOC_SPEC = new AllocatorSpec("jemalloc", Optional.of(JEMALLOC), Map.of());

    @TempDir
    Path tempRoot;

    private MysqlLauncher launcher() {
        return new MysqlLauncher(MysqlLauncher.Options.defaults().withTempRoot(tempRoot)
                .withStartTimeout(Duration.ofSeconds(300)));
    }

    @Test
    void systemMariadbStartsFromACopyWithAnotherAllocatorAndSetting() throws Exception {
        snapshotAndCopy("system", "innodb_spin_wait_delay", "96");
    }

    @Test
    void embeddedMariadbStartsFromACopyWithAnotherAllocatorAndSetting() throws Exception {
        snapshotAndCopy("mariadb-11.4", "innodb_spin_wait_delay", "96");
    }

    @Test
    void embeddedMysql80StartsFromACopyWithAnotherAllocatorAndSetting() throws Exception {
        snapshotAndCopy("mysql-8.0", "innodb_spin_wait_delay", "96");
    }

    private void snapshotAndCopy(String distribution, String setting, String value) throws Exception {
        MysqlLauncher launcher = launcher();
        ServerSpec first = new ServerSpec(distribution, Map.of(), AllocatorSpec.GLIBC, "");
        ServerSpec second = new ServerSpec(distribution, Map.of(setting, value), JEMALLOC_SPEC, "");
        assertEquals(launcher.dataKey(first), launcher.dataKey(second), "allocator and runtime settings share data");

        Path snapshotDir = tempRoot.resolve("snapshot");
        MysqlSnapshot snapshot;
        try (MysqlServerHandle prepared = launcher.start(first)) {
            Target before = prepared.target();
            long pidBefore = prepared.pid();
            execute(before, "CREATE TABLE sbtest.t (id INT PRIMARY KEY, v VARCHAR(20)) ENGINE=InnoDB",
                    "INSERT INTO sbtest.t VALUES (1, 'one'), (2, 'two'), (3, 'three')");

            snapshot = launcher.snapshot(prepared, snapshotDir);
            assertEquals(distribution, snapshot.serverKey());
            assertTrue(snapshot.bytes() > 1_000_000, "a whole datadir: " + snapshot.bytes());
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(snapshotDir)));
            assertFalse(snapshot.toString().contains(before.password()), snapshot.toString());
            // the prepared server is back on its own datadir, same address and password
            assertNotEquals(pidBefore, prepared.pid(), "restarted");
            assertTrue(prepared.isAlive());
            assertEquals(before, prepared.target());
            assertEquals("3", query(prepared.target(), "SELECT COUNT(*) FROM sbtest.t"));
            execute(prepared.target(), "DELETE FROM sbtest.t"); // changes after the snapshot stay out of it
        }

        try (MysqlServerHandle copy = launcher.startFrom(second, snapshot)) {
            Target t = copy.target();
            assertTrue(copy.dataCopyTime().isPresent());
            assertEquals("3", query(t, "SELECT COUNT(*) FROM sbtest.t"), "the copy holds the prepared data");
            assertEquals("three", query(t, "SELECT v FROM sbtest.t WHERE id = 3"));
            assertEquals(value, query(t, "SELECT @@" + setting), "the copy runs with its own settings");
            assertTrue(copy.allocatorLoaded().contains("libjemalloc"), copy.allocatorLoaded());
            try (Connection socket = ServerConnections.overSocket(t.socket().orElseThrow(), t.user(), t.password(), 5)) {
                assertTrue(query(socket, "SELECT CURRENT_USER()").startsWith("root@localhost"));
            }
            assertThrows(SQLException.class, () -> ServerConnections.overTcp(t.host(), t.port(), t.user(), "", 5).close(),
                    "no password, no login");
            String cmdline = Files.readString(Path.of("/proc/" + copy.pid() + "/cmdline"), StandardCharsets.ISO_8859_1);
            assertFalse(cmdline.contains(t.password()), "password not on the command line");
            try (Stream<Path> files = Files.walk(copy.directory())) {
                for (Path f : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/data/")).toList()) {
                    assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(t.password()), "not in " + f);
                }
            }
            execute(t, "INSERT INTO sbtest.t VALUES (4, 'four')");
        }
        try (MysqlServerHandle again = launcher.startFrom(second, snapshot)) {
            assertEquals("3", query(again.target(), "SELECT COUNT(*) FROM sbtest.t"), "each copy starts from the snapshot");
        }
        PrivateTempDir.deleteRecursively(snapshotDir);
        assertNothingLeft();
    }

    @Test
    void formatSettingsAreInTheKeyAndAMismatchedSnapshotIsRefused() throws Exception {
        MysqlLauncher launcher = launcher();
        ServerSpec plain = new ServerSpec("system", Map.of(), AllocatorSpec.GLIBC, "0");
        ServerSpec pages = new ServerSpec("system", Map.of("innodb-page-size", "8K", "innodb_spin_wait_delay", "6"),
                JEMALLOC_SPEC, "");
        assertEquals(Optional.of("system"), launcher.dataKey(plain));
        assertEquals(Optional.of("system innodb_page_size=8K"), launcher.dataKey(pages));
        assertEquals(Optional.of("mariadb-11.4"), launcher.dataKey(new ServerSpec("", Map.of(), AllocatorSpec.GLIBC, "")));
        assertEquals(Optional.empty(), launcher.dataKey(new ServerSpec("system",
                Map.of("innodb_data_home_dir", "/srv/ibdata"), AllocatorSpec.GLIBC, "")), "data outside the datadir");
        MysqlSnapshot other = new MysqlSnapshot(tempRoot.resolve("none"), "system", "pw", 0);
        assertThrows(IllegalArgumentException.class, () -> launcher.startFrom(pages, other));
    }

    @Test
    void aFailedCopyThrowsSnapshotCopyExceptionAndLeavesNothing() throws Exception {
        // a snapshot whose files are gone stands in for a full disk: copying fails, not the server
        MysqlSnapshot gone = new MysqlSnapshot(tempRoot.resolve("gone"), "system", "pw", 0);
        SnapshotCopyException e = assertThrows(SnapshotCopyException.class, () -> launcher().startFrom(
                new ServerSpec("system", Map.of(), AllocatorSpec.GLIBC, ""), gone));
        assertTrue(e.getMessage().contains("NoSuchFileException"), e.getMessage());
        assertNothingLeft();
    }

    private void assertNothingLeft() throws Exception {
        try (Stream<Path> left = Files.list(tempRoot)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("benchkit-"))
                    .toList(), "no launch dir left");
        }
        List<String> children = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().command().orElse("?")).filter(c -> c.endsWith("mysqld") || c.endsWith("mariadbd")
                        || c.endsWith("sh")).toList();
        assertEquals(List.of(), children, "no server or watchdog left");
    }

    private static void execute(Target t, String... statements) throws SQLException {
        try (Connection c = ServerConnections.open(t, 5); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static String query(Target t, String sql) throws SQLException {
        try (Connection c = ServerConnections.open(t, 5)) {
            return query(c, sql);
        }
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }
}

package benchkit.launcher.mysql;

import benchkit.launch.ProcMaps;

import benchkit.launch.PrivateTempDir;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The small parts of the launcher, each with real files, sockets or processes. */
class ServerPiecesTest {
    @TempDir
    Path tmp;

    /** An unknown database's remedy quotes a name that needs it, as the user would type it into a client. */
    @Test
    void anUnknownDatabasesRemedyQuotesItsName() {
        benchkit.spi.Target t = benchkit.spi.Target.builder().host("127.0.0.1").port(3306).user("u").database("my-db").build();
        assertEquals("database my-db does not exist there; create it (CREATE DATABASE `my-db`) or name another with --mysql-db",
                ExternalServer.reason(new java.sql.SQLException("(server's words)", "42000", 1049), t));
    }

    @Test
    void freePortIsBindableOnLoopback() throws Exception {
        int port = FreePort.find();
        assertTrue(port > 0 && port < 65536);
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(port, s.getLocalPort());
        }
    }

    @Test
    void launchDirIsPrivateAndFullyRemovable() throws Exception {
        LaunchDir dir = LaunchDir.create(tmp);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.path())));
        assertTrue(Files.isDirectory(dir.tmpdir()));
        Files.writeString(dir.datadir().resolve("x").getParent().resolve("..").normalize().resolve("f"), "x");
        Files.createDirectories(dir.datadir().resolve("sub"));
        Files.createSymbolicLink(dir.path().resolve("link"), tmp); // must not be followed
        PrivateTempDir.deleteRecursively(dir.path());
        assertFalse(Files.exists(dir.path()));
        assertTrue(Files.isDirectory(tmp), "symlink target survives");
    }

    @Test
    void nativePasswordHashMatchesServerFormat() {
        // SELECT PASSWORD('password') on MySQL 5.7 / MariaDB
        assertEquals("*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19", NativePassword.hash("password"));
    }

    @Test
    void flavourFromVersionOutput() {
        ServerFlavor maria = ServerFlavor.parse("/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu");
        assertEquals(new ServerFlavor("MariaDB", "10.11.19"), maria);
        assertEquals(10, maria.major());
        ServerFlavor mysql = ServerFlavor.parse("mysqld  Ver 8.0.15 for linux-glibc2.12 on x86_64 (MySQL Community Server - GPL)");
        assertEquals(new ServerFlavor("MySQL", "8.0.15"), mysql);
        assertFalse(mysql.isMariaDb());
        assertEquals(new ServerFlavor("MariaDB", "10.11.19"), ServerFlavor.fromVersionVariable("10.11.19-MariaDB-0+deb12u1"));
        assertEquals(new ServerFlavor("MySQL", "5.7.22"), ServerFlavor.fromVersionVariable("5.7.22-log"));
        assertThrows(IllegalArgumentException.class, () -> ServerFlavor.parse("garbage"));
    }

    @Test
    void missingLibraryNamesTheDebianPackage() {
        String loader = "bin/mysqld: error while loading shared libraries: libaio.so.1: cannot open shared object file: "
                + "No such file or directory";
        String advice = MissingLibrary.explain("mysqld", loader).orElseThrow();
        assertTrue(advice.contains("libaio.so.1") && advice.contains("apt-get install libaio1 libnuma1"), advice);
        assertTrue(advice.endsWith("use the embedded mariadb-11.4, which needs neither)"), advice);
        assertTrue(MissingLibrary.explain("mysqld", "all fine").isEmpty());
    }

    @Test
    void launcherKnobsAreTypedAndNeverServerSettings() {
        ServerSpec spec = new ServerSpec("system", Map.of("max_connections", "10"), AllocatorSpec.GLIBC, "");
        LaunchOptions defaults = LaunchOptions.of(spec, false, Duration.ofSeconds(120));
        assertEquals(new LaunchOptions(false, Duration.ofSeconds(120)), defaults, "the launcher's own defaults");
        LaunchOptions given = LaunchOptions.of(spec.withLaunch(ServerSpec.Launch.DEFAULT.keepingFiles(true)
                .withStartTimeout(Duration.ofSeconds(30))), false, Duration.ofSeconds(120));
        assertEquals(new LaunchOptions(true, Duration.ofSeconds(30)), given, "the launch's own win");
        assertThrows(InvalidOptionException.class, () -> ServerSpec.Launch.DEFAULT.withStartTimeout(Duration.ZERO));
    }

    @Test
    void errorLogTailKeepsErrorsAndLastLines() throws Exception {
        Path log = tmp.resolve("error.log");
        StringBuilder sb = new StringBuilder("2026 0 [ERROR] early failure\n");
        for (int i = 0; i < 40; i++) {
            sb.append("line ").append(i).append('\n');
        }
        Files.writeString(log, sb);
        String relevant = ErrorLog.relevant(log);
        assertTrue(relevant.startsWith("2026 0 [ERROR] early failure\n"), relevant);
        assertTrue(relevant.endsWith("line 39") && relevant.contains("line 25") && !relevant.contains("line 24\n"),
                relevant);
        assertEquals("", ErrorLog.relevant(tmp.resolve("missing.log")));
    }

    @Test
    void errorLogLeavesRoutineWarningsOutOnlyWhenThereIsAnError() throws Exception {
        Path failed = tmp.resolve("failed.log");
        Files.writeString(failed, "0 [ERROR] mariadbd: unknown variable 'no_such_setting=1'\n0 [ERROR] Aborting\n"
                + "0 [Warning] 'innodb-thread-concurrency' was removed.\n0 [Note] starting\nplain context line\n");
        assertEquals("0 [ERROR] mariadbd: unknown variable 'no_such_setting=1'\n0 [ERROR] Aborting\nplain context line",
                ErrorLog.relevant(failed));
        Path warnedOnly = tmp.resolve("warned.log");
        Files.writeString(warnedOnly, "0 [Warning] the only hint\n0 [Note] last note\n");
        assertEquals("0 [Warning] the only hint\n0 [Note] last note", ErrorLog.relevant(warnedOnly));
    }

    @Test
    void procMapsFindsALibraryTheJvmMapped() throws Exception {
        // the JVM maps libc; a made-up library is not mapped
        long pid = ProcessHandle.current().pid();
        String libc = Files.readAllLines(Path.of("/proc/self/maps")).stream()
                .filter(l -> l.contains("/libc.so") || l.contains("/libc-")).map(l -> l.substring(l.indexOf('/')))
                .findFirst().orElseThrow();
        assertEquals(libc, ProcMaps.findLibrary(pid, libc).orElseThrow());
        assertTrue(ProcMaps.findLibrary(pid, "/usr/lib/libnot-a-real-allocator.so").isEmpty());
    }

    @Test
    void tarPermissionBits() {
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(TarGzExtractor.permissions(0755)));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(TarGzExtractor.permissions(0644)));
    }
}

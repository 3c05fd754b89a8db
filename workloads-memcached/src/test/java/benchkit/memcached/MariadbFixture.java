package benchkit.memcached;

import benchkit.spi.Target;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A throwaway Debian mariadbd for tests: private 0700 directory, 127.0.0.1 on a free port, a
 * user {@code bench} with a random password. {@link #close()} stops it and removes everything.
 */
public final class MariadbFixture implements AutoCloseable {
    public static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");
    private static final Path INSTALL_DB = Path.of("/usr/bin/mariadb-install-db");

    private final Path dir;
    private final Process process;
    private final Target target;

    private MariadbFixture(Path dir, Process process, Target target) {
        this.dir = dir;
        this.process = process;
        this.target = target;
    }

    public static boolean available() {
        return Files.isExecutable(MARIADBD) && Files.isExecutable(INSTALL_DB);
    }

    public static MariadbFixture start() throws Exception {
        Path dir = Files.createTempDirectory("benchkit-mariadb-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path data = dir.resolve("data");
        Path socket = dir.resolve("mysqld.sock");
        Path log = dir.resolve("error.log");
        run(List.of(INSTALL_DB.toString(), "--no-defaults", "--auth-root-authentication-method=normal", "--skip-test-db",
                "--user=root", "--datadir=" + data), dir.resolve("install.log"));
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(MARIADBD.toString(), "--no-defaults", "--user=root",
                "--datadir=" + data, "--socket=" + socket, "--port=" + port, "--bind-address=127.0.0.1",
                "--pid-file=" + dir.resolve("mysqld.pid"), "--log-error=" + log,
                "--innodb-buffer-pool-size=64M", "--innodb-log-file-size=32M", "--innodb-flush-log-at-trx-commit=2",
                "--max-connections=500"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Thread hook = new Thread(p::destroyForcibly);
        Runtime.getRuntime().addShutdownHook(hook);
        String password = UUID.randomUUID().toString();
        try {
            try (Connection c = awaitRoot(p, port, log); Statement s = c.createStatement()) {
                s.execute("CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY '" + password + "'");
                s.execute("GRANT ALL ON *.* TO 'bench'@'127.0.0.1'");
            }
        } catch (Exception e) {
            p.destroyForcibly();
            delete(dir);
            throw e;
        }
        Target target = Target.builder().host("127.0.0.1").port(port).user("bench").password(password)
                .database("kvtest").product("MariaDB").build();
        return new MariadbFixture(dir, p, target);
    }

    /** root@localhost without password; 127.0.0.1 resolves to localhost (no --skip-name-resolve). */
    private static Connection awaitRoot(Process p, int port, Path log) throws Exception {
        Properties props = new Properties();
        props.setProperty("user", "root");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IOException("mariadbd exited: " + Files.readString(log));
            }
            try {
                return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/", props);
            } catch (SQLException e) {
                last = e;
                Thread.sleep(100);
            }
        }
        throw new IOException("mariadbd did not accept connections in 60 s: " + (last == null ? "" : last.getMessage()));
    }

    private static void run(List<String> cmd, Path log) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException(cmd.get(0) + " failed: " + Files.readString(log));
        }
    }

    public Target target() {
        return target;
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // SIGTERM: mariadbd shuts down cleanly
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        delete(dir);
    }

    private static void delete(Path dir) throws IOException {
        try (var walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }
}

package benchkit.sql;

import benchkit.spi.Target;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private Debian mariadbd for tests: its own 0700 temp dir, 127.0.0.1 on a free port, root
 * without a password. {@link #close()} stops it and removes the directory.
 */
final class ThrowawayMariadb implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final Process process;

    private ThrowawayMariadb(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    static ThrowawayMariadb start() throws Exception {
        Path dir = Files.createTempDirectory("benchkit-sql-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        try {
            Path data = dir.resolve("data");
            run(dir.resolve("install.log"), List.of("mariadb-install-db", "--no-defaults", "--user=root",
                    "--datadir=" + data, "--auth-root-authentication-method=normal", "--skip-test-db"));
            int port = freePort();
            Process p = new ProcessBuilder("/usr/sbin/mariadbd", "--no-defaults", "--user=root",
                    "--datadir=" + data, "--socket=" + dir.resolve("mysqld.sock"), "--port=" + port,
                    "--bind-address=127.0.0.1", "--pid-file=" + dir.resolve("mysqld.pid"),
                    "--log-error=" + dir.resolve("error.log"), "--innodb-buffer-pool-size=32M")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
            ThrowawayMariadb server = new ThrowawayMariadb(dir, port, p);
            try {
                server.awaitReady();
            } catch (Exception e) {
                server.close();
                throw e;
            }
            return server;
        } catch (Exception e) {
            deleteTree(dir);
            throw e;
        }
    }

    /** The same server over its unix socket. */
    Target socketTarget(String database) {
        return target(database).toBuilder().socket(dir.resolve("mysqld.sock").toString()).build();
    }

    Target target(String database) {
        return Target.builder().host("127.0.0.1").port(port).user("root").database(database).build();
    }

    Connection connect() throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", "root");
        props.setProperty("connectTimeout", "2000");
        return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://127.0.0.1:" + port + "/", props);
    }

    private void awaitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited: " + logTail());
            }
            try (Connection c = connect()) {
                return;
            } catch (SQLException e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("mariadbd not ready in 90 s: " + logTail(), e);
                }
                Thread.sleep(200);
            }
        }
    }

    private String logTail() throws IOException {
        Path log = dir.resolve("error.log");
        if (!Files.exists(log)) {
            return "(no error log)";
        }
        List<String> lines = Files.readAllLines(log);
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - 10), lines.size()));
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // SIGTERM: a clean shutdown
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        deleteTree(dir);
    }

    private static void run(Path log, List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " took more than 180 s");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(command.get(0) + " failed (exit " + p.exitValue() + "): "
                    + String.join(" | ", Files.readAllLines(log)));
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

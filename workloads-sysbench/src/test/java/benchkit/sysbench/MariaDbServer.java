package benchkit.sysbench;

import benchkit.spi.Target;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway Debian mariadbd for tests: private 0700 temp dir, fresh datadir, 127.0.0.1 on a free
 * port plus a unix socket, a user {@code bench} with a random password and database {@code sbtest}.
 * Test-only; the product's launcher lives in core.
 */
final class MariaDbServer implements AutoCloseable {
    private final Path dir;
    private final int port;
    private final String password;
    private final Process process;

    private MariaDbServer(Path dir, int port, String password, Process process) {
        this.dir = dir;
        this.port = port;
        this.password = password;
        this.process = process;
    }

    static MariaDbServer start() throws Exception {
        Path dir = Files.createTempDirectory("benchkit-sysbench-test", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
        Path data = dir.resolve("data");
        run(List.of("mariadb-install-db", "--no-defaults", "--auth-root-authentication-method=normal", "--skip-test-db",
                "--user=root", "--datadir=" + data), dir.resolve("install.log"), null);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path socket = dir.resolve("mysqld.sock");
        Process p = new ProcessBuilder("/usr/sbin/mariadbd", "--no-defaults", "--user=root", "--datadir=" + data,
                "--bind-address=127.0.0.1", "--port=" + port, "--socket=" + socket,
                "--pid-file=" + dir.resolve("mysqld.pid"), "--log-error=" + dir.resolve("error.log"),
                "--innodb-buffer-pool-size=256M", "--innodb-flush-log-at-trx-commit=2", "--skip-log-bin",
                "--max-connections=200")
                .redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        MariaDbServer server = new MariaDbServer(dir, port, password, p);
        try {
            server.waitReady();
            server.sql("CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY '" + password + "';"
                    + "CREATE USER 'bench'@'localhost' IDENTIFIED BY '" + password + "';"
                    + "GRANT ALL ON *.* TO 'bench'@'127.0.0.1'; GRANT ALL ON *.* TO 'bench'@'localhost';"
                    + "CREATE DATABASE sbtest;");
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return server;
    }

    private void waitReady() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("mariadbd exited: " + Files.readString(dir.resolve("error.log")));
            }
            if (Files.exists(socket())) {
                try {
                    sql("SELECT 1");
                    return;
                } catch (IllegalStateException notYet) {
                    // still starting
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("mariadbd did not become ready in 60 s");
    }

    /** Runs SQL as root through the socket with the mariadb client (SQL on stdin, not argv). */
    void sql(String sql) throws Exception {
        run(List.of("mariadb", "--no-defaults", "--socket=" + socket(), "-uroot"), dir.resolve("client.log"), sql);
    }

    private static String run(List<String> command, Path log, String stdin) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try (OutputStream in = p.getOutputStream()) {
            if (stdin != null) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " timed out");
        }
        String out = Files.readString(log);
        if (p.exitValue() != 0) {
            throw new IllegalStateException(command.get(0) + " failed (" + p.exitValue() + "): " + out.replace('\n', ' '));
        }
        return out;
    }

    Path socket() {
        return dir.resolve("mysqld.sock");
    }

    Path dir() {
        return dir;
    }

    int port() {
        return port;
    }

    String password() {
        return password;
    }

    Target target() {
        return Target.builder().host("127.0.0.1").port(port).socket(socket().toString()).user("bench")
                .password(password).database("sbtest").product("MariaDB").build();
    }

    /** Runs Debian's sysbench against this server; the password goes in a 0600 --config-file, not argv. */
    SysbenchResult sysbench(String... args) throws Exception {
        Path cfg = dir.resolve("sysbench.cfg");
        Files.deleteIfExists(cfg);
        Files.createFile(cfg, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(cfg, "mysql-password=" + password + "\n");
        Path times = dir.resolve("sysbench.time");
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-o", times.toString(), "-f", "%U %S", "sysbench"));
        cmd.add(args[0]);
        cmd.addAll(List.of("--config-file=" + cfg, "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-port=" + port, "--mysql-user=bench", "--mysql-db=sbtest"));
        for (int i = 1; i < args.length; i++) {
            cmd.add(args[i]);
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(300, TimeUnit.SECONDS);
        String[] cpu = Files.readString(times).trim().split("\\s+");
        double cpuSeconds = Double.parseDouble(cpu[cpu.length - 2]) + Double.parseDouble(cpu[cpu.length - 1]);
        return new SysbenchResult(p.exitValue(), out, cpuSeconds);
    }

    /** Exit code, output, and the user + system CPU seconds sysbench used. */
    record SysbenchResult(int exitCode, String output, double cpuSeconds) {
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignore) {
            // best effort: the temp dir is private anyway
        }
    }
}

package benchkit.sysbench;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The system's mariadbd started by core's launcher, with a user {@code bench} (random password, on
 * 127.0.0.1 and the socket) that the tests' target uses, and a way to run Debian's sysbench against it.
 */
final class MariaDbServer implements AutoCloseable {
    private final ServerHandle server;
    private final Target target;
    private final Path dir;

    private MariaDbServer(ServerHandle server, Target target, Path dir) {
        this.server = server;
        this.target = target;
        this.dir = dir;
    }

    static MariaDbServer start() throws Exception {
        // durability as the hand-written fixture had it: these tests measure compatibility, not fsyncs
        ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system", Map.of(
                "innodb_buffer_pool_size", "256M", "innodb_flush_log_at_trx_commit", "2", "sync_binlog", "0"),
                AllocatorSpec.GLIBC, ""));
        try {
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
            Target root = server.target();
            try (Connection c = Connector.resolve("test", root, "mariadb", "tcp").open();
                 Statement s = c.createStatement()) {
                for (String host : List.of("127.0.0.1", "localhost")) {
                    s.execute("CREATE USER 'bench'@'" + host + "' IDENTIFIED BY '" + password + "'");
                    s.execute("GRANT ALL ON *.* TO 'bench'@'" + host + "' WITH GRANT OPTION");   // tests create users
                }
            }
            Path dir = Files.createTempDirectory("benchkit-sysbench-test",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return new MariaDbServer(server, root.toBuilder().user("bench").password(password).build(), dir);
        } catch (Exception e) {
            server.close();
            throw e;
        }
    }

    Path socket() {
        return Path.of(target.socket().orElseThrow());
    }

    String password() {
        return target.password();
    }

    Target target() {
        return target;
    }

    /** Runs Debian's sysbench against this server; the password goes in a 0600 --config-file, not argv. */
    SysbenchResult sysbench(String... args) throws Exception {
        Path cfg = dir.resolve("sysbench.cfg");
        Files.deleteIfExists(cfg);
        Files.createFile(cfg, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(cfg, "mysql-password=" + password() + "\n");
        Path times = dir.resolve("sysbench.time");
        List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-o", times.toString(), "-f", "%U %S", "sysbench"));
        cmd.add(args[0]);
        cmd.addAll(List.of("--config-file=" + cfg, "--db-driver=mysql", "--mysql-host=127.0.0.1",
                "--mysql-port=" + target.port(), "--mysql-user=bench", "--mysql-db=" + target.database()));
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
        server.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignore) {
            // best effort: the temp dir is private anyway
        }
    }
}

package benchkit.sysbench;

import benchkit.spi.Target;
import benchkit.testing.ThrowawayMariadb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The modules' throwaway MariaDB (core's test-jar) as the user {@code bench}, and a way to run Debian's sysbench
 * against it.
 */
final class MariaDbServer implements AutoCloseable {
    private final ThrowawayMariadb server;
    private final Target target;
    private final Path dir;

    private MariaDbServer(ThrowawayMariadb server, Path dir) {
        this.server = server;
        this.target = server.bench();
        this.dir = dir;
    }

    static MariaDbServer start() throws Exception {
        ThrowawayMariadb server = ThrowawayMariadb.start();
        try {
            Path dir = Files.createTempDirectory("benchkit-sysbench-test",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return new MariaDbServer(server, dir);
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

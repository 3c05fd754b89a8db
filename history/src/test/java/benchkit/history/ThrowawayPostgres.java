package benchkit.history;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throwaway PostgreSQL for the shared-store tests: Debian's own server (package postgresql) in a private data
 * directory, on a free port of 127.0.0.1 only and no unix socket, its superuser {@code bench} with a random password
 * (scram-sha-256, so a store that sends no password or a wrong one is refused as on a team's server). As root (CI) it
 * runs as the user {@code postgres}, since PostgreSQL refuses to run as root. {@link #close()} stops it and removes
 * everything.
 */
final class ThrowawayPostgres implements AutoCloseable {
    private static final Path VERSIONS = Path.of("/usr/lib/postgresql");

    private final Process server;
    private final Path dir;
    private final int port;
    private final String password;

    private ThrowawayPostgres(Process server, Path dir, int port, String password) {
        this.server = server;
        this.dir = dir;
        this.port = port;
        this.password = password;
    }

    /** Debian's newest installed PostgreSQL's programs, /usr/lib/postgresql/VERSION/bin. */
    static Optional<Path> bin() {
        try (Stream<Path> versions = Files.list(VERSIONS)) {
            return versions.filter(v -> v.getFileName().toString().matches("\\d+"))
                    .max(Comparator.comparingInt(v -> Integer.parseInt(v.getFileName().toString())))
                    .map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("postgres")) && Files.isExecutable(b.resolve("initdb")));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether Debian's PostgreSQL server is installed here. */
    static boolean available() {
        return bin().isPresent();
    }

    static ThrowawayPostgres start() throws Exception {
        Path bin = bin().orElseThrow(() -> new IllegalStateException("no PostgreSQL server in " + VERSIONS
                + " (Debian's package postgresql)"));
        Path dir = Files.createTempDirectory("benchkit-postgres");
        try {
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
            Path pwfile = Files.writeString(dir.resolve("password"), password + "\n");
            List<String> as = new ArrayList<>();
            if ("root".equals(System.getProperty("user.name"))) {
                UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
                for (Path p : List.of(dir, pwfile)) {
                    PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
                    view.setOwner(users.lookupPrincipalByName("postgres"));
                    view.setGroup(users.lookupPrincipalByGroupName("postgres"));
                }
                as = List.of("setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups");
            }
            Path data = dir.resolve("data");
            List<String> initdb = new ArrayList<>(as);
            // C.UTF-8 whatever the tests' locale (tr_TR, de_DE): the cluster's encoding and collation stay fixed
            initdb.addAll(List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "bench",
                    "--auth=scram-sha-256", "--pwfile=" + pwfile, "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"));
            Path initLog = dir.resolve("initdb.log");
            Process init = new ProcessBuilder(initdb).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(initLog.toFile()).start();
            if (!init.waitFor(120, TimeUnit.SECONDS) || init.exitValue() != 0) {
                init.destroyForcibly();
                throw new IllegalStateException("initdb failed: " + Files.readString(initLog));
            }
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            }
            List<String> postgres = new ArrayList<>(as);
            // these tests check behaviour, not durability
            postgres.addAll(List.of(bin.resolve("postgres").toString(), "-D", data.toString(), "-p", String.valueOf(port),
                    "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off",
                    "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
            Path log = dir.resolve("server.log");
            Process server = new ProcessBuilder(postgres).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            ThrowawayPostgres pg = new ThrowawayPostgres(server, dir, port, password);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (true) {
                try (Connection c = pg.connect()) {
                    return pg;
                } catch (SQLException notYet) {
                    if (!server.isAlive() || System.nanoTime() > deadline) {
                        String said = Files.readString(log);
                        pg.close();
                        throw new IllegalStateException("PostgreSQL did not start: " + notYet.getMessage() + "\n" + said);
                    }
                    Thread.sleep(100);
                }
            }
        } catch (Exception | Error e) {
            delete(dir);
            throw e;
        }
    }

    int port() {
        return port;
    }

    /** The superuser's password. */
    String password() {
        return password;
    }

    /** A superuser connection to the database {@code postgres}, for the tests' own statements. */
    Connection connect() throws SQLException {
        return connect("postgres");
    }

    /** A superuser connection to {@code database}. */
    Connection connect(String database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", "bench");
        props.setProperty("password", password);
        props.setProperty("connectTimeout", "5");
        return new org.postgresql.Driver().connect("jdbc:postgresql://127.0.0.1:" + port + "/" + database, props);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            // SIGTERM: a smart shutdown, quick once the tests' connections are closed
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } finally {
            delete(dir);
        }
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}

package benchkit.testing;

import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The one throwaway MariaDB of the modules' tests (core's test-jar): Debian's mariadbd started by core's own
 * launcher (private datadir, free port, a socket, a generated root password), with a user {@code bench} (random
 * password, on 127.0.0.1 and the socket, all privileges with grant option) for tests that should not run as root.
 * {@link #close()} stops it and removes everything. Tests that need it skip only through {@link #available()}.
 */
public final class ThrowawayMariadb implements AutoCloseable {
    public static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");

    private final ServerHandle server;
    private final Target bench;

    private ThrowawayMariadb(ServerHandle server, Target bench) {
        this.server = server;
        this.bench = bench;
    }

    /** Whether Debian's mariadbd is installed here. */
    public static boolean available() {
        return Files.isExecutable(MARIADBD);
    }

    public static ThrowawayMariadb start() throws Exception {
        // these tests check behaviour, not fsyncs
        ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system", Map.of("innodb_buffer_pool_size", "256M",
                "innodb_flush_log_at_trx_commit", "2", "sync_binlog", "0"), AllocatorSpec.GLIBC, ""));
        try {
            String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
            try (Connection c = connect(server.target()); Statement s = c.createStatement()) {
                for (String host : List.of("127.0.0.1", "localhost")) {      // localhost: the socket
                    s.execute("CREATE USER 'bench'@'" + host + "' IDENTIFIED BY '" + password + "'");
                    s.execute("GRANT ALL ON *.* TO 'bench'@'" + host + "' WITH GRANT OPTION");
                }
            }
            return new ThrowawayMariadb(server, server.target().toBuilder().user("bench").password(password).build());
        } catch (Exception e) {
            server.close();
            throw e;
        }
    }

    /** root, over TCP and (when asked) the socket, in the launcher's database. */
    public Target root() {
        return server.target();
    }

    /** The user {@code bench}, over TCP and (when asked) the socket, in the launcher's database. */
    public Target bench() {
        return bench;
    }

    /** A root connection over TCP, for the tests' own statements. */
    public Connection connect() throws SQLException {
        return connect(server.target());
    }

    public long pid() {
        return server.pid();
    }

    private static Connection connect(Target t) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", t.user());
        props.setProperty("password", t.password());
        props.setProperty("connectTimeout", "5000");
        return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://127.0.0.1:" + t.port() + "/", props);
    }

    @Override
    public void close() {
        server.close();
    }
}

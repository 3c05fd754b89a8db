package benchkit.memcached;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

/**
 * The system's mariadbd started by core's launcher, with a user {@code bench}@127.0.0.1 (random
 * password) that the tests' target uses instead of root. {@link #close()} stops it and removes everything.
 */
public final class MariadbFixture implements AutoCloseable {
    public static final Path MARIADBD = Path.of("/usr/sbin/mariadbd");

    private final ServerHandle server;
    private final Target target;

    private MariadbFixture(ServerHandle server, Target target) {
        this.server = server;
        this.target = target;
    }

    public static boolean available() {
        return Files.isExecutable(MARIADBD);
    }

    public static MariadbFixture start() throws Exception {
        ServerHandle server = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "256M"), AllocatorSpec.GLIBC, ""));
        String password = UUID.randomUUID().toString();
        Target root = server.target();
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + root.port() + "/", root.user(),
                root.password()); Statement s = c.createStatement()) {
            s.execute("CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY '" + password + "'");
            s.execute("GRANT ALL ON *.* TO 'bench'@'127.0.0.1'");
            // the same user over the unix socket, where the server sees the client as localhost
            s.execute("CREATE USER 'bench'@'localhost' IDENTIFIED BY '" + password + "'");
            s.execute("GRANT ALL ON *.* TO 'bench'@'localhost'");
        } catch (Exception e) {
            server.close();
            throw e;
        }
        return new MariadbFixture(server, root.toBuilder().user("bench").password(password).database("kvtest").build());
    }

    /** Over TCP: the target has no socket. */
    public Target target() {
        return target.toBuilder().socket(null).build();
    }

    /** Over the server's unix socket, as a target with the property {@code transport=socket} asks. */
    public Target socketTarget() {
        return target.toBuilder().properties(Map.of("transport", "socket")).build();
    }

    public long pid() {
        return server.pid();
    }

    @Override
    public void close() {
        server.close();
    }
}

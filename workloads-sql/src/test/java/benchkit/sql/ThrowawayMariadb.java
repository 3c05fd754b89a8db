package benchkit.sql;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/** The system's mariadbd started by core's launcher, as TCP or socket targets on any database. */
final class ThrowawayMariadb implements AutoCloseable {
    private final ServerHandle server;

    private ThrowawayMariadb(ServerHandle server) {
        this.server = server;
    }

    static ThrowawayMariadb start() throws Exception {
        return new ThrowawayMariadb(new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "256M"), AllocatorSpec.GLIBC, "")));
    }

    /** The same server over its unix socket. */
    Target socketTarget(String database) {
        return server.target().toBuilder().database(database).build();
    }

    /** TCP only: without the socket, so socket transport has nothing to use. */
    Target target(String database) {
        return server.target().toBuilder().socket(null).database(database).build();
    }

    Connection connect() throws SQLException {
        Target t = server.target();
        Properties props = new Properties();
        props.setProperty("user", t.user());
        props.setProperty("password", t.password());
        props.setProperty("connectTimeout", "2000");
        return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://127.0.0.1:" + t.port() + "/", props);
    }

    @Override
    public void close() {
        server.close();
    }
}

package benchkit.collectors.status;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;

/** The system's mariadbd started by core's launcher, plus a root JDBC connection for the tests' own reads. */
final class ThrowawayMariadb implements AutoCloseable {
    private final ServerHandle server;

    private ThrowawayMariadb(ServerHandle server) {
        this.server = server;
    }

    static ThrowawayMariadb start() throws Exception {
        return new ThrowawayMariadb(new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "256M"), AllocatorSpec.GLIBC, "")));
    }

    Target target() {
        return server.target();
    }

    Connection connect() throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", target().user());
        props.setProperty("password", target().password());
        props.setProperty("connectTimeout", "2000");
        return new org.mariadb.jdbc.Driver().connect("jdbc:mariadb://127.0.0.1:" + target().port() + "/", props);
    }

    @Override
    public void close() {
        server.close();
    }
}

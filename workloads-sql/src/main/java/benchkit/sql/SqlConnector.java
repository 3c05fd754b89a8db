package benchkit.sql;

import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens MariaDB Connector/J connections to a {@link Target}: server-side prepared statements, no
 * TLS, over the unix socket when the target asks for it ({@code transport=socket}). The password
 * travels in properties, never in the URL.
 */
final class SqlConnector {
    private final Target target;

    SqlConnector(Target target) {
        this.target = target;
    }

    Connection open(boolean withDatabase) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", target.user());
        if (!target.password().isEmpty()) {
            p.setProperty("password", target.password());
        }
        p.setProperty("sslMode", "disable");
        p.setProperty("allowPublicKeyRetrieval", "true");
        p.setProperty("useServerPrepStmts", "true");
        p.setProperty("cachePrepStmts", "true");
        p.setProperty("connectTimeout", "10000");
        boolean socket = "socket".equalsIgnoreCase(target.property("transport").orElse("tcp"))
                && target.socket().isPresent();
        if (socket) {
            p.setProperty("localSocket", target.socket().get());
        }
        String url = "jdbc:mariadb://" + target.host() + ":" + target.port() + "/"
                + (withDatabase ? target.database() : "");
        Connection c = new org.mariadb.jdbc.Driver().connect(url, p);
        if (c == null) {
            throw new SQLException("MariaDB Connector/J did not accept " + url);
        }
        return c;
    }
}

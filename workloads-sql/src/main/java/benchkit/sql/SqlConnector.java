package benchkit.sql;

import benchkit.mysql.socket.MariaDbSockets;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens MariaDB Connector/J connections to a {@link Target}: server-side prepared statements, no
 * TLS, over TCP or the server's unix socket, through benchkit's channel sockets. The password
 * travels in properties, never in the URL.
 */
final class SqlConnector {
    private final Target target;
    private final boolean socket;

    private SqlConnector(Target target, boolean socket) {
        this.target = target;
        this.socket = socket;
    }

    /**
     * {@code --transport=socket}, or {@code auto} with a target that asks for its socket (property
     * {@code transport=socket}), connects over the unix socket; the first needs a target that has one.
     */
    static SqlConnector of(Target target, String transport) {
        boolean socket = "socket".equals(transport) || "auto".equals(transport)
                && "socket".equalsIgnoreCase(target.property("transport").orElse("tcp")) && target.socket().isPresent();
        if (socket && target.socket().isEmpty()) {
            throw new InvalidOptionException(SqlWorkloadFactory.NAME + ": --transport=socket needs a server with a unix socket; "
                    + target + " has none");
        }
        return new SqlConnector(target, socket);
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
        MariaDbSockets.use(p, socket ? target.socket().get() : null);
        String url = "jdbc:mariadb://" + target.host() + ":" + target.port() + "/"
                + (withDatabase ? target.database() : "");
        Connection c = new org.mariadb.jdbc.Driver().connect(url, p);
        if (c == null) {
            throw new SQLException("MariaDB Connector/J did not accept " + url);
        }
        return c;
    }
}

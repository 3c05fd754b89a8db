package benchkit.memcached.sql;

import benchkit.mysql.socket.MariaDbSockets;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * JDBC connections to a MySQL or MariaDB target through MariaDB Connector/J with server-side
 * prepared statements, through benchkit's channel sockets (TCP, or the unix socket when the target's
 * {@code transport} property says {@code socket}). The password travels in {@link Properties}, never in the URL.
 */
public final class Jdbc {
    private Jdbc() {
    }

    /** A connection to the target; with {@code useDatabase} in its database, else in none. */
    public static Connection connect(Target target, boolean useDatabase) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", target.user());
        p.setProperty("password", target.password());
        p.setProperty("useServerPrepStmts", "true");
        p.setProperty("cachePrepStmts", "true");
        // MySQL 8's caching_sha2_password over plain TCP needs the server's key; these are benchmark servers
        p.setProperty("allowPublicKeyRetrieval", "true");
        boolean socket = target.socket().isPresent() && "socket".equals(target.properties().get("transport"));
        MariaDbSockets.use(p, socket ? target.socket().get() : null);
        String url = "jdbc:mariadb://" + target.host() + ":" + target.port() + "/" + (useDatabase ? target.database() : "");
        try {
            return DriverManager.getConnection(url, p);
        } catch (SQLException e) {
            throw new SQLException("cannot connect to " + target + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
    }
}

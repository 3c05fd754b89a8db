package benchkit.core.server;

import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * JDBC connections (MariaDB Connector/J) to a MySQL-family server. Credentials go in properties,
 * never in the URL, so driver error messages cannot echo the password.
 */
public final class ServerConnections {
    private ServerConnections() {
    }

    /** Over the unix socket. */
    public static Connection overSocket(String socket, String user, String password, int timeoutSeconds)
            throws SQLException {
        return open("jdbc:mariadb://localhost/?localSocket=" + socket, user, password, timeoutSeconds);
    }

    /** Over TCP. */
    public static Connection overTcp(String host, int port, String user, String password, int timeoutSeconds)
            throws SQLException {
        return open("jdbc:mariadb://" + host + ":" + port + "/", user, password, timeoutSeconds);
    }

    /** Over the target's socket when it has one, else TCP. */
    public static Connection open(Target target, int timeoutSeconds) throws SQLException {
        return target.socket().isPresent()
                ? overSocket(target.socket().get(), target.user(), target.password(), timeoutSeconds)
                : overTcp(target.host(), target.port(), target.user(), target.password(), timeoutSeconds);
    }

    private static Connection open(String url, String user, String password, int timeoutSeconds) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        if (password != null && !password.isEmpty()) {
            props.setProperty("password", password);
        }
        props.setProperty("connectTimeout", Integer.toString(Math.max(1, timeoutSeconds) * 1000));
        props.setProperty("socketTimeout", "600000");
        props.setProperty("sslMode", "disable");
        return DriverManager.getConnection(url, props);
    }

    /** The driver's message without anything that could carry a secret, on one line. */
    static String describe(SQLException e, String password) {
        String message = String.valueOf(e.getMessage()).replace('\n', ' ').replace('\r', ' ');
        if (password != null && !password.isEmpty()) {
            message = message.replace(password, "***");
        }
        return message;
    }
}

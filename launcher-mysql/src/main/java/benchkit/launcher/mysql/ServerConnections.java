package benchkit.launcher.mysql;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * The launcher's admin connections, through the one {@link SqlConnector}: a connect timeout the caller
 * picks, in no database, and a read timeout so that a wedged server cannot hold a start, a check or a
 * shutdown forever.
 */
public final class ServerConnections {
    private static final Duration ADMIN_READ_TIMEOUT = Duration.ofMinutes(10);

    private ServerConnections() {
    }

    /** Over the unix socket. */
    public static Connection overSocket(String socket, String user, String password, int timeoutSeconds)
            throws SQLException {
        return open(SqlEndpoint.unixSocket(socket, user, password), timeoutSeconds);
    }

    /** Over TCP. */
    public static Connection overTcp(String host, int port, String user, String password, int timeoutSeconds)
            throws SQLException {
        return open(SqlEndpoint.tcp(host, port, user, password), timeoutSeconds);
    }

    /** Over the target's socket when it has one, else TCP. */
    public static Connection open(Target target, int timeoutSeconds) throws SQLException {
        return open(SqlEndpoint.preferSocket(target).inDatabase(""), timeoutSeconds);
    }

    /**
     * The server's {@code @@version}, logged in to the target's database over bench's wire client (no JDBC driver to
     * load); empty when that did not work, and {@link #open} then says why.
     */
    static Optional<String> versionOverWire(Target target, int timeoutSeconds) {
        return connector(SqlEndpoint.preferSocket(target), timeoutSeconds).rowsOverWire("SELECT @@version")
                .filter(rows -> rows.size() == 1).map(rows -> rows.get(0)[0]);
    }

    private static Connection open(SqlEndpoint endpoint, int timeoutSeconds) throws SQLException {
        return connector(endpoint, timeoutSeconds).open();
    }

    private static SqlConnector connector(SqlEndpoint endpoint, int timeoutSeconds) {
        return SqlConnector.to(endpoint).withConnectTimeout(Duration.ofSeconds(Math.max(1, timeoutSeconds)))
                .withReadTimeout(ADMIN_READ_TIMEOUT);
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

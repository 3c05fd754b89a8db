package benchkit.collectors.status;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One JDBC connection to the server that reads {@code SHOW GLOBAL STATUS} (MariaDB Connector/J,
 * which speaks to MySQL and MariaDB alike), opened by the one {@link SqlConnector}.
 */
public final class GlobalStatusReader implements AutoCloseable {
    private final Connection connection;

    private GlobalStatusReader(Connection connection) {
        this.connection = connection;
    }

    /**
     * Connects to {@code target} the way the load reaches it ({@link #endpoint}), in no database: status needs none.
     */
    public static GlobalStatusReader connect(Target target) throws SQLException {
        return new GlobalStatusReader(SqlConnector.to(endpoint(target)).withConnectTimeout(Duration.ofSeconds(5))
                .withReadTimeout(Duration.ofSeconds(30)).open());
    }

    /**
     * Where the counters are read: the target's socket when that is its way in (a user who gave only
     * {@code --mysql-socket}), else its host and port; never a default host and port the user did not name.
     */
    public static SqlEndpoint endpoint(Target target) {
        return SqlEndpoint.of(target).inDatabase("");
    }

    public StatusSnapshot read() throws SQLException {
        Map<String, String> values = new LinkedHashMap<>();
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) {
                values.put(rs.getString(1), rs.getString(2));
            }
        }
        return new StatusSnapshot(values, System.nanoTime());
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}

package benchkit.collectors.status;

import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * One JDBC connection to the server that reads {@code SHOW GLOBAL STATUS}. Uses the MariaDB
 * driver, which speaks to MySQL and MariaDB alike. The password goes in connection properties,
 * never in the URL, so it cannot show up in driver messages.
 */
public final class GlobalStatusReader implements AutoCloseable {
    private final Connection connection;

    private GlobalStatusReader(Connection connection) {
        this.connection = connection;
    }

    /** Connects to {@code target} over TCP (no default database: status needs none). */
    public static GlobalStatusReader connect(Target target) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", target.user());
        props.setProperty("password", target.password());
        props.setProperty("connectTimeout", "5000");
        props.setProperty("socketTimeout", "30000");
        // MySQL 8 caching_sha2_password over plain TCP needs the server's RSA key.
        props.setProperty("allowPublicKeyRetrieval", "true");
        String url = "jdbc:mariadb://" + target.host() + ":" + target.port() + "/";
        Connection c = new org.mariadb.jdbc.Driver().connect(url, props);
        if (c == null) {
            throw new SQLException("the MariaDB driver did not accept " + url);
        }
        return new GlobalStatusReader(c);
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

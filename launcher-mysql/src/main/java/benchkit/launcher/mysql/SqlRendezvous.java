package benchkit.launcher.mysql;

import benchkit.launch.Rendezvous;
import benchkit.spi.Target;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Rendezvous} in the target SQL server: the table {@value #TABLE} of the target's database, created when
 * missing (a few rows per run; {@code DROP TABLE benchkit_rendezvous} removes them all). One connection, opened
 * before the load starts and idle while it runs.
 */
public final class SqlRendezvous implements Rendezvous {
    public static final String TABLE = "benchkit_rendezvous";
    private final Connection connection;

    private SqlRendezvous(Connection connection) {
        this.connection = connection;
    }

    public static SqlRendezvous open(Target target) throws IOException {
        try {
            Connection c = ServerConnections.open(target, 10);
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS " + qualified(target) + " (k VARCHAR(250) PRIMARY KEY, "
                        + "v VARCHAR(64) NOT NULL) ENGINE=InnoDB");
            }
            c.setCatalog(target.database());
            return new SqlRendezvous(c);
        } catch (SQLException e) {
            throw new IOException("cannot keep the workers' rendezvous in " + target.host() + " database " + target.database()
                    + ": " + e.getMessage(), e);
        }
    }

    private static String qualified(Target target) {
        return "`" + target.database().replace("`", "``") + "`." + TABLE;
    }

    @Override
    public void put(String key, String value) throws IOException {
        update("REPLACE INTO " + TABLE + " (k, v) VALUES (?, ?)", key, value);
    }

    @Override
    public String putIfAbsent(String key, String value) throws IOException {
        update("INSERT IGNORE INTO " + TABLE + " (k, v) VALUES (?, ?)", key, value);
        return getAll(List.of(key)).get(key);
    }

    @Override
    public Map<String, String> getAll(Collection<String> keys) throws IOException {
        String marks = String.join(",", keys.stream().map(k -> "?").toList());
        try (PreparedStatement s = connection.prepareStatement("SELECT k, v FROM " + TABLE + " WHERE k IN (" + marks + ")")) {
            int i = 1;
            for (String k : keys) {
                s.setString(i++, k);
            }
            Map<String, String> found = new LinkedHashMap<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    found.put(r.getString(1), r.getString(2));
                }
            }
            return found;
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void update(String sql, String key, String value) throws IOException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}

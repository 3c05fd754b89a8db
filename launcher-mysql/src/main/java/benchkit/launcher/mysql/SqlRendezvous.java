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
 * missing (a few rows per run, removed when its last worker is done, or by the coordinator of a {@code --clients}
 * run once all its workers have ended, and the table with them when no other run's rows are left; a run whose
 * coordinator and workers were all killed leaves its rows: {@code DROP TABLE benchkit_rendezvous} removes them). One connection, opened before the load starts and idle while it runs.
 */
public final class SqlRendezvous implements Rendezvous {
    public static final String TABLE = "benchkit_rendezvous";
    /** MariaDB's and MySQL's ER_NO_SUCH_TABLE. */
    private static final int NO_SUCH_TABLE = 1146;
    private final Connection connection;
    private final Target target;

    private SqlRendezvous(Connection connection, Target target) {
        this.connection = connection;
        this.target = target;
    }

    public static SqlRendezvous open(Target target) throws IOException {
        try {
            Connection c = ServerConnections.open(target, 10);
            create(c, target);
            c.setCatalog(target.database());
            return new SqlRendezvous(c, target);
        } catch (SQLException e) {
            throw new IOException("cannot keep the workers' rendezvous in " + target.host() + " database " + target.database()
                    + ": " + e.getMessage(), e);
        }
    }

    private static void create(Connection c, Target target) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + qualified(target) + " (k VARCHAR(250) PRIMARY KEY, "
                    + "v VARCHAR(64) NOT NULL) ENGINE=InnoDB");
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
            if (e.getErrorCode() == NO_SUCH_TABLE) {
                return Map.of();    // dropped, empty, by another run's last worker: no key has a value
            }
            throw new IOException(e.getMessage(), e);
        }
    }

    private void update(String sql, String key, String value) throws IOException {
        try {
            try {
                execute(sql, key, value);
            } catch (SQLException e) {
                if (e.getErrorCode() != NO_SUCH_TABLE) {
                    throw e;
                }
                // the last worker of another run dropped the table it found empty: made again
                create(connection, target);
                execute(sql, key, value);
            }
        } catch (SQLException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void execute(String sql, String key, String value) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            s.setString(1, key);
            s.setString(2, value);
            s.executeUpdate();
        }
    }

    /**
     * Deletes {@code keys}, then drops the table when no row is left: under a write lock, so another run's worker
     * cannot add a row between the look and the drop (it waits, finds the table gone and makes it again).
     */
    @Override
    public void removeAll(Collection<String> keys) throws IOException {
        if (keys.isEmpty()) {
            removeThenDropIfEmpty(null, List.of());
            return;
        }
        removeThenDropIfEmpty("DELETE FROM " + TABLE + " WHERE k IN (" + String.join(",", keys.stream().map(k -> "?").toList())
                + ")", List.copyOf(keys));
    }

    @Override
    public void removeStartingWith(String prefix) throws IOException {
        // LEFT() rather than LIKE: a run id's '_' would be a wildcard there
        removeThenDropIfEmpty("DELETE FROM " + TABLE + " WHERE LEFT(k, ?) = ?", List.of(prefix.length(), prefix));
    }

    private void removeThenDropIfEmpty(String delete, List<Object> values) throws IOException {
        try (Statement s = connection.createStatement()) {
            if (delete != null) {
                try (PreparedStatement d = connection.prepareStatement(delete)) {
                    int i = 1;
                    for (Object v : values) {
                        d.setObject(i++, v);
                    }
                    d.executeUpdate();
                }
            }
            s.execute("LOCK TABLES " + TABLE + " WRITE");
            try {
                boolean empty;
                try (ResultSet r = s.executeQuery("SELECT 1 FROM " + TABLE + " LIMIT 1")) {
                    empty = !r.next();
                }
                if (empty) {
                    s.execute("DROP TABLE " + TABLE);
                }
            } finally {
                s.execute("UNLOCK TABLES");
            }
        } catch (SQLException e) {
            if (e.getErrorCode() == NO_SUCH_TABLE) {
                return;     // dropped already, by another run's last worker
            }
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

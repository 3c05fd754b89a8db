package benchkit.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the workloads ask the server's catalog before they prepare or clean up (does the database,
 * the table, the index exist), and the one way they create their database, with its name quoted.
 */
public final class Catalog {
    private Catalog() {
    }

    public static boolean databaseExists(Connection c, String database) throws SQLException {
        return any(c, "SELECT 1 FROM information_schema.schemata WHERE schema_name = ?", database);
    }

    /** Whether {@code table} exists in {@code database}, or in the connection's current database when that is null. */
    public static boolean tableExists(Connection c, String database, String table) throws SQLException {
        return database == null
                ? any(c, "SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?", table)
                : any(c, "SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?", database, table);
    }

    public static boolean indexExists(Connection c, String database, String table, String index) throws SQLException {
        return any(c, "SELECT 1 FROM information_schema.statistics WHERE table_schema = ? AND table_name = ? AND index_name = ?",
                database, table, index);
    }

    /** {@code CREATE DATABASE IF NOT EXISTS}, the name quoted. */
    public static void createDatabase(Connection c, String database) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS " + quoted(database));
        }
    }

    /** {@code name} as a quoted identifier: in backticks, a backtick in it doubled. */
    public static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static boolean any(Connection c, String sql, String... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setString(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }
}

package benchkit.memcached.sql;

import benchkit.mysql.Catalog;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The key-value table, shaped like the InnoDB memcached plugin's containers ({@code demo_test}:
 * key, value, flags, cas, expiry) so the plugin can serve the very same table. Keys are binary
 * latin1 as memcached keys are bytes.
 */
public final class SqlKvSchema {
    /** The value column is a MEDIUMBLOB; memcached's own default item limit (1 MB) is far below it. */
    public static final int MAX_VALUE = 16 * 1024 * 1024 - 1;

    private SqlKvSchema() {
    }

    public static boolean isIdentifier(String s) {
        return s != null && s.matches("[A-Za-z0-9_$]{1,64}");
    }

    public static String createTable(String table) {
        return createTableNamed("`" + table + "`");
    }

    /** The DDL for {@code database.table}. */
    public static String createTable(String database, String table) {
        return createTableNamed("`" + database + "`.`" + table + "`");
    }

    private static String createTableNamed(String quotedName) {
        return "CREATE TABLE IF NOT EXISTS " + quotedName + " ("
                + "k VARCHAR(250) CHARACTER SET latin1 COLLATE latin1_bin NOT NULL, "
                + "v MEDIUMBLOB NOT NULL, "
                + "flags INT NOT NULL DEFAULT 0, "
                + "cas BIGINT UNSIGNED NOT NULL DEFAULT 0, "
                + "expiry INT NOT NULL DEFAULT 0, "
                + "PRIMARY KEY (k)) ENGINE=InnoDB";
    }

    public static String upsert(String table, int rows) {
        StringBuilder sb = new StringBuilder("INSERT INTO `").append(table).append("` (k, v, flags, cas, expiry) VALUES ");
        for (int i = 0; i < rows; i++) {
            sb.append(i == 0 ? "" : ", ").append("(?, ?, 0, 0, 0)");
        }
        // VALUES() works on MariaDB and MySQL (deprecated but accepted since MySQL 8.0.20)
        return sb.append(" ON DUPLICATE KEY UPDATE v = VALUES(v)").toString();
    }

    public static String select(String table) {
        return "SELECT v FROM `" + table + "` WHERE k = ?";
    }

    /** Creates the target's database when missing, then the table. */
    public static void create(Target target, String table) throws SQLException {
        if (!isIdentifier(target.database())) {
            throw new SQLException("the target's database name '" + target.database() + "' is not a plain identifier");
        }
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).openWithoutDatabase(); Statement s = c.createStatement()) {
            Catalog.createDatabase(c, target.database());
            s.execute("USE " + Catalog.quoted(target.database()));
            s.execute(createTable(table));
        }
    }
}

package benchkit.memcached.sql;

import benchkit.mysql.Catalog;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.memcached.kv.KeySpace;
import benchkit.memcached.kv.KvLoad;
import benchkit.memcached.kv.ValuePool;
import benchkit.memcached.kv.ValueSizes;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;

/** Loads k0..k(N-1) with multi-row upserts over a few connections, and empties the table. */
final class SqlKvLoader {
    private static final int ROWS_PER_INSERT = 100;

    private final Target target;
    private final String table;
    private final long initialLoad;
    private final KeySpace keys;
    private final ValueSizes sizes;
    private final ValuePool values;

    SqlKvLoader(Target target, String table, long initialLoad, KeySpace keys, ValueSizes sizes, ValuePool values) {
        this.target = target;
        this.table = table;
        this.initialLoad = initialLoad;
        this.keys = keys;
        this.sizes = sizes;
        this.values = values;
    }

    /** Whether the table exists and holds the first and the last key of the initial load. */
    boolean loaded() throws SQLException {
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).openWithoutDatabase()) {
            if (!Catalog.databaseExists(c, target.database())) {
                return false;
            }
            c.setCatalog(target.database());
            if (!Catalog.tableExists(c, null, table)) {
                return false;
            }
            if (initialLoad == 0) {
                return true;
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM `" + table + "` WHERE k IN (?, ?)")) {
                ps.setString(1, keys.key(0));
                ps.setString(2, keys.key(initialLoad - 1));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1) == (initialLoad == 1 ? 1 : 2);
                }
            }
        }
    }

    void truncate() throws SQLException {
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE `" + table + "`");
        }
    }

    void drop() throws SQLException {
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).open(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS `" + table + "`");
        }
    }

    void load(int threads) throws Exception {
        if (initialLoad == 0) {
            return;
        }
        int t = (int) Math.max(1, Math.min(threads, Math.min(4, initialLoad / ROWS_PER_INSERT + 1)));
        KvLoad.inParts(initialLoad, t, "sql-kv-load", this::loadRange);
    }

    private void loadRange(long from, long to, long seed) throws SQLException {
        SplittableRandom random = new SplittableRandom(seed);
        try (Connection c = SqlConnector.to(SqlEndpoint.of(target)).open();
             PreparedStatement many = c.prepareStatement(SqlKvSchema.upsert(table, ROWS_PER_INSERT));
             PreparedStatement one = c.prepareStatement(SqlKvSchema.upsert(table, 1))) {
            long k = from;
            for (; k + ROWS_PER_INSERT <= to; k += ROWS_PER_INSERT) {
                for (int i = 0; i < ROWS_PER_INSERT; i++) {
                    many.setString(2 * i + 1, keys.key(k + i));
                    many.setBytes(2 * i + 2, values.value(sizes.next(random)));
                }
                many.executeUpdate();
            }
            for (; k < to; k++) {
                one.setString(1, keys.key(k));
                one.setBytes(2, values.value(sizes.next(random)));
                one.executeUpdate();
            }
        }
    }
}

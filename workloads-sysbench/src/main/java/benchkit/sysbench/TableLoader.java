package benchkit.sysbench;

import benchkit.spi.PrepareContext;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Creates, checks and drops the sbtest tables as oltp_common.lua does: one CREATE TABLE, rows in
 * multi-row INSERTs, then the secondary index on k; tables spread over threads like sysbench's
 * parallel prepare (thread t loads tables t+1, t+1+threads, ...).
 */
final class TableLoader {
    /** Rows per multi-row INSERT. */
    static final int ROWS_PER_INSERT = 1000;

    private final String workload;
    private final OltpOptions options;
    private final int rowsToLoad;

    /**
     * @param rowsToLoad rows each table gets (table-size, or 0 for oltp-insert without auto-inc)
     */
    TableLoader(String workload, OltpOptions options, int rowsToLoad) {
        this.workload = workload;
        this.options = options;
        this.rowsToLoad = rowsToLoad;
    }

    /** Whether every table exists, holds ids up to the rows to load, and has its secondary index. */
    boolean isPrepared(Connector connector) throws SQLException {
        try (Connection c = connector.open(false)) {
            String db = connector.databaseName();
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = ?")) {
                s.setString(1, db);
                if (!positive(s)) {
                    return false;
                }
            }
            try (PreparedStatement tableExists = c.prepareStatement(
                    "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = ? AND table_name = ?");
                 PreparedStatement indexExists = c.prepareStatement(
                    "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = ? AND table_name = ? AND index_name = ?");
                 Statement q = c.createStatement()) {
                for (int t = 1; t <= options.tables(); t++) {
                    tableExists.setString(1, db);
                    tableExists.setString(2, Schema.tableName(t));
                    if (!positive(tableExists)) {
                        return false;
                    }
                    if (options.createSecondary()) {
                        indexExists.setString(1, db);
                        indexExists.setString(2, Schema.tableName(t));
                        indexExists.setString(3, Schema.secondaryIndexName(t));
                        if (!positive(indexExists)) {
                            return false;
                        }
                    }
                    if (rowsToLoad > 0) {
                        // ids are loaded in order, so MAX(id) (an index lookup) shows a complete load.
                        try (ResultSet rs = q.executeQuery("SELECT COALESCE(MAX(id), 0) FROM `" + db + "`." + Schema.tableName(t))) {
                            rs.next();
                            if (rs.getLong(1) < rowsToLoad) {
                                return false;
                            }
                        }
                    }
                }
            }
            return true;
        }
    }

    private static boolean positive(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    void prepare(Connector connector, PrepareContext context, long seed) throws Exception {
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE IF NOT EXISTS `" + connector.databaseName() + "`");
        }
        int threads = Math.max(1, Math.min(context.threads(), options.tables()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, workload + "-prepare");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int first = i + 1;
                int step = threads;
                done.add(pool.submit(() -> {
                    try (Connection c = connector.open()) {
                        for (int t = first; t <= options.tables(); t += step) {
                            createTable(c, t, context);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof SQLException) {
                        throw new IllegalStateException(SqlErrors.describe(workload + " prepare", (SQLException) cause), cause);
                    }
                    throw cause instanceof Exception ? (Exception) cause : e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void createTable(Connection c, int table, PrepareContext context) throws SQLException {
        SbRandom random = new SbRandom(options.rand(), 1_000_000L + table);
        RowValues values = new RowValues(random);
        String unit = Schema.tableName(table);
        try (Statement s = c.createStatement()) {
            s.execute(Schema.dropTable(table));
            s.execute(Schema.createTable(table, options));
            String prefix = Schema.insertPrefix(table, options.autoInc());
            StringBuilder sql = new StringBuilder(prefix.length() + ROWS_PER_INSERT * 200);
            int tableSize = options.tableSize();
            context.progress(unit, 0, rowsToLoad);
            for (int first = 1; first <= rowsToLoad; first += ROWS_PER_INSERT) {
                int last = (int) Math.min((long) first + ROWS_PER_INSERT - 1, rowsToLoad);
                sql.setLength(0);
                sql.append(prefix);
                for (int id = first; id <= last; id++) {
                    if (id > first) {
                        sql.append(',');
                    }
                    sql.append('(');
                    if (!options.autoInc()) {
                        sql.append(id).append(", ");
                    }
                    sql.append(values.nextK(tableSize)).append(", '");
                    appendAscii(sql, values.nextC());
                    sql.append("', '");
                    appendAscii(sql, values.nextPad());
                    sql.append("')");
                }
                s.execute(sql.toString());
                context.progress(unit, last, rowsToLoad);
            }
            if (options.createSecondary()) {
                s.execute(Schema.createSecondaryIndex(table));
            }
        }
    }

    private static void appendAscii(StringBuilder sb, byte[] bytes) {
        for (byte b : bytes) {
            sb.append((char) b);
        }
    }

    void cleanup(Connector connector) throws SQLException {
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.schemata WHERE schema_name = '"
                    + connector.databaseName().replace("'", "''") + "'")) {
                if (!rs.next() || rs.getLong(1) == 0) {
                    return;
                }
            }
            s.execute("USE `" + connector.databaseName() + "`");
            for (int t = 1; t <= options.tables(); t++) {
                s.execute(Schema.dropTable(t));
            }
        }
    }
}

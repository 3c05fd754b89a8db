package benchkit.sysbench;

import benchkit.mysql.Catalog;
import benchkit.mysql.JdbcDriver;
import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.ScriptSessions;
import benchkit.spi.PrepareContext;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
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
 * Creates, checks and drops the sbtest tables as oltp_common.lua does: one CREATE TABLE, the rows,
 * then the secondary index on k; tables spread over threads like sysbench's parallel prepare
 * (thread t loads tables t+1, t+1+threads, ..., one connection each). The rows are sysbench's in
 * schema, count and value format; they travel as {@code LOAD DATA LOCAL INFILE} streamed from
 * memory where the server allows it (no SQL to parse per row), else as multi-row INSERTs in large
 * transactions. Measured against sysbench's own prepare in {@code benchmarks/prepare-vs-sysbench.sh}.
 */
final class TableLoader {
    private final String workload;
    private final OltpOptions options;
    private final int rowsToLoad;
    /** Set when the server refused LOAD DATA LOCAL although @@local_infile said it allows it. */
    private volatile boolean localInfileRefused;

    /**
     * @param rowsToLoad rows each table gets (table-size, or 0 for oltp-insert without auto-inc)
     */
    TableLoader(String workload, OltpOptions options, int rowsToLoad) {
        this.workload = workload;
        this.options = options;
        this.rowsToLoad = rowsToLoad;
    }

    /** Whether every table exists, holds ids up to the rows to load, and has its secondary index. */
    boolean isPrepared(ScriptSessions connector) throws SQLException {
        try (Connection c = connector.open(false); Statement q = c.createStatement()) {
            String db = connector.databaseName();
            if (!Catalog.databaseExists(c, db)) {
                return false;
            }
            for (int t = 1; t <= options.tables(); t++) {
                String table = options.tableName(t);
                if (!Catalog.tableExists(c, db, table)
                        || options.createSecondary() && !Catalog.indexExists(c, db, table, Schema.secondaryIndexName(t))) {
                    return false;
                }
                if (rowsToLoad > 0) {
                    // ids are loaded in order, so MAX(id) (an index lookup) shows a complete load.
                    try (ResultSet rs = q.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + Catalog.quoted(db) + "." + table)) {
                        rs.next();
                        if (rs.getLong(1) < rowsToLoad) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
    }

    void prepare(ScriptSessions connector, PrepareContext context, long seed) throws Exception {
        boolean localInfile;
        int maxPacket;
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            Catalog.createDatabase(c, connector.databaseName());
            try (ResultSet rs = s.executeQuery("SELECT @@local_infile, @@max_allowed_packet")) {
                rs.next();
                localInfile = rs.getBoolean(1);
                maxPacket = (int) Math.min(Integer.MAX_VALUE, rs.getLong(2));
            }
        }
        Method method = localInfile ? Method.LOAD_DATA : Method.INSERT;
        // a multi-row INSERT stays well below the server's max_allowed_packet
        int insertBytes = Math.max(64 * 1024, Math.min(INSERT_BYTES, maxPacket / 2));
        inParallel(context, (first, step) -> {
            // one connection per loading thread, as sysbench's parallel prepare
            try (Connection c = method == Method.LOAD_DATA ? connector.openForLocalInfile() : connector.open();
                 Statement s = c.createStatement()) {
                if (method == Method.LOAD_DATA) {
                    // the driver answers any file request on this statement with this empty stream
                    LocalInfile.setStream(s, connector.driver(), InputStream.nullInputStream());
                }
                for (int t = first; t <= options.tables(); t += step) {
                    createTable(c, s, connector.driver(), t, context, method, insertBytes);
                }
            }
        }, "prepare");
    }

    /**
     * sysbench's prewarm (oltp_common.lua's cmd_prewarm): per table, ANALYZE TABLE, a full read of the primary key
     * and one of the rows through the secondary index, with in-memory temporary tables; the tables shared over
     * the threads as prepare shares them.
     */
    void prewarm(ScriptSessions connector, PrepareContext context) throws Exception {
        inParallel(context, (first, step) -> {
            try (Connection c = connector.open(); Statement s = c.createStatement()) {
                s.execute("SET tmp_table_size=2*1024*1024*1024");
                s.execute("SET max_heap_table_size=2*1024*1024*1024");
                for (int t = first; t <= options.tables(); t += step) {
                    String table = options.tableName(t);
                    context.print("Prewarming table " + table);
                    s.execute("ANALYZE TABLE " + table);      // a table that is not there is a row of its answer
                    // each read fails as sysbench's does, with its Lua line (oltp_common.lua:111 and :116)
                    String primary = "SELECT AVG(id) FROM (SELECT * FROM " + table + " FORCE KEY (PRIMARY) LIMIT "
                            + options.tableSize() + ") t";
                    String secondary = "SELECT COUNT(*) FROM (SELECT * FROM " + table + " WHERE k LIKE '%0%' LIMIT "
                            + options.tableSize() + ") t";
                    ScriptError.query(s, primary, 111, context);
                    ScriptError.query(s, secondary, 116, context);
                }
            }
        }, "prewarm");
    }

    /** What one thread of a parallel command does with tables {@code first}, {@code first + step}, ... */
    private interface TableShare {
        void run(int first, int step) throws Exception;
    }

    /** Runs {@code share} on up to {@code context.threads()} threads, one share of the tables each, as sysbench does. */
    private void inParallel(PrepareContext context, TableShare share, String command) throws Exception {
        if (context.threads() > 1) {
            // what sysbench says as it starts the threads of a parallel command (oltp_common.lua's prepare, prewarm)
            context.log("Initializing worker threads...");
            context.log("");
        }
        int threads = Math.max(1, Math.min(context.threads(), options.tables()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread th = new Thread(r, workload + "-" + command);
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                int first = i + 1;
                done.add(pool.submit(() -> {
                    share.run(first, threads);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof ScriptError && context.threads() > 1) {
                        // sysbench's parallel prepare prints each thread's error, and its exit code is still 0
                        context.log("FATAL: " + cause.getMessage());
                        continue;
                    }
                    if (cause instanceof SQLException) {
                        throw new IllegalStateException(workload + " " + command + ": " + SqlErrors.describe((SQLException) cause),
                                cause);
                    }
                    throw cause instanceof Exception ? (Exception) cause : e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * An error of sysbench's prepare (--existing-tables fail) or prewarm, worded as sysbench words it: its SQL driver's
     * line goes to the log at once, and the message is the error its script raises at {@code line} of oltp_common.lua.
     */
    static final class ScriptError extends IllegalStateException {
        private ScriptError(String message) {
            super(message);
        }

        static ScriptError of(SQLException e, String query, int line, PrepareContext context) {
            String message = String.valueOf(e.getMessage()).replaceFirst("^\\(conn=\\d+\\) ", "");
            context.log("FATAL: mysql_drv_query() returned error " + e.getErrorCode() + " (" + message + ") for query '"
                    + query + "'");
            return new ScriptError("`sysbench.cmdline.call_command' function failed: /usr/share/sysbench/oltp_common.lua:"
                    + line + ": SQL error, errno = " + e.getErrorCode() + ", state = '" + e.getSQLState() + "': " + message);
        }

        /** Runs {@code query} as sysbench's con:query at {@code line} of oltp_common.lua: its failure is sysbench's. */
        static void query(Statement s, String query, int line, PrepareContext context) {
            try {
                s.execute(query);
            } catch (SQLException e) {
                throw of(e, query, line, context);
            }
        }
    }

    /** How rows reach the server. */
    enum Method {
        /** {@code LOAD DATA LOCAL INFILE} streamed from memory: when the server allows it (local_infile). */
        LOAD_DATA,
        /** Multi-row INSERTs of about {@link #INSERT_BYTES} each, in transactions of {@link #ROWS_PER_COMMIT} rows. */
        INSERT
    }

    /** Rows per LOAD DATA statement (one transaction each): a whole table of up to this many rows. */
    static final int ROWS_PER_LOAD = 1_000_000;
    /** Bytes per multi-row INSERT (sysbench sends up to 512 KiB), unless max_allowed_packet is smaller. */
    static final int INSERT_BYTES = 1024 * 1024;
    /** Rows per transaction of multi-row INSERTs. */
    static final int ROWS_PER_COMMIT = 50_000;

    private void createTable(Connection c, Statement s, JdbcDriver driver, int table, PrepareContext context,
                             Method method, int insertBytes) throws Exception {
        SbRandom random = new SbRandom(options.rand(), 1_000_000L + table);
        RowWriter rows = new RowWriter(new RowValues(random), options.tableSize(), !options.autoInc());
        String unit = options.tableName(table);
        if (options.replaceExisting()) {
            s.execute(Schema.dropTable(unit));
        }
        context.print("Creating table '" + unit + "'...");
        String create = Schema.createTable(unit, options);
        try {
            s.execute(create);
        } catch (SQLException e) {
            if (options.replaceExisting()) {
                throw e;
            }
            throw ScriptError.of(e, create, 197, context);
        }
        context.progress(unit, 0, rowsToLoad);
        context.committed(unit, 0);     // a table stopped short is then said to keep what its commits kept
        if (rowsToLoad > 0) {
            context.print("Inserting " + rowsToLoad + " records into '" + unit + "'");
            if (method == Method.LOAD_DATA && !localInfileRefused) {
                try {
                    loadData(s, driver, table, rows, unit, context);
                } catch (SQLException e) {
                    if (!LocalInfile.isRefusal(e)) {
                        throw e;
                    }
                    // e.g. a proxy or a client-side refusal: load this and the other tables by INSERT
                    localInfileRefused = true;
                    s.execute(Schema.dropTable(unit));
                    s.execute(Schema.createTable(unit, options));
                    insert(c, s, table, rows, unit, context, insertBytes);
                }
            } else {
                insert(c, s, table, rows, unit, context, insertBytes);
            }
        }
        if (options.autoInc()) {
            // LOAD DATA reserves auto-increment values in blocks (AUTO_INCREMENT=16384 after 10,000 rows); sysbench's
            // INSERTs leave it at the next id, where its later oltp_insert events go on: so does bench
            s.execute("ALTER TABLE " + unit + " AUTO_INCREMENT = " + (rowsToLoad + 1));
        }
        if (options.createSecondary()) {
            context.print("Creating a secondary index on '" + unit + "'...");
            // after the load, as sysbench does: one sorted index build instead of random inserts
            s.execute(Schema.createSecondaryIndex(table, unit));
        }
        context.progress(unit, rowsToLoad, rowsToLoad);
    }

    private void loadData(Statement s, JdbcDriver driver, int table, RowWriter rows, String unit,
                          PrepareContext context) throws SQLException {
        for (long first = 1; first <= rowsToLoad; first += ROWS_PER_LOAD) {
            long last = Math.min(first + ROWS_PER_LOAD - 1, rowsToLoad);
            long before = first - 1;
            // the statement is the transaction: once its last row is read its commit is under way; the table is
            // done (rowsToLoad) only after what follows its rows
            RowStream in = new RowStream(rows, first, last,
                    sent -> context.progress(unit, Math.min(before + sent, rowsToLoad - 1), rowsToLoad),
                    () -> context.committing(unit, last));
            LocalInfile.setStream(s, driver, in);
            try {
                // CHARACTER SET binary: the digits go into the columns as they are, unconverted
                s.execute("LOAD DATA LOCAL INFILE '" + unit + ".tsv' INTO TABLE " + unit + " CHARACTER SET binary "
                        + (options.autoInc() ? "(k, c, pad)" : "(id, k, c, pad)"));
            } finally {
                LocalInfile.setStream(s, driver, InputStream.nullInputStream());
            }
            long loaded = s.getUpdateCount();
            if (loaded != last - first + 1 || in.rows() != loaded) {
                throw new IllegalStateException(workload + " prepare: LOAD DATA into " + unit + " loaded " + loaded
                        + " of " + (last - first + 1) + " rows");
            }
            context.committed(unit, last);
            context.progress(unit, Math.min(last, rowsToLoad - 1), rowsToLoad);
        }
    }

    private void insert(Connection c, Statement s, int table, RowWriter rows, String unit, PrepareContext context,
                        int insertBytes) throws Exception {
        byte[] prefix = Schema.insertPrefix(options.tableName(table), options.autoInc()).getBytes(StandardCharsets.US_ASCII);
        byte[] buf = new byte[insertBytes + RowWriter.MAX_ROW_BYTES + 2];
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            long id = 1;
            long sinceCommit = 0;
            while (id <= rowsToLoad) {
                System.arraycopy(prefix, 0, buf, 0, prefix.length);
                int pos = prefix.length;
                long first = id;
                while (id <= rowsToLoad && (id == first || pos < insertBytes)) {
                    if (id > first) {
                        buf[pos++] = ',';
                    }
                    pos = rows.tuple(id++, buf, pos);
                }
                s.execute(new String(buf, 0, pos, StandardCharsets.ISO_8859_1));
                sinceCommit += id - first;
                context.progress(unit, Math.min(id - 1, rowsToLoad - 1), rowsToLoad);
                if (sinceCommit >= ROWS_PER_COMMIT || id > rowsToLoad) {
                    context.committing(unit, id - 1);
                    c.commit();
                    context.committed(unit, id - 1);
                    sinceCommit = 0;
                }
            }
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    void cleanup(ScriptSessions connector, PrepareContext context) throws SQLException {
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            if (!Catalog.databaseExists(c, connector.databaseName())) {
                return;
            }
            s.execute("USE " + Catalog.quoted(connector.databaseName()));
            for (int t = 1; t <= options.tables(); t++) {
                context.print("Dropping table '" + options.tableName(t) + "'...");
                s.execute(Schema.dropTable(options.tableName(t)));
            }
        }
    }
}

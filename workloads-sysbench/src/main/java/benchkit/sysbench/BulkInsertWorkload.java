package benchkit.sysbench;

import benchkit.mysql.Catalog;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.ScriptSessions;
import benchkit.mysql.script.SqlClient;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * sysbench 1.0.20's bulk_insert.lua: each client thread fills its own table {@code sbtest<thread+1>} (id, k) with
 * multi-row INSERTs ({@link BulkInsertEvents}); prepare creates one such table per --threads, cleanup drops them.
 * A thread goes on after the highest id its table holds, where sysbench would stop at the first duplicate: so
 * bench's later trials (more threads, the next thread count) insert on into the same tables.
 */
public final class BulkInsertWorkload implements Workload {
    static final String NAME = "bulk-insert";
    private static final Set<String> OPTIONS = Set.of("mysql-ignore-errors", SqlClient.DRIVER, SqlClient.TRANSPORT);
    private final IgnoredErrors ignored;
    private final SqlClient client;

    BulkInsertWorkload(OptionValues v) {
        this.ignored = IgnoredErrors.parse(NAME, "mysql-ignore-errors", v.string("mysql-ignore-errors"));
        this.client = SqlClient.from(NAME, v);
    }

    /** The plugin entry. */
    public static final class Factory implements WorkloadFactory {
        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "sysbench bulk_insert: each thread appends rows (n,n) to its own table sbtestN in multi-row INSERTs "
                    + "of up to 512 KiB; one row per event";
        }

        @Override
        public List<OptionSpec> options() {
            return OltpOptions.commonSpecs().stream().filter(o -> OPTIONS.contains(o.name())).toList();
        }

        @Override
        public Workload create(Map<String, String> options) {
            return new BulkInsertWorkload(OptionValues.parse(NAME, options(), options));
        }
    }

    private ScriptSessions connector(Target target) {
        return client.to(target);
    }

    /** Always prepares: the tables it needs depend on the thread count, and creating them is idempotent. */
    @Override
    public boolean isPrepared(Target target) {
        return false;
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        ScriptSessions connector = connector(target);
        onEachTable(connector, context, table -> {
            context.log("Creating table '" + table + "'...");
            return "CREATE TABLE IF NOT EXISTS " + table + " (\n  id INTEGER NOT NULL,\n  k INTEGER DEFAULT '0' NOT NULL,\n"
                    + "  PRIMARY KEY (id))";
        }, true);
    }

    @Override
    public void cleanup(Target target) throws Exception {
        cleanup(target, () -> 1);
    }

    @Override
    public void cleanup(Target target, PrepareContext context) throws Exception {
        onEachTable(connector(target), context, table -> {
            context.log("Dropping table '" + table + "'...");
            return "DROP TABLE IF EXISTS " + table;
        }, false);
    }

    /** The statement for each table sbtest1..sbtest<threads>, on one connection, as sysbench's prepare and cleanup. */
    private static void onEachTable(ScriptSessions connector, PrepareContext context,
                                    java.util.function.Function<String, String> statement, boolean createDatabase)
            throws SQLException {
        try (Connection c = connector.open(false); Statement s = c.createStatement()) {
            if (createDatabase) {
                Catalog.createDatabase(c, connector.databaseName());
            } else if (!Catalog.databaseExists(c, connector.databaseName())) {
                return;
            }
            s.execute("USE " + Catalog.quoted(connector.databaseName()));
            for (int t = 1; t <= context.threads(); t++) {
                s.execute(statement.apply("sbtest" + t));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(NAME + ": " + SqlErrors.describe(e), e);
        }
    }

    @Override
    public Session openSession(Target target, SessionContext context) throws SQLException {
        String table = "sbtest" + (context.thread() + 1);
        ScriptSessions connector = connector(target);
        long highest;
        try (Connection c = connector.open(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + table)) {
            rs.next();
            highest = rs.getLong(1);
        }
        return connector.openSession(NAME, new BulkInsertEvents(table, highest), ignored, context.queries());
    }
}

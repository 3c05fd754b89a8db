package benchkit.sysbench;

import benchkit.spi.QueryCounter;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * oltp_insert.lua: one text-protocol INSERT per event into a table picked uniformly; id 0 (the
 * server assigns it) with --auto-inc, else a value of sysbench's unique sequence.
 */
final class InsertSession extends JdbcSession {
    private final OltpOptions options;
    private final SbRandom random;
    private final RowValues values;
    private final UniqueIds uniqueIds;
    private final StringBuilder sql = new StringBuilder(256);

    InsertSession(String workload, OltpOptions options, Connector connector, QueryCounter queries, int thread,
                  UniqueIds uniqueIds) throws SQLException {
        super(workload, connector, options.ignoredErrors(), queries);
        this.options = options;
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        this.uniqueIds = uniqueIds;
        connect();
    }

    @Override
    protected void prepareStatements(Connection c) {
        // oltp_insert.lua sends plain queries
    }

    @Override
    protected void closeStatements() {
    }

    @Override
    protected void runEvent() throws SQLException {
        int table = random.uniform(1, options.tables());
        int k = random.next(1, options.tableSize());
        long id = options.autoInc() ? 0 : uniqueIds.next() - 2147483648L;
        sql.setLength(0);
        sql.append("INSERT INTO sbtest").append(table).append(" (id, k, c, pad) VALUES (")
                .append(id).append(", ").append(k).append(", '");
        for (byte b : values.nextC()) {
            sql.append((char) b);
        }
        sql.append("', '");
        for (byte b : values.nextPad()) {
            sql.append((char) b);
        }
        sql.append("')");
        plain.execute(sql.toString());
        queries.writes(1);
    }
}

package benchkit.sysbench;

import benchkit.spi.QueryCounter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * A session of the oltp_* scripts built from oltp_common.lua's blocks: every statement is
 * prepared on the server once per table; an event runs the script's steps, each against a table
 * picked uniformly, with ids from the --rand-type distribution.
 */
final class StatementSession extends JdbcSession {
    private final OltpOptions options;
    private final Step[] steps;
    private final SbRandom random;
    private final RowValues values;
    /** statements[query.ordinal()][table], table 1-based; null where the script does not use the query. */
    private final PreparedStatement[][] statements = new PreparedStatement[Query.values().length][];

    StatementSession(String workload, OltpOptions options, List<Step> steps, Connector connector,
                     QueryCounter queries, int thread) throws SQLException {
        super(workload, connector, options.ignoredErrors(), queries);
        this.options = options;
        this.steps = steps.toArray(new Step[0]);
        this.random = new SbRandom(options.rand(), thread);
        this.values = new RowValues(random);
        connect();
    }

    @Override
    protected void prepareStatements(Connection c) throws SQLException {
        for (Step step : steps) {
            for (Query q : step.block().queries) {
                if (statements[q.ordinal()] != null) {
                    continue;
                }
                PreparedStatement[] perTable = new PreparedStatement[options.tables() + 1];
                statements[q.ordinal()] = perTable;
                for (int t = 1; t <= options.tables(); t++) {
                    perTable[t] = c.prepareStatement(q.sql(t));
                }
            }
        }
    }

    @Override
    protected void closeStatements() {
        for (int i = 0; i < statements.length; i++) {
            if (statements[i] != null) {
                for (PreparedStatement s : statements[i]) {
                    closeQuietly(s);
                }
                statements[i] = null;
            }
        }
    }

    private int table() {
        return random.uniform(1, options.tables());
    }

    private int id() {
        return random.next(1, options.tableSize());
    }

    @Override
    protected void runEvent() throws SQLException {
        for (Step step : steps) {
            switch (step.block()) {
                case BEGIN: begin(); break;
                case COMMIT: commit(); break;
                case POINT_SELECTS: pointSelects(step.count()); break;
                case SIMPLE_RANGES: case SUM_RANGES: case ORDER_RANGES: case DISTINCT_RANGES:
                    ranges(step.block().queries[0], step.count());
                    break;
                case INDEX_UPDATES: indexUpdates(step.count()); break;
                case NON_INDEX_UPDATES: nonIndexUpdates(step.count()); break;
                case DELETE_INSERTS: deleteInserts(step.count()); break;
                case DELETES: deletes(step.count()); break;
                default: throw new IllegalStateException("unknown block " + step.block());
            }
        }
    }

    private void pointSelects(int count) throws SQLException {
        PreparedStatement s = statements[Query.POINT_SELECT.ordinal()][table()];
        for (int i = 0; i < count; i++) {
            s.setInt(1, id());
            readAll(s);
        }
    }

    private void ranges(Query q, int count) throws SQLException {
        PreparedStatement s = statements[q.ordinal()][table()];
        for (int i = 0; i < count; i++) {
            int id = id();
            s.setInt(1, id);
            s.setInt(2, id + options.rangeSize() - 1);
            readAll(s);
        }
    }

    private void readAll(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                // sysbench fetches and discards every row
            }
        }
        queries.reads(1);
    }

    private void indexUpdates(int count) throws SQLException {
        PreparedStatement s = statements[Query.INDEX_UPDATE.ordinal()][table()];
        for (int i = 0; i < count; i++) {
            s.setInt(1, id());
            s.executeUpdate();
            queries.writes(1);
        }
    }

    private void nonIndexUpdates(int count) throws SQLException {
        PreparedStatement s = statements[Query.NON_INDEX_UPDATE.ordinal()][table()];
        for (int i = 0; i < count; i++) {
            s.setString(1, values.nextCString());
            s.setInt(2, id());
            s.executeUpdate();
            queries.writes(1);
        }
    }

    private void deleteInserts(int count) throws SQLException {
        int t = table();
        PreparedStatement delete = statements[Query.DELETE.ordinal()][t];
        PreparedStatement insert = statements[Query.INSERT.ordinal()][t];
        for (int i = 0; i < count; i++) {
            int id = id();
            int k = id();
            delete.setInt(1, id);
            insert.setInt(1, id);
            insert.setInt(2, k);
            insert.setString(3, values.nextCString());
            insert.setString(4, values.nextPadString());
            delete.executeUpdate();
            queries.writes(1);
            insert.executeUpdate();
            queries.writes(1);
        }
    }

    private void deletes(int count) throws SQLException {
        PreparedStatement s = statements[Query.DELETE.ordinal()][table()];
        for (int i = 0; i < count; i++) {
            s.setInt(1, id());
            s.executeUpdate();
            queries.writes(1);
        }
    }
}

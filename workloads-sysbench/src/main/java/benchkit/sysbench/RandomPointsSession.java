package benchkit.sysbench;

import benchkit.spi.QueryCounter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * select_random_points.lua and select_random_ranges.lua: one prepared SELECT on sbtest1 per event
 * whose values fall in this thread's own slice of [0, table-size] so threads do not overlap.
 */
final class RandomPointsSession extends JdbcSession {
    private final boolean ranges;
    private final int params;
    private final int delta;
    private final SbRandom random;
    private final double rmin;
    private final double rmax;
    private PreparedStatement statement;

    RandomPointsSession(String workload, boolean ranges, OltpOptions options, Connector connector,
                        QueryCounter queries, int thread, int threads) throws SQLException {
        super(workload, connector, options.ignoredErrors(), queries);
        this.ranges = ranges;
        this.params = ranges ? options.numberOfRanges() : options.randomPoints();
        this.delta = options.delta();
        this.random = new SbRandom(options.rand(), thread);
        double rlen = (double) options.tableSize() / threads;
        this.rmin = rlen * (thread % threads);
        this.rmax = rmin + rlen;
        connect();
    }

    static String sql(boolean ranges, int n) {
        StringBuilder sb = new StringBuilder(ranges ? "SELECT count(k) FROM sbtest1 WHERE " : "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (");
        for (int i = 0; i < n; i++) {
            if (ranges) {
                sb.append(i > 0 ? " OR " : "").append("k BETWEEN ? AND ?");
            } else {
                sb.append(i > 0 ? ", " : "").append('?');
            }
        }
        return ranges ? sb.toString() : sb.append(')').toString();
    }

    @Override
    protected void prepareStatements(Connection c) throws SQLException {
        statement = c.prepareStatement(sql(ranges, params));
    }

    @Override
    protected void closeStatements() {
        closeQuietly(statement);
        statement = null;
    }

    @Override
    protected void runEvent() throws SQLException {
        // sysbench passes the Lua numbers to sb_rand(uint32, uint32), which truncates them.
        int lo = (int) (long) rmin;
        int hi = (int) (long) rmax;
        for (int i = 0; i < params; i++) {
            int v = random.next(lo, hi);
            if (ranges) {
                statement.setInt(2 * i + 1, v);
                statement.setInt(2 * i + 2, v + delta);
            } else {
                statement.setInt(i + 1, v);
            }
        }
        try (ResultSet rs = statement.executeQuery()) {
            while (rs.next()) {
                // fetched and discarded, as sysbench does
            }
        }
        queries.reads(1);
    }
}

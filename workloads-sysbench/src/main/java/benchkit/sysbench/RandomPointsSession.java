package benchkit.sysbench;

import benchkit.spi.QueryCounter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** select_random_points.lua and select_random_ranges.lua over JDBC ({@link RandomPoints}). */
final class RandomPointsSession extends JdbcSession {
    private final RandomPoints points;
    private PreparedStatement statement;

    RandomPointsSession(String workload, boolean ranges, OltpOptions options, Connector connector,
                        QueryCounter queries, int thread, int threads) throws SQLException {
        super(workload, connector, options.ignoredErrors(), queries);
        this.points = new RandomPoints(ranges, options, thread, threads);
        connect();
    }

    @Override
    protected void prepareStatements(Connection c) throws SQLException {
        statement = c.prepareStatement(points.sql());
    }

    @Override
    protected void closeStatements() {
        closeQuietly(statement);
        statement = null;
    }

    @Override
    protected void runEvent() throws SQLException {
        points.next();
        for (int i = 0; i < points.values.length; i++) {
            statement.setInt(i + 1, points.values[i]);
        }
        try (ResultSet rs = statement.executeQuery()) {
            while (rs.next()) {
                // fetched and discarded, as sysbench does
            }
        }
        queries.reads(1);
    }
}

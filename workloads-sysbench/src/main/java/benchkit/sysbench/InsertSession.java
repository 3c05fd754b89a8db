package benchkit.sysbench;

import benchkit.spi.QueryCounter;

import java.sql.Connection;
import java.sql.SQLException;

/** oltp_insert.lua over JDBC: one plain INSERT per event ({@link InsertEvents}). */
final class InsertSession extends JdbcSession {
    private final InsertEvents events;

    InsertSession(String workload, OltpOptions options, Connector connector, QueryCounter queries, int thread,
                  UniqueIds uniqueIds) throws SQLException {
        super(workload, connector, options.ignoredErrors(), queries);
        this.events = new InsertEvents(options, thread, uniqueIds);
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
        plain.execute(events.next().toString());
        queries.writes(1);
    }
}

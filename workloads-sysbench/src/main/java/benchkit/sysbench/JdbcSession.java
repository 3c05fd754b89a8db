package benchkit.sysbench;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.PreparedConnection;
import benchkit.mysql.wire.ParamType;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A client thread's session on a JDBC driver: runs a {@link RequestScript}'s events request by
 * request, blocking on each, with the error handling sysbench applies to every script: an error code
 * in --mysql-ignore-errors rolls back and counts as ignored; a lost connection reconnects, prepares
 * the statements again and asks for a retry; anything else ends the run with a one-line message.
 */
final class JdbcSession extends ScriptSession implements Session {
    /** Its plain statement sends BEGIN / COMMIT / ROLLBACK and text queries, as sysbench's MySQL driver sends what it cannot prepare. */
    private PreparedConnection connection;

    JdbcSession(String workload, RequestScript script, Connector connector, IgnoredErrors ignored, QueryCounter queries) {
        super(workload, script, connector, ignored, queries);
        connect();
    }

    /** Connects and prepares the script's statements. */
    private void connect() {
        try {
            connection = PreparedConnection.open(connector::open,
                    script.statements().stream().map(RequestScript.Prepared::sql).toList());
        } catch (SQLException e) {
            throw new IllegalStateException(SqlErrors.describe(workload, e), e);
        }
    }

    private void runEvent() throws SQLException {
        script.startEvent();
        while (script.next(request)) {
            send(request);
            answered(request.kind());
        }
    }

    private void send(Request r) throws SQLException {
        if (r.isText()) {
            connection.plain().execute(r.text().toString());
            return;
        }
        PreparedStatement s = connection.prepared(r.statement());
        ParamType[] params = r.params();
        for (int i = 0; i < params.length; i++) {
            if (params[i] == ParamType.INT) {
                s.setInt(i + 1, r.ints[i]);
            } else {
                s.setString(i + 1, r.strings[i]);
            }
        }
        if (r.kind() == Request.Kind.READ) {
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    // sysbench fetches and discards every row
                }
            }
        } else {
            s.executeUpdate();
        }
    }

    @Override
    public final Outcome execute() throws Exception {
        try {
            runEvent();
            return Outcome.OK;
        } catch (SQLException e) {
            switch (ignored.actionFor(e)) {
                case RECONNECT:
                    reconnect(e);
                    return Outcome.RETRY;
                case IGNORE:
                    rollbackIfNeeded();
                    return Outcome.IGNORED_ERROR;
                default:
                    throw new IllegalStateException(SqlErrors.describe(workload, e), e);
            }
        }
    }

    private void rollbackIfNeeded() throws SQLException {
        if (!inTransaction) {
            return;
        }
        inTransaction = false;
        try {
            connection.plain().execute("ROLLBACK");
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLost(e)) {
                reconnect(e);
                return;
            }
            throw new IllegalStateException(SqlErrors.describe(workload, e), e);
        }
    }

    private void reconnect(SQLException cause) {
        connection.close();
        inTransaction = false;
        try {
            connect();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(workload + ": lost the connection (" + SqlErrors.describe(workload, cause)
                    + ") and could not reconnect: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}

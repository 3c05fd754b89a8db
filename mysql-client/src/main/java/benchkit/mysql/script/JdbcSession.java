package benchkit.mysql.script;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlErrors;
import benchkit.spi.Outcome;
import benchkit.spi.Session;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A client thread's session on a JDBC driver: runs a {@link RequestScript}'s events request by
 * request, blocking on each, with the error handling sysbench applies to every script: an error code
 * in the ignored list rolls back (see {@link ScriptSession}) and counts as ignored; a lost connection
 * reconnects, prepares the statements again and asks for a retry; anything else ends the run with a
 * one-line message.
 */
final class JdbcSession extends ScriptSession implements Session {
    /** Its plain statement sends BEGIN / COMMIT / ROLLBACK and text queries, as sysbench's MySQL driver sends what it cannot prepare. */
    private PreparedConnection connection;

    JdbcSession(Setup setup) {
        super(setup);
        connect();
    }

    /** Connects and prepares the script's statements. */
    private void connect() {
        try {
            connection = PreparedConnection.open(driver::open, script.statements());
        } catch (PreparedConnection.PrepareFailed e) {
            throw new IllegalStateException(prepareFailure(e.index(), SqlErrors.describe(e)), e);
        } catch (SQLException e) {
            throw new IllegalStateException(connectFailure(SqlErrors.describe(e)), e);
        }
    }

    private void runEvent() throws SQLException {
        script.startEvent();
        while (script.next(request)) {
            answered(request.kind(), send(request));
        }
    }

    /** Sends {@code r} and reads its answer; true when it returned a row. */
    private boolean send(Request r) throws SQLException {
        if (r.isText()) {
            Statement s = connection.plain();
            return s.execute(r.text().toString()) && drain(s.getResultSet());
        }
        PreparedStatement s = connection.prepared(r.statement());
        if (s == null) {    // one the server cannot prepare (BEGIN on MySQL)
            Statement plain = connection.plain();
            return plain.execute(script.statements().get(r.statement()).sql()) && drain(plain.getResultSet());
        }
        r.bind(s);
        if (r.kind() == Request.Kind.READ || r.kind() == Request.Kind.LOOKUP) {
            return drain(s.executeQuery());
        }
        return s.execute() && drain(s.getResultSet());
    }

    /** Fetches and discards every row, as sysbench does; true when there was one. */
    private static boolean drain(ResultSet rs) throws SQLException {
        try (rs) {
            boolean any = false;
            while (rs.next()) {
                any = true;
            }
            return any;
        }
    }

    @Override
    public Outcome execute() throws Exception {
        try {
            runEvent();
            return Outcome.OK;
        } catch (SQLException e) {
            switch (ignored.actionFor(e)) {
                case RECONNECT:
                    reconnect(e);
                    return Outcome.RETRY;
                case IGNORE:
                    return rollBackAfterIgnoredError() ? rollback() : Outcome.IGNORED_ERROR;
                default:
                    throw new IllegalStateException(failure(SqlErrors.describe(e)), e);
            }
        }
    }

    /** The ROLLBACK after an ignored error: the event counts as that error, or as a reconnect when the connection went. */
    private Outcome rollback() {
        try {
            connection.plain().execute("ROLLBACK");
            answered(Request.Kind.ROLLBACK, false);
            return Outcome.IGNORED_ERROR;
        } catch (SQLException e) {
            if (IgnoredErrors.afterFailedRollback(e) == IgnoredErrors.Action.RECONNECT) {
                reconnect(e);
                return Outcome.RETRY;
            }
            throw new IllegalStateException(failure("ROLLBACK after an ignored error failed: " + SqlErrors.describe(e)), e);
        }
    }

    private void reconnect(SQLException cause) {
        connection.close();
        connectionLost();
        try {
            connect();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(reconnectFailure(SqlErrors.describe(cause), e.getMessage()), e);
        }
    }

    @Override
    public void close() {
        try {
            while (script.finish(request)) {
                answered(request.kind(), send(request));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(failure(SqlErrors.describe(e)), e);
        } finally {
            connection.close();
        }
    }
}

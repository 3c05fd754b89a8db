package benchkit.sysbench;

import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One client thread's connection and the error handling sysbench applies to every script:
 * an error code in --mysql-ignore-errors rolls back and counts as ignored; a lost connection
 * reconnects, prepares the statements again and asks for a retry; anything else ends the run
 * with a one-line message.
 */
abstract class JdbcSession implements Session {
    protected final String workload;
    protected final QueryCounter queries;
    private final Connector connector;
    private final IgnoredErrors ignored;
    protected Connection connection;
    /** For BEGIN / COMMIT / ROLLBACK, sent as text as sysbench's MySQL driver does when it cannot prepare them. */
    protected Statement plain;
    protected boolean inTransaction;

    JdbcSession(String workload, Connector connector, IgnoredErrors ignored, QueryCounter queries) {
        this.workload = workload;
        this.connector = connector;
        this.ignored = ignored;
        this.queries = queries;
    }

    /** Connects and prepares; called by subclasses at the end of their constructor. */
    protected final void connect() {
        try {
            connection = connector.open();
            plain = connection.createStatement();
            prepareStatements(connection);
        } catch (SQLException e) {
            closeQuietly();
            throw new IllegalStateException(SqlErrors.describe(workload, e), e);
        }
    }

    /** Prepares this script's statements on a fresh connection. */
    protected abstract void prepareStatements(Connection c) throws SQLException;

    /** Runs one event. */
    protected abstract void runEvent() throws SQLException;

    @Override
    public final Outcome execute() throws Exception {
        try {
            runEvent();
            return Outcome.OK;
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLost(e)) {
                reconnect(e);
                return Outcome.RETRY;
            }
            if (ignored.ignores(e.getErrorCode())) {
                rollbackIfNeeded();
                return Outcome.IGNORED_ERROR;
            }
            throw new IllegalStateException(SqlErrors.describe(workload, e), e);
        }
    }

    protected final void begin() throws SQLException {
        plain.execute("BEGIN");
        inTransaction = true;
        queries.others(1);
    }

    protected final void commit() throws SQLException {
        plain.execute("COMMIT");
        inTransaction = false;
        queries.others(1);
    }

    private void rollbackIfNeeded() throws SQLException {
        if (!inTransaction) {
            return;
        }
        inTransaction = false;
        try {
            plain.execute("ROLLBACK");
        } catch (SQLException e) {
            if (SqlErrors.isConnectionLost(e)) {
                reconnect(e);
                return;
            }
            throw new IllegalStateException(SqlErrors.describe(workload, e), e);
        }
    }

    private void reconnect(SQLException cause) {
        closeQuietly();
        inTransaction = false;
        try {
            connect();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(workload + ": lost the connection (" + SqlErrors.describe(workload, cause)
                    + ") and could not reconnect: " + e.getMessage(), e);
        }
    }

    protected abstract void closeStatements();

    private void closeQuietly() {
        closeStatements();
        try {
            if (plain != null) {
                plain.close();
            }
        } catch (SQLException ignore) {
            // closing a broken connection's statement may fail; nothing to do
        }
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignore) {
            // as above
        }
        plain = null;
        connection = null;
    }

    @Override
    public void close() {
        closeQuietly();
    }

    static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignore) {
            // the connection may already be gone
        }
    }
}

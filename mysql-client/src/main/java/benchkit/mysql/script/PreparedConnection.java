package benchkit.mysql.script;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A {@link JdbcSession}'s connection with its script's statements prepared: a plain
 * statement for text queries (BEGIN, COMMIT, ROLLBACK, statements sent unprepared) and the prepared
 * ones by index. After a lost connection a session closes it ({@link #close()} never throws) and
 * opens another, which prepares everything again, as sysbench does on a reconnect.
 */
final class PreparedConnection implements AutoCloseable {
    /** How a session connects, e.g. {@code connector::open}. */
    @FunctionalInterface
    interface Opener {
        Connection open() throws SQLException;
    }

    /** Statement {@code index} could not be prepared; the server's code, state and message are kept. */
    static final class PrepareFailed extends SQLException {
        private final int index;

        PrepareFailed(int index, SQLException cause) {
            super(cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), cause);
            this.index = index;
        }

        int index() {
            return index;
        }
    }

    private final Connection connection;
    private final Statement plain;
    private final PreparedStatement[] prepared;

    private PreparedConnection(Connection connection, Statement plain, PreparedStatement[] prepared) {
        this.connection = connection;
        this.plain = plain;
        this.prepared = prepared;
    }

    /**
     * Connects and prepares {@code statements} in order; one the server cannot prepare and the session sends as text
     * ({@link RequestScript.Prepared#goesAsTextAfter}) has no prepared one. Nothing stays open when this throws.
     *
     * @throws PrepareFailed when a statement cannot be prepared
     */
    static PreparedConnection open(Opener opener, List<RequestScript.Prepared> statements) throws SQLException {
        Connection c = opener.open();
        PreparedStatement[] prepared = new PreparedStatement[statements.size()];
        Statement plain = null;
        try {
            plain = c.createStatement();
            for (int i = 0; i < prepared.length; i++) {
                try {
                    prepared[i] = c.prepareStatement(statements.get(i).sql());
                } catch (SQLException e) {
                    if (!statements.get(i).goesAsTextAfter(e.getErrorCode())) {
                        throw new PrepareFailed(i, e);
                    }
                }
            }
            return new PreparedConnection(c, plain, prepared);
        } catch (SQLException | RuntimeException e) {
            new PreparedConnection(c, plain, prepared).close();
            throw e;
        }
    }

    /** For text queries. */
    Statement plain() {
        return plain;
    }

    /** The prepared statement {@code index}; null for one sent as text (also one the server could not prepare). */
    PreparedStatement prepared(int index) {
        return prepared[index];
    }

    /** Closes the statements and the connection, quietly: a broken connection may fail to close. */
    @Override
    public void close() {
        for (PreparedStatement s : prepared) {
            closeQuietly(s);
        }
        closeQuietly(plain);
        closeQuietly(connection);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignore) {
            // the connection may already be gone; nothing left to release
        }
    }
}

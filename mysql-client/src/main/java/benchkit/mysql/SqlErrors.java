package benchkit.mysql;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

/** How every SQL workload tells a lost connection from other errors, and says an error on one line. */
public final class SqlErrors {
    private SqlErrors() {
    }

    /**
     * Lost connection: CR_SERVER_LOST (2013), CR_SERVER_GONE_ERROR (2006), CR_SERVER_LOST_EXTENDED (2055), SQLState
     * class 08, or the driver's connection exceptions (as sysbench, which reconnects on exactly these).
     */
    public static boolean isConnectionLost(SQLException e) {
        return isConnectionLost(e.getErrorCode(), e.getSQLState())
                || e instanceof SQLNonTransientConnectionException || e instanceof SQLTransientConnectionException;
    }

    /**
     * The same rule for an error known by its code and SQLState (as bench's wire client reports it): the client's
     * lost-connection codes (2013, 2006, 2055), a connection the server killed (1927, MariaDB's
     * ER_CONNECTION_KILLED, after which it closes the socket), or a connection-exception SQLState (class 08).
     */
    public static boolean isConnectionLost(int code, String sqlState) {
        return code == 2013 || code == 2006 || code == 2055 || code == 1927 || sqlState != null && sqlState.startsWith("08");
    }

    /**
     * ER_UNSUPPORTED_PS (1295): the statement cannot be prepared on this server (BEGIN and COMMIT on MySQL); sysbench's
     * MySQL driver then sends it as text.
     */
    public static boolean cannotPrepare(int code) {
        return code == 1295;
    }

    /** {@code SQL error CODE (SQLState S): message}, on one line. */
    public static String describe(SQLException e) {
        return describe(e.getErrorCode(), e.getSQLState(), e.getMessage());
    }

    /** As {@link #describe(SQLException)}, from the parts of an error ({@code sqlState} may be null). */
    public static String describe(int code, String sqlState, String message) {
        return "SQL error " + code + (sqlState != null ? " (SQLState " + sqlState + ")" : "") + ": "
                + String.valueOf(message).replace('\n', ' ').replace('\r', ' ');
    }
}

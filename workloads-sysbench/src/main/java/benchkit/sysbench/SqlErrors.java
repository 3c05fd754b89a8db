package benchkit.sysbench;

import java.sql.SQLException;

/** Classifies SQL errors the way sysbench reacts to them. */
final class SqlErrors {
    private SqlErrors() {
    }

    /** Lost connection: CR_SERVER_LOST (2013), CR_SERVER_GONE_ERROR (2006), CR_SERVER_LOST_EXTENDED (2055), or SQLState class 08. */
    static boolean isConnectionLost(SQLException e) {
        int code = e.getErrorCode();
        if (code == 2013 || code == 2006 || code == 2055) {
            return true;
        }
        String state = e.getSQLState();
        return state != null && state.startsWith("08");
    }

    /** One line naming the workload, the server's error code and its message. */
    static String describe(String workload, SQLException e) {
        return describe(workload, e.getErrorCode(), e.getSQLState(), e.getMessage());
    }

    /** As {@link #describe(String, SQLException)}, from the parts of an error ({@code sqlState} may be null). */
    static String describe(String workload, int code, String sqlState, String message) {
        String msg = String.valueOf(message).replace('\n', ' ').replace('\r', ' ');
        return workload + ": SQL error " + code + (sqlState != null ? " (SQLState " + sqlState + ")" : "") + ": " + msg;
    }
}

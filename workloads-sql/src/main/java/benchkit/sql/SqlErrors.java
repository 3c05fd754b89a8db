package benchkit.sql;

import java.sql.SQLException;

/** Classifies and describes SQL errors on one line. */
final class SqlErrors {
    private SqlErrors() {
    }

    /** Lost connection: 2013, 2006, 2055, or SQLState class 08. */
    static boolean isConnectionLost(SQLException e) {
        int code = e.getErrorCode();
        String state = e.getSQLState();
        return code == 2013 || code == 2006 || code == 2055 || state != null && state.startsWith("08");
    }

    static String describe(SQLException e) {
        return "SQL error " + e.getErrorCode() + (e.getSQLState() != null ? " (SQLState " + e.getSQLState() + ")" : "")
                + ": " + String.valueOf(e.getMessage()).replace('\n', ' ').replace('\r', ' ');
    }
}

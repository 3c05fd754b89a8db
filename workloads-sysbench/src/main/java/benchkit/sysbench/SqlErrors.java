package benchkit.sysbench;

import java.sql.SQLException;

/** SQL errors as the OLTP workloads report them: core's rules, with the workload named. */
final class SqlErrors {
    private SqlErrors() {
    }

    static boolean isConnectionLost(SQLException e) {
        return benchkit.mysql.SqlErrors.isConnectionLost(e);
    }

    /** One line naming the workload, the server's error code and its message. */
    static String describe(String workload, SQLException e) {
        return workload + ": " + benchkit.mysql.SqlErrors.describe(e);
    }

    /** As {@link #describe(String, SQLException)}, from the parts of an error ({@code sqlState} may be null). */
    static String describe(String workload, int code, String sqlState, String message) {
        return workload + ": " + benchkit.mysql.SqlErrors.describe(code, sqlState, message);
    }
}

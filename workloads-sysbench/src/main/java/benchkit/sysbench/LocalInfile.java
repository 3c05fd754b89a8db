package benchkit.sysbench;

import benchkit.mysql.JdbcDriver;
import java.io.InputStream;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Sets the stream that {@code LOAD DATA LOCAL INFILE} sends, for either driver. With a stream set,
 * both drivers send it in place of whatever file the server names, so no local file is ever read.
 */
final class LocalInfile {
    private LocalInfile() {
    }

    static void setStream(Statement s, JdbcDriver driver, InputStream in) throws SQLException {
        if (driver == JdbcDriver.MYSQL) {
            s.unwrap(com.mysql.cj.jdbc.JdbcStatement.class).setLocalInfileInputStream(in);
        } else {
            s.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(in);
        }
    }

    /** Whether {@code e} says the server (or the driver) does not allow LOAD DATA LOCAL. */
    static boolean isRefusal(SQLException e) {
        // 1148 ER_NOT_ALLOWED_COMMAND (MySQL 5.7, MariaDB), 3948 ER_CLIENT_LOCAL_FILES_DISABLED
        // (MySQL 8.0.19+), 4166 ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB 10.5+), 2068 CR_LOAD_DATA_LOCAL_INFILE_REJECTED
        int code = e.getErrorCode();
        return code == 1148 || code == 3948 || code == 4166 || code == 2068;
    }
}

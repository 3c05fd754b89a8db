package benchkit.sysbench.lua;

import java.util.List;

/**
 * One of a script's connections to the server, through whichever client the workload chose (bench's wire client, or
 * a JDBC driver): what sysbench's MySQL driver asks of libmysqlclient. Text queries keep their rows' values, for the
 * script to fetch; a prepared statement's rows are counted only (sysbench binds no result buffers, so a script cannot
 * fetch them either).
 */
interface ScriptConnection {
    /** The types sysbench's MySQL driver binds a parameter as: its integers, floats and strings. */
    enum Type { BIGINT, DOUBLE, VARCHAR }

    /**
     * A reply: a result set ({@code fields} ≥ 0, {@code count} its rows, {@code rows} their values when kept), or an
     * OK ({@code fields} -1, {@code count} the rows the statement changed).
     */
    record Reply(int fields, List<String[]> rows, long count) {
        boolean isResultSet() {
            return fields >= 0;
        }
    }

    /** A statement prepared on the server. */
    interface Statement {
        /** Runs it with {@code values} (a Long, Double or String each, or null for NULL) of {@code types}. */
        Reply execute(Type[] types, Object[] values) throws Failure;

        /** Deallocates it; nothing to do on a connection that is gone. */
        void close();
    }

    /** Sends {@code sql} as text and reads the whole reply. */
    Reply query(String sql) throws Failure;

    /** As {@link #query(String)}, for the first {@code length} bytes of {@code sql}, which are UTF-8 (a Lua string's). */
    default Reply query(byte[] sql, int length) throws Failure {
        return query(new String(sql, 0, length, java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Prepares {@code sql} on the server. */
    Statement prepare(String sql) throws Failure;

    /** Says goodbye and closes; nothing to do on a connection that is gone. */
    void close();

    /** An error: the server's answer (its code, SQLState and words), or the connection lost. */
    final class Failure extends Exception {
        /** MySQL's ER_UNSUPPORTED_PS: a statement the server cannot prepare, which sysbench then sends as text. */
        static final int UNSUPPORTED_PS = 1295;

        final int code;
        final String sqlState;
        final boolean connectionLost;

        Failure(int code, String sqlState, String message, boolean connectionLost, Throwable cause) {
            super(message, cause);
            this.code = code;
            this.sqlState = sqlState == null ? "HY000" : sqlState;
            this.connectionLost = connectionLost;
        }
    }
}

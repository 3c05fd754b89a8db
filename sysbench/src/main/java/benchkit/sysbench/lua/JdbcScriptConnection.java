package benchkit.sysbench.lua;

import benchkit.mysql.SqlErrors;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/** A script's connection through a JDBC driver ({@code --driver mariadb|mysql}, or a login bench's wire client cannot do). */
final class JdbcScriptConnection implements ScriptConnection {
    private final Connection connection;
    /** The statement text queries go through, one per connection (a new one per query costs the driver more). */
    private java.sql.Statement text;

    JdbcScriptConnection(Connection connection) {
        this.connection = connection;
    }

    @Override
    public Reply query(String sql) throws Failure {
        try {
            if (text == null) {
                text = connection.createStatement();
            }
            return text.execute(sql) ? resultSet(text.getResultSet(), true) : new Reply(-1, List.of(), text.getUpdateCount());
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    @Override
    public Statement prepare(String sql) throws Failure {
        PreparedStatement p;
        try {
            p = connection.prepareStatement(sql);
        } catch (SQLException e) {
            throw failure(e);
        }
        return new Statement() {
            @Override
            public Reply execute(Type[] types, Object[] values) throws Failure {
                try {
                    for (int i = 0; i < types.length; i++) {
                        Object v = values[i];
                        if (v == null) {
                            p.setNull(i + 1, switch (types[i]) {
                                case BIGINT -> Types.BIGINT;
                                case DOUBLE -> Types.DOUBLE;
                                case VARCHAR -> Types.VARCHAR;
                            });
                        } else if (v instanceof Long l) {
                            p.setLong(i + 1, l);
                        } else if (v instanceof Double d) {
                            p.setDouble(i + 1, d);
                        } else {
                            p.setString(i + 1, (String) v);
                        }
                    }
                    return p.execute() ? resultSet(p.getResultSet(), false) : new Reply(-1, List.of(), p.getUpdateCount());
                } catch (SQLException e) {
                    throw failure(e);
                }
            }

            @Override
            public void close() {
                try {
                    p.close();
                } catch (SQLException ignored) {
                    // as sysbench's db_close: a statement of a lost connection is gone with it
                }
            }
        };
    }

    /** The rows of {@code r}, all read at once (mysql_store_result); their values too if {@code keep}. */
    private static Reply resultSet(ResultSet r, boolean keep) throws SQLException {
        try (r) {
            int fields = r.getMetaData().getColumnCount();
            List<String[]> rows = keep ? new ArrayList<>() : List.of();
            long count = 0;
            while (r.next()) {
                count++;
                if (keep) {
                    String[] row = new String[fields];
                    for (int i = 0; i < fields; i++) {
                        row[i] = r.getString(i + 1);
                    }
                    rows.add(row);
                }
            }
            return new Reply(fields, rows, count);
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing a connection that is gone: nothing left to free
        }
    }

    static Failure failure(SQLException e) {
        return new Failure(e.getErrorCode(), e.getSQLState(), serverMessage(e), SqlErrors.isConnectionLost(e), e);
    }

    /** The server's words, without the driver's {@code (conn=12) } prefix. */
    static String serverMessage(SQLException e) {
        String m = String.valueOf(e.getMessage());
        return m.startsWith("(conn=") && m.contains(") ") ? m.substring(m.indexOf(") ") + 2) : m;
    }
}

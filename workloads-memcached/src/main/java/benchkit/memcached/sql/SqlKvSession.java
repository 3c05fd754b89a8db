package benchkit.memcached.sql;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.PreparedConnection;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.memcached.kv.KvEvents;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.Target;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * One client thread of the SQL baseline on its own connection (autocommit): a get is
 * {@code SELECT v FROM kv WHERE k=?}, a set is {@code INSERT ... ON DUPLICATE KEY UPDATE}, both
 * server-side prepared once. Counted as the memcached sessions: set {@code writes(1)}, hit
 * {@code reads(1)}, miss {@code others(1)} (still OK). Errors follow the one SQL error policy,
 * {@link IgnoredErrors}: a listed code ({@code --ignore-errors}, deadlock and lock wait timeout by
 * default) is {@link Outcome#IGNORED_ERROR} (autocommit: nothing to roll back); a lost connection
 * reconnects and is {@link Outcome#RETRY}.
 */
final class SqlKvSession implements Session {
    private final Target target;
    private final String table;
    private final IgnoredErrors ignoredErrors;
    private final KvEvents events;
    private final QueryCounter counter;
    private PreparedConnection connection;
    private PreparedStatement get;
    private PreparedStatement set;

    SqlKvSession(Target target, String table, IgnoredErrors ignoredErrors, KvEvents events, QueryCounter counter)
            throws SQLException {
        this.target = target;
        this.table = table;
        this.ignoredErrors = ignoredErrors;
        this.events = events;
        this.counter = counter;
        connect();
    }

    private void connect() throws SQLException {
        SqlEndpoint endpoint = SqlEndpoint.of(target);
        try {
            connection = PreparedConnection.open(SqlConnector.to(endpoint)::open,
                    List.of(SqlKvSchema.select(table), SqlKvSchema.upsert(table, 1)));
        } catch (PreparedConnection.PrepareFailed e) {
            throw e;
        } catch (SQLException e) {
            throw new SQLException("cannot connect to " + endpoint + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
        get = connection.prepared(0);
        set = connection.prepared(1);
    }

    @Override
    public Outcome execute() throws Exception {
        boolean isSet = events.nextIsSet();
        String key = events.nextKey();
        try {
            if (isSet) {
                set.setString(1, key);
                set.setBytes(2, events.nextValue());
                set.executeUpdate();
                counter.writes(1);
            } else {
                get.setString(1, key);
                try (ResultSet rs = get.executeQuery()) {
                    if (rs.next()) {
                        counter.reads(1);
                    } else {
                        counter.others(1);
                    }
                }
            }
            return Outcome.OK;
        } catch (SQLException e) {
            switch (ignoredErrors.actionFor(e)) {
                case IGNORE -> {
                    return Outcome.IGNORED_ERROR;
                }
                case RECONNECT -> {
                    connection.close();
                    connect();
                    return Outcome.RETRY;
                }
                default -> throw e;
            }
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}

package benchkit.sql;

import benchkit.core.mix.WeightedChoice;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.PreparedConnection;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlErrors;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One thread's connection with every event statement prepared once. An event picks a script
 * event by weight and runs its statements in order, reading every row a query returns. A lost
 * connection reconnects and retries; an error code in {@code --ignore-errors} rolls back and
 * counts as ignored; any other error ends the run naming the statement's file and line.
 */
final class SqlSession implements Session {
    private final SqlScript script;
    private final SqlConnector connector;
    private final IgnoredErrors ignoredErrors;
    private final QueryCounter queries;
    private final int thread;
    private final int threads;
    private final WeightedChoice mix;
    /** Per event, per statement: this session's value sources (sequences are per session). */
    private final ValueSource[][][] params;
    private final SplittableRandom random = new SplittableRandom();
    /** Every event's statements in one list, event after event; first[e] is event e's first. */
    private final List<ScriptStatement> statements;
    private final int[] first;
    private PreparedConnection connection;

    SqlSession(SqlScript script, SqlConnector connector, IgnoredErrors ignoredErrors, SessionContext context)
            throws SQLException {
        this.script = script;
        this.connector = connector;
        this.ignoredErrors = ignoredErrors;
        this.queries = context.queries();
        this.thread = context.thread();
        this.threads = context.threads();
        List<ScriptEvent> events = script.events();
        mix = new WeightedChoice(events.stream().mapToInt(ScriptEvent::weight).toArray());
        params = new ValueSource[events.size()][][];
        statements = events.stream().flatMap(e -> e.statements().stream()).toList();
        first = new int[events.size()];
        for (int e = 1; e < events.size(); e++) {
            first[e] = first[e - 1] + events.get(e - 1).statements().size();
        }
        for (int e = 0; e < events.size(); e++) {
            List<ScriptStatement> ofEvent = events.get(e).statements();
            params[e] = new ValueSource[ofEvent.size()][];
            for (int s = 0; s < ofEvent.size(); s++) {
                params[e][s] = ofEvent.get(s).params().stream().map(p -> p.forSession(thread, threads))
                        .toArray(ValueSource[]::new);
            }
        }
        connect();
    }

    private void connect() throws SQLException {
        try {
            connection = PreparedConnection.open(connector::open,
                    statements.stream().map(st -> st.asText() ? null : st.sql()).toList());
        } catch (PreparedConnection.PrepareFailed ex) {
            throw new SQLException("sql: cannot prepare the statement at " + statements.get(ex.index()).where() + ": "
                    + SqlErrors.describe(ex), ex.getSQLState(), ex.getErrorCode(), ex);
        }
    }

    @Override
    public Outcome execute() throws Exception {
        int e = mix.pick(random);
        ScriptEvent event = script.events().get(e);
        List<ScriptStatement> ofEvent = event.statements();
        for (int s = 0; s < ofEvent.size(); s++) {
            ScriptStatement st = ofEvent.get(s);
            try {
                run(st, connection.prepared(first[e] + s), params[e][s]);
            } catch (SQLException ex) {
                switch (ignoredErrors.actionFor(ex)) {
                    case RECONNECT -> {
                        reconnect(st, ex);
                        return Outcome.RETRY;
                    }
                    case IGNORE -> {
                        rollback(st);
                        return Outcome.IGNORED_ERROR;
                    }
                    default -> throw new IllegalStateException("sql: event " + event.name() + ", statement at "
                            + st.where() + ": " + SqlErrors.describe(ex), ex);
                }
            }
        }
        return Outcome.OK;
    }

    private void run(ScriptStatement st, PreparedStatement ps, ValueSource[] values) throws SQLException {
        if (ps == null) {
            connection.plain().execute(st.sql());
        } else {
            for (int i = 0; i < values.length; i++) {
                values[i].bind(ps, i + 1, random);
            }
            if (st.kind() == StatementKind.READ) {
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        // read every row, as a real client would
                    }
                }
            } else {
                ps.execute();
            }
        }
        switch (st.kind()) {
            case READ -> queries.reads(1);
            case WRITE -> queries.writes(1);
            case OTHER -> queries.others(1);
        }
    }

    /** Ends a transaction the event may have opened; harmless outside one. */
    private void rollback(ScriptStatement st) throws SQLException {
        try {
            connection.plain().execute("ROLLBACK");
            queries.others(1);
        } catch (SQLException ex) {
            if (!SqlErrors.isConnectionLost(ex)) {
                throw new IllegalStateException("sql: ROLLBACK after an ignored error at " + st.where() + " failed: "
                        + SqlErrors.describe(ex), ex);
            }
            reconnect(st, ex);
        }
    }

    private void reconnect(ScriptStatement st, SQLException cause) {
        connection.close();
        try {
            connect();
        } catch (SQLException e) {
            throw new IllegalStateException("sql: lost the connection at " + st.where() + " (" + SqlErrors.describe(cause)
                    + ") and could not reconnect: " + SqlErrors.describe(e), e);
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}

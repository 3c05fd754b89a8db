package benchkit.sql;

import benchkit.core.mix.WeightedChoice;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlErrors;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
    private Connection connection;
    private Statement text;
    private PreparedStatement[][] prepared;

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
        for (int e = 0; e < events.size(); e++) {
            List<ScriptStatement> statements = events.get(e).statements();
            params[e] = new ValueSource[statements.size()][];
            for (int s = 0; s < statements.size(); s++) {
                params[e][s] = statements.get(s).params().stream().map(p -> p.forSession(thread, threads))
                        .toArray(ValueSource[]::new);
            }
        }
        connect();
    }

    private void connect() throws SQLException {
        try {
            connection = connector.open();
            text = connection.createStatement();
            List<ScriptEvent> events = script.events();
            prepared = new PreparedStatement[events.size()][];
            for (int e = 0; e < events.size(); e++) {
                List<ScriptStatement> statements = events.get(e).statements();
                prepared[e] = new PreparedStatement[statements.size()];
                for (int s = 0; s < statements.size(); s++) {
                    ScriptStatement st = statements.get(s);
                    if (!st.asText()) {
                        try {
                            prepared[e][s] = connection.prepareStatement(st.sql());
                        } catch (SQLException ex) {
                            throw new SQLException("sql: cannot prepare the statement at " + st.where() + ": "
                                    + SqlErrors.describe(ex), ex.getSQLState(), ex.getErrorCode(), ex);
                        }
                    }
                }
            }
        } catch (SQLException e) {
            closeQuietly();
            throw e;
        }
    }

    @Override
    public Outcome execute() throws Exception {
        int e = mix.pick(random);
        ScriptEvent event = script.events().get(e);
        List<ScriptStatement> statements = event.statements();
        for (int s = 0; s < statements.size(); s++) {
            ScriptStatement st = statements.get(s);
            try {
                run(st, prepared[e][s], params[e][s]);
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
            text.execute(st.sql());
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
            text.execute("ROLLBACK");
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
        closeQuietly();
        try {
            connect();
        } catch (SQLException e) {
            throw new IllegalStateException("sql: lost the connection at " + st.where() + " (" + SqlErrors.describe(cause)
                    + ") and could not reconnect: " + SqlErrors.describe(e), e);
        }
    }

    private void closeQuietly() {
        if (prepared != null) {
            for (PreparedStatement[] row : prepared) {
                for (PreparedStatement ps : row) {
                    close(ps);
                }
            }
        }
        close(text);
        close(connection);
        prepared = null;
        text = null;
        connection = null;
    }

    private static void close(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignore) {
            // closing a broken connection may fail; nothing left to release
        }
    }

    @Override
    public void close() {
        closeQuietly();
    }
}

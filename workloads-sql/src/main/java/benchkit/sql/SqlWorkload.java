package benchkit.sql;

import benchkit.mysql.Catalog;
import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import benchkit.mysql.script.SqlClient;
import benchkit.mysql.wire.ParamType;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A configured script. Prepare creates the target's database when missing and runs the
 * {@code @prepare} statements on one connection; {@code isPrepared} asks the {@code @prepared-if}
 * query (without one, a script with a {@code @prepare} section always prepares).
 *
 * @param client --driver and --transport of the sessions (setup always on MariaDB Connector/J)
 */
record SqlWorkload(SqlScript script, IgnoredErrors ignoredErrors, SqlClient client) implements Workload {
    /** Rows sent per batch when a prepare statement repeats. */
    private static final int BATCH = 1000;

    private SqlConnector connector(Target target) {
        return client.setup(target);
    }

    @Override
    public boolean isPrepared(Target target) throws SQLException {
        if (script.preparedIf().isEmpty()) {
            return script.prepare().isEmpty();
        }
        ScriptStatement check = script.preparedIf().get();
        try (Connection c = connector(target).openWithoutDatabase()) {
            if (!Catalog.databaseExists(c, target.database())) {
                return false;
            }
            c.setCatalog(target.database());
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(check.sql())) {
                return rs.next();
            } catch (SQLException e) {
                throw failure("@prepared-if query at " + check.where(), e);
            }
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws SQLException {
        try (Connection c = connector(target).openWithoutDatabase()) {
            Catalog.createDatabase(c, target.database());
            c.setCatalog(target.database());
            run(c, script.prepare(), "prepare", context);
        }
    }

    @Override
    public void cleanup(Target target) throws SQLException {
        try (Connection c = connector(target).open()) {
            run(c, script.cleanup(), "cleanup", null);
        }
    }

    /** With more than one event, each is a kind of its own: its throughput and latency in the results. */
    @Override
    public List<String> eventKinds() {
        return script.events().size() < 2 ? List.of() : script.events().stream().map(ScriptEvent::name).toList();
    }

    @Override
    public Session openSession(Target target, SessionContext context) {
        return client.to(target).openSession(SqlWorkloadFactory.NAME,
                new SqlEvents(script, context.thread(), context.threads(), context::eventKind), ignoredErrors,
                context.queries());
    }

    private static void run(Connection c, List<ScriptStatement> statements, String phase, PrepareContext progress)
            throws SQLException {
        SplittableRandom random = new SplittableRandom();
        for (ScriptStatement st : statements) {
            try {
                if (st.params().isEmpty() && st.repeat() == 1) {
                    try (Statement s = c.createStatement()) {
                        s.execute(st.sql());
                    }
                    continue;
                }
                ValueSource[] params = st.params().stream().map(p -> p.forSession(0, 1)).toArray(ValueSource[]::new);
                Request row = new Request(List.of(new RequestScript.Prepared(st.sql(),
                        Arrays.stream(params).map(ValueSource::type).toArray(ParamType[]::new))));
                try (PreparedStatement ps = c.prepareStatement(st.sql())) {
                    for (int done = 0; done < st.repeat(); ) {
                        int batch = Math.min(BATCH, st.repeat() - done);
                        for (int k = 0; k < batch; k++) {
                            for (int i = 0; i < params.length; i++) {
                                params[i].fill(row, i, random);
                            }
                            row.prepared(0, Request.Kind.WRITE);
                            row.bind(ps);
                            ps.addBatch();
                        }
                        ps.executeBatch();
                        done += batch;
                        if (progress != null) {
                            progress.progress(st.where(), done, st.repeat());
                        }
                    }
                }
            } catch (SQLException e) {
                throw failure(phase + " statement at " + st.where(), e);
            }
        }
    }

    private static SQLException failure(String what, SQLException e) {
        return new SQLException("sql: " + what + " failed: " + SqlErrors.describe(e), e.getSQLState(), e.getErrorCode(), e);
    }
}

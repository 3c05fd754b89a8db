package benchkit.sysbench;

import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import benchkit.mysql.wire.UnsupportedLogin;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One sysbench script configured with its options; prepares, checks and drops the sbtest tables and opens sessions. */
public final class OltpWorkload implements Workload {
    private final OltpScript script;
    private final OltpOptions options;
    private final List<Step> steps;
    private final UniqueIds uniqueIds;
    /** Resolved driver per target (auto asks an unknown server once). */
    private final Map<Target, Connector> connectors = new ConcurrentHashMap<>();

    public OltpWorkload(OltpScript script, OltpOptions options) {
        this.script = script;
        this.options = options;
        this.steps = script.steps(options);
        long seed = options.rand().seed() != 0 ? options.rand().seed() : System.nanoTime();
        this.uniqueIds = new UniqueIds(seed, seed * 31 + 17);
    }

    public OltpScript script() {
        return script;
    }

    public OltpOptions options() {
        return options;
    }

    /** How this workload connects to {@code target} (driver and transport resolved). */
    public Connector connector(Target target) throws SQLException {
        if (target.database() == null || target.database().isEmpty() || target.database().indexOf('`') >= 0) {
            throw new IllegalArgumentException(script.workloadName() + ": target database name '" + target.database() + "' is not usable");
        }
        Connector c = connectors.get(target);
        if (c == null) {
            c = Connector.resolve(script.workloadName(), target, options.driver(), options.transport());
            if ("auto".equals(options.driver()) && c.usesWire()) {
                c = wireOrJdbc(c);
            }
            connectors.put(target, c);
        }
        return c;
    }

    /**
     * --driver auto: bench's own client, unless the user logs in with a plugin it does not speak; then
     * MariaDB Connector/J, with a note. Any other failure to log in is left to the sessions to report.
     */
    private Connector wireOrJdbc(Connector c) {
        try (WireConnection probe = c.openWire()) {
            return c;
        } catch (UnsupportedLogin e) {
            System.err.println("benchkit: " + script.workloadName() + ": the user logs in with " + e.plugin()
                    + ", which bench's own client does not speak; sessions use MariaDB Connector/J");
            return c.withJdbcSessions();
        } catch (IOException | WireError e) {
            return c;
        }
    }

    private TableLoader loader() {
        // oltp_insert.lua creates empty tables when --auto-inc is off, so its ids never collide.
        int rows = script == OltpScript.INSERT && !options.autoInc() ? 0 : options.tableSize();
        return new TableLoader(script.workloadName(), options, rows);
    }

    private void requireOneTable(String command) {
        if ((script == OltpScript.SELECT_RANDOM_POINTS || script == OltpScript.SELECT_RANDOM_RANGES) && options.tables() != 1) {
            throw new IllegalArgumentException(script.workloadName() + ": " + command + " does not support --tables > 1");
        }
    }

    @Override
    public boolean isPrepared(Target target) throws Exception {
        try {
            return loader().isPrepared(connector(target));
        } catch (SQLException e) {
            throw new IllegalStateException(SqlErrors.describe(script.workloadName(), e), e);
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        requireOneTable("prepare");
        loader().prepare(connector(target), context, options.rand().seed());
    }

    @Override
    public void cleanup(Target target) throws Exception {
        requireOneTable("cleanup");
        try {
            loader().cleanup(connector(target));
        } catch (SQLException e) {
            throw new IllegalStateException(SqlErrors.describe(script.workloadName() + " cleanup", e), e);
        }
    }

    @Override
    public Session openSession(Target target, SessionContext context) throws Exception {
        Connector c = connector(target);
        String name = script.workloadName();
        RequestScript events = events(context);
        if (c.usesWire()) {
            try {
                return new WireSession(name, events, c, options.ignoredErrors(), context.queries());
            } catch (WireError e) {
                throw new IllegalStateException(SqlErrors.describe(name, e.code(), e.sqlState(), e.getMessage()), e);
            } catch (IOException e) {
                throw new IllegalStateException(name + ": cannot connect to " + c + ": " + e.getMessage(), e);
            }
        }
        return new JdbcSession(name, events, c, options.ignoredErrors(), context.queries());
    }

    /** What one thread's events send: the same script whichever driver sends it. */
    private RequestScript events(SessionContext context) {
        switch (script) {
            case INSERT:
                return new InsertEvents(options, context.thread(), uniqueIds);
            case SELECT_RANDOM_POINTS: case SELECT_RANDOM_RANGES:
                return new RandomPoints(script == OltpScript.SELECT_RANDOM_RANGES, options, context.thread(),
                        context.threads());
            default:
                return new OltpEvents(options, steps, context.thread());
        }
    }
}

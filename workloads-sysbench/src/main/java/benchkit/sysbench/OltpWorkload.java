package benchkit.sysbench;

import benchkit.mysql.SqlErrors;
import benchkit.mysql.script.RequestScript;
import benchkit.mysql.script.ScriptSessions;
import benchkit.mysql.script.UnpreparedScript;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.sql.SQLException;
import java.util.List;

/** One sysbench script configured with its options; prepares, checks and drops the sbtest tables and opens sessions. */
public final class OltpWorkload implements Workload {
    private final OltpScript script;
    private final OltpOptions options;
    private final List<Step> steps;
    private final UniqueIds uniqueIds;
    /** The lock telling other runs this one uses a target's tables, per target (host, port, database). */
    private final java.util.Map<String, TablesInUse> inUse = new java.util.concurrent.ConcurrentHashMap<>();

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

    /** How this workload's sessions and prepare connect to {@code target} (--driver, --transport). */
    public ScriptSessions connector(Target target) {
        return options.client().to(target);
    }

    private TableLoader loader() {
        // oltp_insert.lua creates empty tables when --auto-inc is off, so its ids never collide.
        int rows = script == OltpScript.INSERT && !options.autoInc() ? 0 : options.tableSize();
        return new TableLoader(script.workloadName(), options, rows);
    }

    /** The lock of {@code target}'s tables, made on first use. */
    private TablesInUse tablesInUse(Target target) {
        ScriptSessions connector = connector(target);
        String server = target.host() + ":" + target.port();
        return inUse.computeIfAbsent(server + "/" + connector.databaseName(), k -> TablesInUse.of(connector, server));
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
            throw new IllegalStateException(script.workloadName() + ": " + SqlErrors.describe(e), e);
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        requireOneTable("prepare");
        // before anything is dropped: another run measuring these tables would fail mid-iteration
        tablesInUse(target).requireUnused(script.workloadName() + " prepare");
        loader().prepare(connector(target), context, options.rand().seed());
    }

    @Override
    public void cleanup(Target target) throws Exception {
        cleanup(target, () -> 1);
    }

    @Override
    public void cleanup(Target target, PrepareContext context) throws Exception {
        requireOneTable("cleanup");
        tablesInUse(target).requireUnused(script.workloadName() + " cleanup");
        try {
            loader().cleanup(connector(target), context);
        } catch (SQLException e) {
            throw new IllegalStateException(script.workloadName() + " cleanup: " + SqlErrors.describe(e), e);
        }
    }

    @Override
    public void prewarm(Target target, PrepareContext context) throws Exception {
        requireOneTable("prewarm");
        loader().prewarm(connector(target), context);
    }

    @Override
    public Session openSession(Target target, SessionContext context) {
        tablesInUse(target).use();     // once per run and target: the sessions' events ask nothing more
        RequestScript events = options.prepared() ? events(context) : new UnpreparedScript(events(context));
        return connector(target).openSession(script.workloadName(), events, options.ignoredErrors(), context.queries());
    }

    /** The run ends: other runs may prepare the tables again. */
    @Override
    public void finishRun() {
        inUse.values().forEach(TablesInUse::close);
        inUse.clear();
    }

    @Override
    public void close() {
        finishRun();
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

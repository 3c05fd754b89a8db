package benchkit.memcached.sql;

import benchkit.memcached.kv.KvData;
import benchkit.memcached.kv.KvEvents;
import benchkit.memcached.kv.KvOptions;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

/**
 * The SQL baseline: the memcached workloads' gets and sets as point statements on an InnoDB
 * table, on any MySQL or MariaDB target. {@code --flush} truncates and reloads when the first
 * session of a trial opens, as the memcached workloads do.
 */
public final class SqlKvWorkload implements Workload {
    private final SqlKvOptions options;
    private final KvData data;

    public SqlKvWorkload(SqlKvOptions options) {
        this.options = options;
        this.data = new KvData(options.kv());
    }

    public SqlKvOptions options() {
        return options;
    }

    @Override
    public boolean isPrepared(Target target) throws Exception {
        return loader(target).loaded();
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        SqlKvSchema.create(target, options.table());
        if (!options.kv().flush()) {
            loader(target).load(context.threads());
            context.progress("table " + options.table(), options.kv().initialLoad(), options.kv().initialLoad());
        }
    }

    @Override
    public void cleanup(Target target) throws Exception {
        loader(target).drop();
    }

    @Override
    public long eventsPerThread() {
        return options.kv().executeNumber();
    }

    @Override
    public Session openSession(Target target, SessionContext context) throws Exception {
        KvOptions kv = options.kv();
        if (kv.flush() && context.thread() == 0) {
            // the runner opens every session before any runs, so this happens between trials
            SqlKvLoader loader = loader(target);
            loader.truncate();
            loader.load(context.threads());
        }
        KvEvents events = data.events(context.thread(), context.threads());
        return options.client().to(target).openSession(options.workload(),
                new SqlKvEvents(options.table(), events), options.ignoredErrors(), context.queries());
    }

    private SqlKvLoader loader(Target target) {
        return new SqlKvLoader(target, options.table(), options.kv().initialLoad(), data.keys(), options.kv().valueSizes(),
                data.values());
    }
}

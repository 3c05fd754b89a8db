package benchkit.memcached.sql;

import benchkit.memcached.kv.KvEvents;
import benchkit.memcached.kv.KvWorkload;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;

/**
 * The SQL baseline: the memcached workloads' gets and sets as point statements on an InnoDB
 * table, on any MySQL or MariaDB target. {@code --flush} truncates and reloads when the first
 * session of a trial opens, as the memcached workloads do.
 */
public final class SqlKvWorkload extends KvWorkload<SqlKvOptions> {
    public SqlKvWorkload(SqlKvOptions options) {
        super(options);
    }

    @Override
    public boolean isPrepared(Target target) throws Exception {
        return loader(target).loaded();
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        SqlKvSchema.create(target, options().table());
        if (!kv().flush()) {
            loader(target).load(context.threads());
            context.progress("table " + options().table(), kv().initialLoad(), kv().initialLoad());
        }
    }

    @Override
    public void cleanup(Target target) throws Exception {
        loader(target).drop();
    }

    @Override
    protected void reload(Target target, int threads) throws Exception {
        SqlKvLoader loader = loader(target);
        loader.truncate();
        loader.load(threads);
    }

    @Override
    protected Session session(Target target, SessionContext context, KvEvents events) throws Exception {
        return options().client().to(target).openSession(options().workload(),
                new SqlKvEvents(options().table(), events), options().ignoredErrors(), context.queries());
    }

    private SqlKvLoader loader(Target target) {
        return new SqlKvLoader(target, options().table(), kv().initialLoad(), data().keys(), kv().valueSizes(),
                data().values());
    }
}

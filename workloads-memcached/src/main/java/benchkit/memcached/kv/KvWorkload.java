package benchkit.memcached.kv;

import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

/**
 * What every key-value workload (memcached and the SQL baseline) does alike from {@link KvOptions}, so both run the
 * same events: {@code --execute-number} events per thread, each session's {@link KvEvents}, and with {@code --flush}
 * the store emptied and loaded again when the first session of a trial opens, as each memslap run does.
 *
 * @param <O> the workload's whole options, the shared ones among them
 */
public abstract class KvWorkload<O extends KvOptions.Part> implements Workload {
    private final O options;
    private final KvOptions kv;
    private final KvData data;

    protected KvWorkload(O options) {
        this.options = options;
        this.kv = options.kv();
        this.data = new KvData(kv);
    }

    public final O options() {
        return options;
    }

    protected final KvOptions kv() {
        return kv;
    }

    protected final KvData data() {
        return data;
    }

    @Override
    public final long eventsPerThread() {
        return kv.executeNumber();
    }

    @Override
    public final Session openSession(Target target, SessionContext context) throws Exception {
        if (kv.flush() && context.thread() == 0) {
            // the runner opens every session before any runs, so this happens between trials
            reload(target, context.threads());
        }
        return session(target, context, data.events(context.thread(), context.threads()));
    }

    /** Empties the store and loads {@code --initial-load} again over up to {@code threads} connections. */
    protected abstract void reload(Target target, int threads) throws Exception;

    /** Session {@code context.thread()}, running {@code events}. */
    protected abstract Session session(Target target, SessionContext context, KvEvents events) throws Exception;
}

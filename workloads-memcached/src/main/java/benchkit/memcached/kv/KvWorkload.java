package benchkit.memcached.kv;

import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.util.Optional;

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

    /**
     * An iteration whose every get missed though every key of the key space was loaded measured misses, not the gets
     * planned: the store lost the data (memcached restarted, which empties it, or flushed by someone else). Sessions
     * count a hit as a read and a miss as an other; an iteration with a hit is judged valid (evictions miss some keys).
     */
    @Override
    public final Optional<String> invalidIteration(long reads, long writes, long others) {
        if (others == 0 || reads > 0 || kv.initialLoad() < kv.keys()) {
            return Optional.empty();
        }
        return Optional.of("all " + others + " gets missed, though all " + kv.keys() + " keys were loaded before the run: "
                + "the server lost them (restarted or flushed?); the next run loads them again");
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

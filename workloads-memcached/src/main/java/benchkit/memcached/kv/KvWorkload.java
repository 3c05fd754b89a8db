package benchkit.memcached.kv;

import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

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
     * count a hit as a read and a miss as an other; by the counts alone an iteration with a hit is valid. The runner asks
     * {@link #invalidIteration(Target, long, long, long, Consumer)}, which asks the server first (its evictions too).
     */
    @Override
    public final Optional<String> invalidIteration(long reads, long writes, long others) {
        return allMissed(reads, others);
    }

    /** {@link #invalidIteration(Target, long, long, long, Consumer)} with its warnings left unsaid. */
    @Override
    public final Optional<String> invalidIteration(Target target, long reads, long writes, long others) {
        return invalidIteration(target, reads, writes, others, w -> { });
    }

    /**
     * What the server says happened during the iteration (a restart or a flush that emptied it of the keys loaded
     * before the run, or evictions that made most gets miss: {@link #lostSince}), what it refused ({@link #refused}),
     * else the counts' verdict. Asked always, so the server's state now is the next iteration's baseline, and the next
     * iterations are judged on their own.
     */
    @Override
    public final Optional<String> invalidIteration(Target target, long reads, long writes, long others,
                                                   Consumer<String> warnings) {
        Optional<String> lost = kv.initialLoad() > 0 ? lostSince(target, reads, others, warnings) : Optional.empty();
        Optional<String> refused = refused(writes, warnings);
        Optional<String> invalid = lost.or(() -> refused).or(() -> allMissed(reads, others));
        if (invalid.isEmpty()) {
            mostMissedUnloaded(reads, others).ifPresent(warnings);
        }
        return invalid;
    }

    /**
     * Misses the user asked for: with fewer keys loaded than {@code --keys} the gets of keys never loaded miss, which is
     * valid, but an iteration whose gets mostly missed measured misses, and is said so at each iteration (sweep 9, case
     * 18: an empty memcached's 42k misses/s looked like a get benchmark).
     */
    private Optional<String> mostMissedUnloaded(long hits, long misses) {
        if (misses <= hits || kv.initialLoad() >= kv.keys()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%.0f%%", 100.0 * misses / (hits + misses))
                + " of this iteration's gets missed (" + misses + " of " + (hits + misses) + "), as --initial-load "
                + kv.initialLoad() + " loaded " + (kv.initialLoad() == 0 ? "no" : "only " + kv.initialLoad() + " of the "
                + kv.keys()) + " keys: the score measures misses; give --initial-load all to measure hits");
    }

    /** Said at the start when the gets can only miss: no key loaded before the run ({@code --initial-load 0}). */
    @Override
    public List<String> notes() {
        if (kv.initialLoad() > 0 || kv.setShare() >= 1) {
            return List.of();
        }
        return List.of("--initial-load 0 loads no keys: the gets miss" + (kv.setShare() > 0
                ? " until the sets store their keys" : ", every one, and the run measures misses")
                + "; give --initial-load all to measure hits");
    }

    private Optional<String> allMissed(long reads, long others) {
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
        if (kv.initialLoad() > 0 && context.thread() == 0) {
            // after bench's own load (and --flush's flush_all): what the iterations' ends compare with
            watchFrom(target);
        }
        return session(target, context, data.events(context.thread(), context.threads()));
    }

    /** Empties the store and loads {@code --initial-load} again over up to {@code threads} connections. */
    protected abstract void reload(Target target, int threads) throws Exception;

    /** Notes the store's state as the trial's sessions open, for {@link #lostSince}; nothing by default. */
    protected void watchFrom(Target target) {
    }

    /**
     * Why the store on {@code target} lost the keys loaded before the run since the last look (at the last iteration's
     * end or {@link #watchFrom}), in one line; empty when it did not, or cannot tell (the default: the counts judge).
     * {@code hits} and {@code misses} are the iteration's gets; what the user should know that does not make it invalid
     * goes to {@code warnings}.
     */
    protected Optional<String> lostSince(Target target, long hits, long misses, Consumer<String> warnings) {
        return Optional.empty();
    }

    /**
     * Why the iteration, whose sessions stored {@code stored} values, measured refusals rather than sets (most sets
     * refused), in one line; empty by default. Asked at every iteration's end, so a count it keeps moves on.
     */
    protected Optional<String> refused(long stored, Consumer<String> warnings) {
        return Optional.empty();
    }

    /** Session {@code context.thread()}, running {@code events}. */
    protected abstract Session session(Target target, SessionContext context, KvEvents events) throws Exception;
}

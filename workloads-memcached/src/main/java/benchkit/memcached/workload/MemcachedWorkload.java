package benchkit.memcached.workload;

import benchkit.memcached.client.MemcachedProbe;
import benchkit.memcached.client.SpyClients;
import benchkit.memcached.innodb.InnodbMemcachedLauncher;
import benchkit.memcached.kv.KvEvents;
import benchkit.memcached.kv.KvWorkload;
import benchkit.memcached.stats.ConnectionLimit;
import benchkit.memcached.stats.KeyLossWatch;
import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import net.spy.memcached.MemcachedClient;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

/**
 * Gets and sets against memcached (native, or MySQL's InnoDB memcached plugin): one connection
 * per server per session, through benchkit's blocking {@link benchkit.memcached.client.DirectConnection}
 * or a spymemcached client ({@code --client}). Without {@code --flush} the initial load
 * happens in {@link #prepare} once per server; with it, the first session of each trial empties
 * the servers and loads again before any session starts, as each memslap run does.
 */
public final class MemcachedWorkload extends KvWorkload<MemcachedOptions> {
    /** Whether each server restarted or was flushed during an iteration (issue #51). */
    private final KeyLossWatch watch;
    /** Whether a server turned connections away at its -c (sweep 9, case 50). */
    private final ConnectionLimit limit;

    /** The lists of servers that answered as memcached ({@link #answering}). */
    private final java.util.Set<List<InetSocketAddress>> answered = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Sets the servers refused as larger than their item size limit, counted by the sessions. */
    private final LongAdder tooLarge = new LongAdder();
    /** Of them, those already judged at an iteration's end. */
    private long tooLargeJudged;
    /** Whether this trial has warned of evictions (once a trial: the cause stays). */
    private volatile boolean warnedEvictions;
    /** Whether this trial's warnings have explained the item size limit (the next ones give the remedy alone). */
    private volatile boolean explainedTooLarge;

    public MemcachedWorkload(MemcachedOptions options) {
        super(options);
        this.watch = new KeyLossWatch(options.socketTimeoutMillis());
        this.limit = new ConnectionLimit(options.socketTimeoutMillis());
    }

    /** The kinds of get ({@link #eventKinds()}), indexes into {@link #GET_KINDS}. */
    static final int HIT = 0;
    static final int MISS = 1;
    private static final List<String> GET_KINDS = List.of("hit", "miss");

    /**
     * A get's answer, counted alike by every session: a hit is {@code reads(1)}, a miss {@code others(1)} (an answer,
     * not an error), each named for its rate.
     */
    static void countGet(boolean hit, QueryCounter counter, IntConsumer kind) {
        if (hit) {
            counter.reads(1);
            kind.accept(HIT);
        } else {
            counter.others(1);
            kind.accept(MISS);
        }
    }

    /**
     * Hits and misses each get their rate ({@code tps.hit}, {@code tps.miss}) in the results and the journal: a run's
     * misses are otherwise nowhere (sweep 9, case 18). Sets have none of their own: they are the rest of the total.
     */
    @Override
    public List<String> eventKinds() {
        return kv().setShare() >= 1 ? List.of() : GET_KINDS;
    }

    /** The servers loaded: {@code --memcached-servers}, else the target's host and port. */
    public List<InetSocketAddress> servers(Target target) {
        return options().servers() != null ? options().servers()
                : List.of(InetSocketAddress.createUnresolved(target.host(), target.port()));
    }

    /** The first of {@code --memcached-servers}, when given: the run's server, not checked before the load. */
    @Override
    public Optional<Target> namedServer() {
        if (options().servers() == null) {
            return Optional.empty();
        }
        InetSocketAddress first = options().servers().get(0);
        return Optional.of(Target.builder().host(first.getHostString()).port(first.getPort())
                .product("memcached").user("").database("").build());
    }

    @Override
    public boolean isPrepared(Target target) throws Exception {
        answering(target);
        try {
            return kv().flush() || loader(target).loaded();
        } catch (Exception e) {
            throw limited(target, e);
        }
    }

    /** {@code e}, or when a server turned connections away at its limit meanwhile, the line that says so. */
    private Exception limited(Target target, Exception e) {
        Optional<String> said = limit.since(servers(target));
        return said.isEmpty() ? e : new java.io.IOException(said.get(), e);
    }

    /**
     * Checks, once for each list of servers, that they answer as memcached in the protocol asked for: the client library
     * would else say "Cancelled" of a MySQL port, or time out on a memcached that speaks text only.
     */
    private void answering(Target target) throws java.io.IOException {
        List<InetSocketAddress> servers = servers(target);
        if (!answered.contains(servers)) {
            MemcachedProbe.requireAnswers(servers, options().protocol(),
                    options().socketTimeoutMillis());
            limit.note(servers);
            answered.add(servers);
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        if (!kv().flush()) {
            long total = kv().initialLoad();
            watch.loading(servers(target));
            try {
                loader(target).load(context.threads(), done -> context.progress("memcached keys", done, total));
            } catch (Exception e) {
                throw limited(target, e);
            }
        }
    }

    @Override
    public void cleanup(Target target) throws Exception {
        answering(target);
        loader(target).flush();
    }

    @Override
    protected void reload(Target target, int threads) throws Exception {
        MemcachedLoader loader = loader(target);
        watch.loading(servers(target));
        loader.flush();
        loader.load(threads, done -> { });
    }

    @Override
    protected void watchFrom(Target target) {
        warnedEvictions = false;
        watch.look(servers(target));
    }

    @Override
    protected Optional<String> lostSince(Target target, long hits, long misses, Consumer<String> warnings) {
        List<String> happened = watch.since(servers(target));
        if (happened.isEmpty()) {
            return evicted(servers(target), hits, misses, warnings);
        }
        // the InnoDB plugin keeps its keys in a table, which a restart keeps (a flush_all empties it)
        boolean keysKept = InnodbMemcachedLauncher.PRODUCT.equals(target.product())
                && happened.stream().noneMatch(h -> h.contains(" was flushed "));
        String what = keysKept ? "the iteration measured a restart, not the workload; run it again"
                : "the keys loaded before the run are gone; the next " + (kv().flush() ? "trial" : "run") + " loads them again";
        return Optional.of(String.join("; ", happened) + ": " + what);
    }

    /**
     * Misses that the servers' evictions since bench loaded its keys explain (sweep 7, case 39: a memcached -m 2 holding
     * 460 of 20,000 keys missed 98% of its gets, a valid score): when most of the iteration's gets missed keys that were
     * all loaded, it measured misses, not the workload, and is invalid; fewer misses are what such a server does, and
     * stay valid with a warning, once a trial.
     */
    private Optional<String> evicted(List<InetSocketAddress> servers, long hits, long misses, Consumer<String> warnings) {
        List<KeyLossWatch.Evicted> evicted = watch.evicted(servers);
        if (evicted.isEmpty() || misses == 0) {
            return Optional.empty();
        }
        String who = evicted.stream().map(e -> "memcached " + e.server() + " evicted " + e.evictions() + " items since "
                + e.since()).collect(Collectors.joining(", "));
        String missed = percent(misses, hits + misses) + " of this iteration's gets missed";
        String remedy = tooLittleMemory();
        if (misses > hits && kv().initialLoad() >= kv().keys()) {
            return Optional.of(who + " and " + missed + ": the iteration measured misses, not the workload; " + remedy);
        }
        if (!warnedEvictions) {
            warnedEvictions = true;
            warnings.accept(who + " and " + missed + ": " + remedy);
        }
        return Optional.empty();
    }

    /**
     * Sets the servers refused as too large since the last iteration's end (sweep 7, case 75: a 1 MB --value-size on
     * memcached's default 1 MB item limit looked like a stalled server). More refused than stored (the rule for evicted
     * keys' misses) makes the iteration invalid, naming the limit: it measured refusals, not sets; fewer, a warning at
     * every iteration, with their share, as the score leaves them out (the limit explained at a trial's first) (sweep 8: said once, at the warm-up, the
     * measured iterations' half refused went unsaid).
     */
    @Override
    protected Optional<String> refused(long stored, Consumer<String> warnings) {
        long now = tooLarge.sum();
        long refused = now - tooLargeJudged;
        tooLargeJudged = now;
        if (refused == 0) {
            return Optional.empty();
        }
        String remedy = tooLargeRemedy(kv().valueSizes().max());
        if (stored == 0) {
            return Optional.of("memcached refused all " + refused + " sets of this iteration as too large: " + remedy);
        }
        String share = "memcached refused " + refused + " of this iteration's " + (refused + stored) + " sets ("
                + percent(refused, refused + stored) + ") as too large";
        if (refused > stored) {
            return Optional.of(share + ": the iteration measured refusals, not sets; " + remedy);
        }
        warnings.accept(share + ", errors the score leaves out: " + (explainedTooLarge ? TOO_LARGE_REMEDY : remedy));
        explainedTooLarge = true;
        return Optional.empty();
    }

    /** Why memcached evicts the keys loaded, or refuses to store them, and what to do. */
    static String tooLittleMemory() {
        return "its memory (memcached -m) is too small for --keys × --value-size; start it with a larger -m, or run fewer "
                + "--keys";
    }

    /** Why memcached refuses values up to {@code maxValue} bytes as too large, and what to do. */
    static String tooLargeRemedy(int maxValue) {
        return "its item size limit (memcached -I, 1 MB by default, which holds the key and about 50 bytes of its own too) "
                + "is below --value-size (up to " + maxValue + " bytes); " + TOO_LARGE_REMEDY;
    }

    private static final String TOO_LARGE_REMEDY = "lower --value-size or start memcached with a larger -I";

    private static String percent(long part, long whole) {
        double p = 100.0 * part / whole;
        return String.format(Locale.ROOT, p < 1 ? "%.1f%%" : "%.0f%%", p);
    }

    @Override
    protected Session session(Target target, SessionContext context, KvEvents events) throws Exception {
        if (context.thread() == 0) {
            explainedTooLarge = false;
        }
        try {
            return open(target, context, events);
        } catch (Exception e) {
            throw limited(target, e);
        }
    }

    private Session open(Target target, SessionContext context, KvEvents events) throws Exception {
        List<InetSocketAddress> servers = servers(target);
        if (options().client() == MemcachedOptions.Client.DIRECT) {
            return new DirectMemcachedSession(servers, options().protocol(),
                    options().socketTimeoutMillis(), events, context.queries(), tooLarge, context::eventKind);
        }
        MemcachedClient client = SpyClients.open(servers, options().protocol(), options().timeoutMillis());
        return new MemcachedSession(client, events, context.queries(), options().timeoutMillis(), options().pipeline(),
                tooLarge, context::eventKind);
    }

    private MemcachedLoader loader(Target target) {
        return new MemcachedLoader(options(), servers(target), data().keys(), data().values());
    }
}

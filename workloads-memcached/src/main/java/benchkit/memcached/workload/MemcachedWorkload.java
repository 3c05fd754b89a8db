package benchkit.memcached.workload;

import benchkit.memcached.client.MemcachedProbe;
import benchkit.memcached.client.SpyClients;
import benchkit.memcached.innodb.InnodbMemcachedLauncher;
import benchkit.memcached.kv.KvEvents;
import benchkit.memcached.kv.KvWorkload;
import benchkit.memcached.stats.KeyLossWatch;
import benchkit.spi.PrepareContext;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import net.spy.memcached.MemcachedClient;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;

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

    /** The lists of servers that answered as memcached ({@link #answering}). */
    private final java.util.Set<List<InetSocketAddress>> answered = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public MemcachedWorkload(MemcachedOptions options) {
        super(options);
        this.watch = new KeyLossWatch(options.socketTimeoutMillis());
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
        return kv().flush() || loader(target).loaded();
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
            answered.add(servers);
        }
    }

    @Override
    public void prepare(Target target, PrepareContext context) throws Exception {
        if (!kv().flush()) {
            long total = kv().initialLoad();
            loader(target).load(context.threads(), done -> context.progress("memcached keys", done, total));
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
        loader.flush();
        loader.load(threads, done -> { });
    }

    @Override
    protected void watchFrom(Target target) {
        watch.look(servers(target));
    }

    @Override
    protected Optional<String> lostSince(Target target) {
        List<String> happened = watch.since(servers(target));
        if (happened.isEmpty()) {
            return Optional.empty();
        }
        // the InnoDB plugin keeps its keys in a table, which a restart keeps (a flush_all empties it)
        boolean keysKept = InnodbMemcachedLauncher.PRODUCT.equals(target.product())
                && happened.stream().noneMatch(h -> h.contains(" was flushed "));
        String what = keysKept ? "the iteration measured a restart, not the workload; run it again"
                : "the keys loaded before the run are gone; the next " + (kv().flush() ? "trial" : "run") + " loads them again";
        return Optional.of(String.join("; ", happened) + ": " + what);
    }

    @Override
    protected Session session(Target target, SessionContext context, KvEvents events) throws Exception {
        List<InetSocketAddress> servers = servers(target);
        if (options().client() == MemcachedOptions.Client.DIRECT) {
            return new DirectMemcachedSession(servers, options().protocol(),
                    options().socketTimeoutMillis(), events, context.queries());
        }
        MemcachedClient client = SpyClients.open(servers, options().protocol(), options().timeoutMillis());
        return new MemcachedSession(client, events, context.queries(), options().timeoutMillis(), options().pipeline());
    }

    private MemcachedLoader loader(Target target) {
        return new MemcachedLoader(options(), servers(target), data().keys(), data().values());
    }
}

package benchkit.memcached.workload;

import benchkit.memcached.client.MemcachedServers;
import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.client.SpyClients;
import benchkit.memcached.kv.KeySpace;
import benchkit.memcached.kv.KvLoad;
import benchkit.memcached.kv.ValuePool;
import benchkit.memcached.kv.ValueSizes;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;
import net.spy.memcached.ops.StatusCode;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongConsumer;

/** Stores keys k0..k(N-1) (memslap's --initial-load) and empties servers (--flush), outside the measured run. */
final class MemcachedLoader {
    private static final int WINDOW = 256;

    private final MemcachedOptions options;
    private final List<InetSocketAddress> servers;
    private final KeySpace keys;
    private final ValueSizes sizes;
    private final ValuePool values;

    MemcachedLoader(MemcachedOptions options, List<InetSocketAddress> servers, KeySpace keys, ValuePool values) {
        this.options = options;
        this.servers = servers;
        this.keys = keys;
        this.sizes = options.kv().valueSizes();
        this.values = values;
    }

    void flush() throws IOException {
        for (InetSocketAddress s : servers) {
            MemcachedText.flushAll(s.getHostString(), s.getPort(), options.socketTimeoutMillis());
        }
    }

    /**
     * Whether the first and the last key of the initial load are stored, with values of this run's --value-size: keys an
     * earlier run stored with other sizes would measure that run's values, not the ones asked for.
     */
    boolean loaded() throws Exception {
        long n = options.kv().initialLoad();
        if (n == 0) {
            return true;
        }
        MemcachedClient c = SpyClients.open(servers, options.protocol(), options.timeoutMillis());
        try {
            return ofThisRunsSize(c.get(keys.key(0), benchkit.memcached.client.RawBytesTranscoder.INSTANCE))
                    && ofThisRunsSize(c.get(keys.key(n - 1), benchkit.memcached.client.RawBytesTranscoder.INSTANCE));
        } finally {
            c.shutdown(options.timeoutMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private boolean ofThisRunsSize(byte[] value) {
        return value != null && value.length >= sizes.min() && value.length <= sizes.max();
    }

    /** Loads the initial keys over {@code threads} connections, each with a window of async sets. */
    void load(int threads, LongConsumer progress) throws Exception {
        long n = options.kv().initialLoad();
        if (n == 0) {
            return;
        }
        int t = (int) Math.max(1, Math.min(threads, Math.min(8, n)));
        KvLoad.inParts(n, t, "memcached-load", this::loadRange);
        progress.accept(n);
    }

    private void loadRange(long from, long to, long seed) throws Exception {
        MemcachedClient c = SpyClients.open(servers, options.protocol(), options.timeoutMillis());
        SplittableRandom random = new SplittableRandom(seed);
        ArrayDeque<OperationFuture<Boolean>> pending = new ArrayDeque<>();
        try {
            for (long k = from; k < to; k++) {
                pending.add(c.set(keys.key(k), 0, values.value(sizes.next(random)),
                        benchkit.memcached.client.RawBytesTranscoder.INSTANCE));
                if (pending.size() >= WINDOW) {
                    check(pending.poll());
                }
            }
            while (!pending.isEmpty()) {
                check(pending.poll());
            }
        } finally {
            c.shutdown(options.timeoutMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void check(OperationFuture<Boolean> f) throws Exception {
        Boolean ok;
        try {
            ok = f.get(options.timeoutMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("initial load: a set timed out after " + options.timeoutMillis() + " ms on "
                    + MemcachedServers.describe(servers));
        } catch (ExecutionException e) {
            // the text protocol's SERVER_ERROR fails the set: memcached's own words say why
            String said = String.valueOf(e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
            throw refusal(f.getKey(), null, said, e).orElseThrow(() -> e);
        }
        if (!Boolean.TRUE.equals(ok)) {
            String said = f.getStatus().getMessage();
            throw refusal(f.getKey(), f.getStatus().getStatusCode(), said, null).orElseGet(() -> new IOException(
                    "initial load: the server refused to store " + f.getKey() + " (" + said + ") on "
                            + MemcachedServers.describe(servers)));
        }
    }

    /**
     * A set the server refused, as a line naming the cause and the remedy, where memcached says which: a value above its
     * item size limit (-I), or out of memory (sweep 8: a 64 MB memcached refused 1 MB values "Out of memory allocating
     * item", with no remedy; over the text protocol its words came after a Java class's name).
     */
    private Optional<IOException> refusal(String key, StatusCode code, String said, Exception cause) {
        String where = "initial load: memcached at " + MemcachedServers.describe(servers) + " refused " + key;
        String words = said.toLowerCase(Locale.ROOT);
        if (code == StatusCode.ERR_2BIG || words.contains("too large")) {
            return Optional.of(new IOException(where + " as too large: " + MemcachedWorkload.tooLargeRemedy(sizes.max()),
                    cause));
        }
        if (code == StatusCode.ERR_NO_MEM || words.contains("out of memory")) {
            return Optional.of(new IOException(where + " as out of memory: " + MemcachedWorkload.tooLittleMemory()
                    + ", or a smaller --value-size", cause));
        }
        return Optional.empty();
    }
}

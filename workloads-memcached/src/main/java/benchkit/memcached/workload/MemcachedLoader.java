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

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;
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
        }
        if (!Boolean.TRUE.equals(ok)) {
            if (f.getStatus().getStatusCode() == net.spy.memcached.ops.StatusCode.ERR_2BIG) {
                throw new IOException("initial load: memcached at " + MemcachedServers.describe(servers) + " refused "
                        + f.getKey() + " as too large: " + MemcachedWorkload.tooLargeRemedy(sizes.max()));
            }
            throw new IOException("initial load: the server refused to store " + f.getKey() + " ("
                    + f.getStatus().getMessage() + ") on " + MemcachedServers.describe(servers));
        }
    }
}

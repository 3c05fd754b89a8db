package benchkit.memcached.workload;

import benchkit.memcached.kv.KeyPattern;
import benchkit.memcached.kv.KeySpace;
import benchkit.memcached.kv.KvOperation;
import benchkit.memcached.kv.ValuePool;
import benchkit.memcached.kv.ValueSizes;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import net.spy.memcached.MemcachedClient;

import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static benchkit.memcached.client.RawBytesTranscoder.INSTANCE;

/**
 * One client thread on its own connection. Each event is one get or one set. With a pipeline of 1
 * the event waits for its reply (as memslap); with N > 1 up to N requests are in flight and an
 * event returns the outcome of the oldest once the window is full (the first N-1 events only send).
 *
 * <p>Counts: a set stored is {@code writes(1)}; a get hit is {@code reads(1)}; a get miss is
 * {@code others(1)} and still OK (a miss is an answer, not an error). A set the server refuses
 * or a timeout is {@link Outcome#ERROR}; a request cancelled because the connection dropped is
 * {@link Outcome#RETRY}.
 */
final class MemcachedSession implements Session {
    private final MemcachedClient client;
    private final KvOperation operation;
    private final double setShare;
    private final KeySpace keys;
    private final KeyPattern.Chooser chooser;
    private final ValueSizes sizes;
    private final ValuePool values;
    private final SplittableRandom random;
    private final QueryCounter counter;
    private final long timeoutMillis;
    private final Future<?>[] window;
    private final boolean[] windowIsSet;
    private int head;
    private int inFlight;

    MemcachedSession(MemcachedClient client, KvOperation operation, double setShare, KeySpace keys,
                     KeyPattern.Chooser chooser, ValueSizes sizes, ValuePool values, SplittableRandom random,
                     QueryCounter counter, long timeoutMillis, int pipeline) {
        this.client = client;
        this.operation = operation;
        this.setShare = setShare;
        this.keys = keys;
        this.chooser = chooser;
        this.sizes = sizes;
        this.values = values;
        this.random = random;
        this.counter = counter;
        this.timeoutMillis = timeoutMillis;
        this.window = new Future<?>[pipeline];
        this.windowIsSet = new boolean[pipeline];
    }

    @Override
    public Outcome execute() throws Exception {
        boolean set = operation.nextIsSet(random, setShare);
        String key = keys.key(chooser.next());
        Future<?> f = set ? client.set(key, 0, values.value(sizes.next(random)), INSTANCE) : client.asyncGet(key, INSTANCE);
        int slot = (head + inFlight) % window.length;
        window[slot] = f;
        windowIsSet[slot] = set;
        inFlight++;
        if (inFlight < window.length) {
            return Outcome.OK;
        }
        return retireOldest();
    }

    private Outcome retireOldest() throws InterruptedException {
        Future<?> f = window[head];
        boolean set = windowIsSet[head];
        window[head] = null;
        head = (head + 1) % window.length;
        inFlight--;
        return await(f, set);
    }

    private Outcome await(Future<?> f, boolean set) throws InterruptedException {
        Object result;
        try {
            result = f.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(false);
            return Outcome.ERROR;
        } catch (CancellationException e) {
            return Outcome.RETRY;
        } catch (ExecutionException e) {
            return e.getCause() instanceof CancellationException ? Outcome.RETRY : Outcome.ERROR;
        }
        if (set) {
            if (Boolean.TRUE.equals(result)) {
                counter.writes(1);
                return Outcome.OK;
            }
            return Outcome.ERROR;
        }
        if (result != null) {
            counter.reads(1);
        } else {
            counter.others(1);
        }
        return Outcome.OK;
    }

    @Override
    public void close() {
        try {
            // the requests still in flight complete (and count) so the server is quiet afterwards
            while (inFlight > 0) {
                retireOldest();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            client.shutdown(timeoutMillis, TimeUnit.MILLISECONDS);
        }
    }
}

package benchkit.memcached.workload;

import benchkit.memcached.kv.KvEvents;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import net.spy.memcached.MemcachedClient;

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
    private final KvEvents events;
    private final QueryCounter counter;
    private final long timeoutMillis;
    private final Future<?>[] window;
    private final boolean[] windowIsSet;
    private int head;
    private int inFlight;

    MemcachedSession(MemcachedClient client, KvEvents events, QueryCounter counter, long timeoutMillis, int pipeline) {
        this.client = client;
        this.events = events;
        this.counter = counter;
        this.timeoutMillis = timeoutMillis;
        this.window = new Future<?>[pipeline];
        this.windowIsSet = new boolean[pipeline];
    }

    @Override
    public Outcome execute() throws Exception {
        boolean set = events.nextIsSet();
        String key = events.nextKey();
        Future<?> f = set ? client.set(key, 0, events.nextValue(), INSTANCE) : client.asyncGet(key, INSTANCE);
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

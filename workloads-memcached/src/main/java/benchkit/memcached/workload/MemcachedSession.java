package benchkit.memcached.workload;

import benchkit.memcached.kv.KvEvents;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import net.spy.memcached.ConnectionObserver;
import net.spy.memcached.MemcachedClient;
import net.spy.memcached.internal.OperationFuture;
import net.spy.memcached.ops.OperationStatus;
import net.spy.memcached.ops.StatusCode;

import java.net.SocketAddress;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import static benchkit.memcached.client.RawBytesTranscoder.INSTANCE;

/**
 * One client thread on its own connection. Each event is one get or one set. With a pipeline of 1
 * the event waits for its reply (as memslap); with N > 1 up to N requests are in flight and an
 * event returns the outcome of the oldest once the window is full (the first N-1 events only send).
 *
 * <p>Counts: a set stored is {@code writes(1)}; a get hit is {@code reads(1)}; a get miss is
 * {@code others(1)} and still OK (a miss is an answer, not an error). A set the server refuses
 * or a timeout is {@link Outcome#ERROR}; a request cancelled because the connection dropped waits for spymemcached to
 * connect again (at most the timeout) and is {@link Outcome#RETRY} once per connection made again, else
 * {@link Outcome#ERROR}: spymemcached cancels every request at once while it is down, which counted as tens of
 * thousands of reconnects a second (sweep 6).
 */
final class MemcachedSession implements Session {
    private final MemcachedClient client;
    private final KvEvents events;
    private final QueryCounter counter;
    private final long timeoutMillis;
    private final Future<?>[] window;
    private final boolean[] windowIsSet;
    /** How many connections spymemcached had made again when each request in the window was sent. */
    private final int[] windowSentAfter;
    /** Connections spymemcached made again since this session opened (its I/O thread counts them). */
    private final AtomicInteger reconnected = new AtomicInteger();
    /** Of them, those already counted as a reconnect ({@link Outcome#RETRY}). */
    private int reconnectsCounted;
    private int head;
    private int inFlight;

    /** Counts the sets memcached refused as larger than its item size limit, for the iteration's verdict. */
    private final LongAdder tooLarge;

    /** Names each get a hit or a miss ({@link MemcachedWorkload#eventKinds()}). */
    private final IntConsumer kind;

    MemcachedSession(MemcachedClient client, KvEvents events, QueryCounter counter, long timeoutMillis, int pipeline,
                     LongAdder tooLarge, IntConsumer kind) {
        this.tooLarge = tooLarge;
        this.kind = kind;
        this.client = client;
        this.events = events;
        this.counter = counter;
        this.timeoutMillis = timeoutMillis;
        this.window = new Future<?>[pipeline];
        this.windowIsSet = new boolean[pipeline];
        this.windowSentAfter = new int[pipeline];
        // added once connected: what it hears from now on are connections made again
        client.addObserver(new ConnectionObserver() {
            @Override
            public void connectionEstablished(SocketAddress server, int reconnectCount) {
                reconnected.incrementAndGet();
            }

            @Override
            public void connectionLost(SocketAddress server) {
            }
        });
    }

    @Override
    public Outcome execute() throws Exception {
        boolean set = events.nextIsSet();
        String key = events.nextKey();
        Future<?> f = set ? client.set(key, 0, events.nextValue(), INSTANCE) : client.asyncGet(key, INSTANCE);
        int slot = (head + inFlight) % window.length;
        window[slot] = f;
        windowIsSet[slot] = set;
        windowSentAfter[slot] = reconnected.get();
        inFlight++;
        if (inFlight < window.length) {
            return Outcome.OK;
        }
        return retireOldest();
    }

    private Outcome retireOldest() throws InterruptedException {
        Future<?> f = window[head];
        boolean set = windowIsSet[head];
        int sentAfter = windowSentAfter[head];
        window[head] = null;
        head = (head + 1) % window.length;
        inFlight--;
        return await(f, set, sentAfter);
    }

    private Outcome await(Future<?> f, boolean set, int sentAfter) throws InterruptedException {
        Object result;
        try {
            result = f.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            f.cancel(false);
            return Outcome.ERROR;
        } catch (CancellationException e) {
            return cancelled(sentAfter);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancellationException) {
                return cancelled(sentAfter);
            }
            return refused(f, e.getCause());
        }
        if (set) {
            if (Boolean.TRUE.equals(result)) {
                counter.writes(1);
                return Outcome.OK;
            }
            return refused(f, null);
        }
        MemcachedWorkload.countGet(result != null, counter, kind);
        return Outcome.OK;
    }

    /** A request the server refused: an error, counted apart when the refusal says the value is too large. */
    private Outcome refused(Future<?> f, Throwable failure) {
        String said = failure == null ? "" : String.valueOf(failure.getMessage());
        if (f instanceof OperationFuture<?> op) {
            OperationStatus status = op.getStatus();
            if (status.getStatusCode() == StatusCode.ERR_2BIG) {
                tooLarge.increment();
                return Outcome.ERROR;
            }
            said += " " + status.getMessage();
        }
        // the server's own words (text protocol: SERVER_ERROR object too large for cache; binary: Too large.)
        if (said.toLowerCase(Locale.ROOT).contains("too large")) {
            tooLarge.increment();
        }
        return Outcome.ERROR;
    }

    /**
     * A request sent after {@code sentAfter} connections were made again was cancelled: its connection dropped. Waits
     * (at most the timeout) for spymemcached to connect again; the first request of a drop to see it is the reconnect,
     * the others the drop cancelled failed, as does one whose connection is still down.
     */
    private Outcome cancelled(int sentAfter) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (reconnected.get() == sentAfter) {
            if (System.nanoTime() - deadline > 0) {
                return Outcome.ERROR;
            }
            Thread.sleep(1);
        }
        int now = reconnected.get();
        if (now > reconnectsCounted) {
            reconnectsCounted = now;
            return Outcome.RETRY;
        }
        return Outcome.ERROR;
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

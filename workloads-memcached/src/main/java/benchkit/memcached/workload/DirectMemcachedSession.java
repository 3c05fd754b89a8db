package benchkit.memcached.workload;

import benchkit.memcached.client.DirectConnection;
import benchkit.memcached.client.SpyClients.Protocol;
import benchkit.memcached.kv.KvEvents;
import benchkit.spi.Outcome;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * One client thread with one blocking {@link DirectConnection} per server (a key goes to server
 * {@code unsigned String.hashCode() mod n}, spymemcached's default placement): request, reply, next, as memslap. Counted as {@link MemcachedSession}:
 * set stored {@code writes(1)}, hit {@code reads(1)}, miss {@code others(1)}; a refused set is
 * {@link Outcome#ERROR} (one refused as too large is counted for the iteration's verdict); a timeout reconnects and is {@link Outcome#ERROR}; a dropped connection
 * reconnects and is {@link Outcome#RETRY}; a failed reconnect ends the run.
 */
final class DirectMemcachedSession implements Session {
    private final List<InetSocketAddress> servers;
    private final Protocol protocol;
    private final int timeoutMillis;
    private final int maxValue;
    private final DirectConnection[] connections;
    private final KvEvents events;
    private final QueryCounter counter;
    /** Counts the sets memcached refused as larger than its item size limit, for the iteration's verdict. */
    private final LongAdder tooLarge;
    /** Names each get a hit or a miss ({@link MemcachedWorkload#eventKinds()}). */
    private final IntConsumer kind;

    DirectMemcachedSession(List<InetSocketAddress> servers, Protocol protocol, int timeoutMillis, KvEvents events,
                           QueryCounter counter, LongAdder tooLarge, IntConsumer kind) throws IOException {
        this.tooLarge = tooLarge;
        this.kind = kind;
        this.servers = servers;
        this.protocol = protocol;
        this.timeoutMillis = timeoutMillis;
        this.maxValue = events.maxValueSize();
        this.connections = new DirectConnection[servers.size()];
        this.events = events;
        this.counter = counter;
        try {
            for (int i = 0; i < connections.length; i++) {
                connections[i] = new DirectConnection(servers.get(i), protocol, timeoutMillis, maxValue);
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    @Override
    public Outcome execute() throws Exception {
        boolean set = events.nextIsSet();
        String key = events.nextKey();
        // as spymemcached's default (ARRAY_MOD over NATIVE_HASH), so keys its loader stored are found here
        int server = connections.length == 1 ? 0 : (int) ((key.hashCode() & 0xffffffffL) % connections.length);
        DirectConnection c = connections[server];
        try {
            if (set) {
                int stored = c.set(key, events.nextValue());
                if (stored != DirectConnection.STORED) {
                    if (stored == DirectConnection.TOO_LARGE) {
                        tooLarge.increment();
                    }
                    return Outcome.ERROR;
                }
                counter.writes(1);
            } else {
                MemcachedWorkload.countGet(c.get(key) == DirectConnection.HIT, counter, kind);
            }
            return Outcome.OK;
        } catch (SocketTimeoutException e) {
            reconnect(server);
            return Outcome.ERROR;
        } catch (IOException e) {
            reconnect(server);
            return Outcome.RETRY;
        }
    }

    private void reconnect(int server) throws IOException {
        try {
            connections[server].close();
        } catch (IOException ignored) {
            // already broken
        }
        connections[server] = new DirectConnection(servers.get(server), protocol, timeoutMillis, maxValue);
    }

    @Override
    public void close() {
        for (DirectConnection c : connections) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // closing anyway
                }
            }
        }
    }
}

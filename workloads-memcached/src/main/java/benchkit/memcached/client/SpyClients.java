package benchkit.memcached.client;

import net.spy.memcached.ConnectionFactoryBuilder;
import net.spy.memcached.FailureMode;
import net.spy.memcached.MemcachedClient;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Builds spymemcached clients configured for benchmarking: one connection per server, no op merging. */
public final class SpyClients {
    /** Held so java.util.logging does not forget the level (it keeps loggers weakly). */
    private static final Logger SPY_LOG = Logger.getLogger("net.spy.memcached");

    static {
        // spymemcached prints two INFO lines per connection to stderr by default (256 sessions would flood it), and
        // ten WARNING lines for a port with nothing listening before bench's own one-line error: it says nothing
        // unless BENCH_DEBUG asks for libraries' logs.
        if (System.getProperty("net.spy.log.LoggerImpl") == null) {
            System.setProperty("net.spy.log.LoggerImpl", "net.spy.memcached.compat.log.SunLogger");
            SPY_LOG.setLevel(System.getenv("BENCH_DEBUG") != null ? Level.WARNING : Level.OFF);
        }
    }

    private SpyClients() {
    }

    /** Memcached wire protocol. */
    public enum Protocol { BINARY, TEXT }

    public static MemcachedClient open(List<InetSocketAddress> servers, Protocol protocol, long timeoutMillis)
            throws IOException {
        ConnectionFactoryBuilder b = new ConnectionFactoryBuilder()
                .setProtocol(protocol == Protocol.BINARY ? ConnectionFactoryBuilder.Protocol.BINARY
                        : ConnectionFactoryBuilder.Protocol.TEXT)
                .setOpTimeout(timeoutMillis)
                // one request per event: merging gets into multi-gets would measure something else
                .setShouldOptimize(false)
                .setUseNagleAlgorithm(false)
                .setDaemon(true)
                .setFailureMode(FailureMode.Cancel)
                .setMaxReconnectDelay(1);
        MemcachedClient client = new MemcachedClient(b.build(), MemcachedServers.resolved(servers));
        awaitConnected(client, servers, timeoutMillis);
        return client;
    }

    /**
     * Why the servers that spymemcached did not reach were not reached, asked once more with a plain connect (spymemcached
     * keeps its reasons to its log): nothing listening is not a timeout, and the user looks elsewhere for it.
     */
    private static String whyNot(List<InetSocketAddress> servers, long timeoutMillis) {
        return refused(servers, timeoutMillis).orElse(" within " + timeoutMillis + " ms");
    }

    /** ": nothing is listening there (connection refused) ..." when a plain connect to one of {@code servers} is refused. */
    private static java.util.Optional<String> refused(List<InetSocketAddress> servers, long timeoutMillis) {
        for (InetSocketAddress server : servers) {
            try (java.net.Socket probe = new java.net.Socket()) {
                probe.connect(new InetSocketAddress(server.getHostString(), server.getPort()), (int) Math.min(timeoutMillis, 1000));
            } catch (java.net.ConnectException e) {
                return java.util.Optional.of(MemcachedServers.refused(server, servers.size() > 1));
            } catch (IOException e) {
                // no answer either: the timeout says it
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * spymemcached connects in the background; until then a request would be cancelled (failure
     * mode Cancel), so wait until every server is connected.
     */
    private static void awaitConnected(MemcachedClient client, List<InetSocketAddress> servers, long timeoutMillis)
            throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        // a server that refuses the connection answers at once: asked once the client is slower than a connect, it is
        // said then, not after the whole timeout (spymemcached only retries it)
        long probeAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(Math.min(timeoutMillis / 2, 100));
        while (client.getAvailableServers().size() < servers.size()) {
            if (probeAt != 0 && System.nanoTime() > probeAt) {
                probeAt = 0;
                java.util.Optional<String> refused = refused(servers, timeoutMillis);
                if (refused.isPresent()) {
                    client.shutdown(0, TimeUnit.MILLISECONDS);
                    throw new IOException("cannot connect to memcached at " + MemcachedServers.describe(servers)
                            + refused.get());
                }
            }
            if (System.nanoTime() > deadline) {
                client.shutdown(0, TimeUnit.MILLISECONDS);
                throw new IOException("cannot connect to memcached at " + MemcachedServers.describe(servers)
                        + whyNot(servers, timeoutMillis));
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                client.shutdown(0, TimeUnit.MILLISECONDS);
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while connecting to " + MemcachedServers.describe(servers), e);
            }
        }
    }
}

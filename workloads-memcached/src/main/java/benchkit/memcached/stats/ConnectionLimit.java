package benchkit.memcached.stats;

import benchkit.memcached.client.MemcachedServers;
import benchkit.memcached.client.MemcachedText;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a memcached turned bench's connections away at its limit ({@code -c}): it closes a connection over its
 * {@code max_connections} at once, which the client library says only as "Cancelled" (sweep 9, case 50: memcached -c 20,
 * --threads 32). Its stats count them: {@code rejected_connections}, and {@code listen_disabled_num} for the times it
 * stopped accepting.
 */
public final class ConnectionLimit {
    private final int timeoutMillis;
    /** Each server's count of connections turned away when {@link #note} looked, by host:port. */
    private final Map<String, Long> before = new ConcurrentHashMap<>();

    public ConnectionLimit(int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** Notes how many connections each server had turned away before bench's own: those are not bench's. */
    public void note(List<InetSocketAddress> servers) {
        for (InetSocketAddress s : servers) {
            turnedAway(s).ifPresent(n -> before.put(MemcachedServers.describe(List.of(s)), n));
        }
    }

    /**
     * The line that says a server turned connections away since {@link #note}, with the remedy; empty when none did, or
     * none answers now (the failure is then another's).
     */
    public Optional<String> since(List<InetSocketAddress> servers) {
        for (InetSocketAddress s : servers) {
            String name = MemcachedServers.describe(List.of(s));
            Optional<Map<String, String>> stats = stats(s);
            long now = stats.map(ConnectionLimit::turnedAway).orElse(0L);
            if (now > before.getOrDefault(name, 0L)) {
                String max = stats.get().getOrDefault("max_connections", "?").strip();
                return Optional.of("memcached at " + name + " turned connections away at its limit (max_connections "
                        + max + ", its -c): give fewer --threads, or start memcached with a larger -c");
            }
        }
        return Optional.empty();
    }

    private Optional<Long> turnedAway(InetSocketAddress s) {
        return stats(s).map(ConnectionLimit::turnedAway);
    }

    private Optional<Map<String, String>> stats(InetSocketAddress s) {
        try {
            return Optional.of(MemcachedText.stats(s.getHostString(), s.getPort(), timeoutMillis));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    static long turnedAway(Map<String, String> stats) {
        return number(stats.get("rejected_connections")) + number(stats.get("listen_disabled_num"));
    }

    private static long number(String v) {
        try {
            return v == null ? 0 : Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}

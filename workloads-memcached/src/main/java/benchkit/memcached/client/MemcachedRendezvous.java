package benchkit.memcached.client;

import benchkit.launch.Rendezvous;
import java.io.IOException;
import java.util.Collection;
import java.util.Map;

/** A {@link Rendezvous} in the target memcached: keys that expire after a day, each call on its own short connection. */
public final class MemcachedRendezvous implements Rendezvous {
    private static final int TIMEOUT_MILLIS = 5000;
    private final String host;
    private final int port;

    public MemcachedRendezvous(String host, int port) {
        this.host = host;
        this.port = port;
    }

    @Override
    public void put(String key, String value) throws IOException {
        MemcachedText.store(host, port, "set", key, value, TIMEOUT_MILLIS);
    }

    @Override
    public String putIfAbsent(String key, String value) throws IOException {
        MemcachedText.store(host, port, "add", key, value, TIMEOUT_MILLIS);
        String held = getAll(java.util.List.of(key)).get(key);
        if (held == null) {
            throw new IOException("memcached at " + host + ":" + port + " lost the key " + key + " just stored");
        }
        return held;
    }

    @Override
    public Map<String, String> getAll(Collection<String> keys) throws IOException {
        return MemcachedText.getAll(host, port, keys, TIMEOUT_MILLIS);
    }

    @Override
    public void close() {
        // nothing held open
    }
}

package benchkit.core.run;

import benchkit.launch.Rendezvous;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A rendezvous in memory: what the target server keeps for real workers, for workers run in one JVM. */
public final class MapRendezvous implements Rendezvous {
    public final Map<String, String> values = new ConcurrentHashMap<>();

    @Override
    public void put(String key, String value) {
        values.put(key, value);
    }

    @Override
    public String putIfAbsent(String key, String value) {
        String old = values.putIfAbsent(key, value);
        return old == null ? value : old;
    }

    @Override
    public Map<String, String> getAll(Collection<String> keys) {
        Map<String, String> found = new LinkedHashMap<>();
        keys.forEach(k -> {
            if (values.containsKey(k)) {
                found.put(k, values.get(k));
            }
        });
        return found;
    }

    @Override
    public void removeAll(Collection<String> keys) {
        values.keySet().removeAll(keys);
    }

    @Override
    public void close() {
    }
}

package benchkit.launch;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;

/**
 * A few keys and values that every worker of a run can reach: the place where the workers of a
 * {@link StartBarrier} meet. The target server itself is one (a table of the SQL server, keys of memcached), so
 * workers need nothing beyond what they load.
 */
public interface Rendezvous extends AutoCloseable {
    /** Stores {@code value} under {@code key}, replacing any value it had. */
    void put(String key, String value) throws IOException;

    /** Stores {@code value} under {@code key} unless the key has a value already; returns the value the key then holds. */
    String putIfAbsent(String key, String value) throws IOException;

    /** The keys of {@code keys} that have a value, with their values, in one round trip. */
    Map<String, String> getAll(Collection<String> keys) throws IOException;

    /**
     * Removes {@code keys}, once the run's workers are done with them; a store they leave empty may go with them (the
     * SQL table is dropped). By default nothing (memcached's keys expire by themselves).
     */
    default void removeAll(Collection<String> keys) throws IOException {
    }

    /**
     * Removes every key that begins with {@code prefix} (a run's, once all its workers have ended, some of them killed
     * before they could remove theirs), as {@link #removeAll} does. By default nothing.
     */
    default void removeStartingWith(String prefix) throws IOException {
    }

    @Override
    void close() throws IOException;
}

package benchkit.spi;

import java.util.Map;
import java.util.Objects;

/**
 * What to launch.
 *
 * @param distribution which server, in the launcher's terms (e.g. {@code mysql-8.0}, {@code system},
 *                     {@code basedir:/opt/mysql})
 * @param settings     server options laid over the launcher's template (e.g. {@code innodb_buffer_pool_size=1G})
 * @param allocator    the memory allocator to run the server with
 * @param cpus         CPU list to pin the server to (e.g. {@code 0-1}); empty for no pinning
 */
public record ServerSpec(String distribution, Map<String, String> settings, AllocatorSpec allocator, String cpus) {
    public ServerSpec {
        Objects.requireNonNull(distribution, "distribution");
        settings = Map.copyOf(settings);
        Objects.requireNonNull(allocator, "allocator");
        cpus = cpus == null ? "" : cpus;
    }
}

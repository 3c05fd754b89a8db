package benchkit.spi;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A memory allocator for a launched server: {@code glibc} (the system malloc, nothing preloaded)
 * or a shared library preloaded with {@code LD_PRELOAD}, plus environment tunables
 * (e.g. {@code MALLOC_CONF}).
 *
 * @param name        label used in results, e.g. {@code jemalloc}
 * @param library     absolute path of the library to preload; empty for glibc
 * @param environment extra environment variables for the server process
 */
public record AllocatorSpec(String name, Optional<String> library, Map<String, String> environment) {
    public static final AllocatorSpec GLIBC = new AllocatorSpec("glibc", Optional.empty(), Map.of());

    public AllocatorSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(library, "library");
        environment = Map.copyOf(environment);
    }

    /**
     * Sets a server process's environment for this allocator, the one rule every launcher follows: a preload
     * inherited from bench's own environment is dropped (it would skew a glibc run), the tunables are added, and
     * the library is preloaded last, so that nothing overrides the preload the allocator proof then checks.
     */
    public void applyTo(Map<String, String> processEnvironment) {
        processEnvironment.remove("LD_PRELOAD");
        processEnvironment.putAll(environment);
        library.ifPresent(lib -> processEnvironment.put("LD_PRELOAD", lib));
    }
}

package benchkit.core.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One configuration being compared, e.g. {@code jemalloc}: its label, the parameters it stands
 * for (written to the results as JMH params, e.g. {@code allocator=jemalloc}) and how to get its server.
 */
public record Variant(String label, Map<String, String> params, ServerProvider server) {
    public Variant {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(server, "server");
        if (label.isBlank()) {
            throw new IllegalArgumentException("variant label must not be blank");
        }
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }
}

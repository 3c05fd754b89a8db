package benchkit.core.run.plan;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One configuration being compared, e.g. {@code jemalloc}: its label, the parameters it stands
 * for (written to the results as JMH params, e.g. {@code allocator=jemalloc}), how to get its server, and the
 * protocol that server speaks ({@link #ANY_PROTOCOL} when the caller vouches for it, e.g. an external server).
 */
public record Variant(String label, Map<String, String> params, ServerProvider server, String protocol) {
    /** The protocol of a server bench did not launch: any workload may run against it. */
    public static final String ANY_PROTOCOL = "any";

    public Variant {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(protocol, "protocol");
        if (label.isBlank()) {
            throw new IllegalArgumentException("variant label must not be blank");
        }
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    /** A variant whose server any workload may run against (one the caller provides). */
    public Variant(String label, Map<String, String> params, ServerProvider server) {
        this(label, params, server, ANY_PROTOCOL);
    }

    /** Whether a workload speaking {@code workloadProtocol} can run against this variant's server. */
    public boolean serves(String workloadProtocol) {
        return protocol.equals(ANY_PROTOCOL) || protocol.equals(workloadProtocol);
    }

    public Variant withParams(Map<String, String> newParams) {
        return new Variant(label, newParams, server, protocol);
    }

    public Variant withLabel(String newLabel) {
        return new Variant(newLabel, params, server, protocol);
    }

    /** Checks the servers of {@code variants}, each once, before anything of a run starts or is written. */
    public static void checkServers(java.util.Collection<Variant> variants) throws Exception {
        java.util.Set<ServerProvider> checked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Variant v : variants) {
            if (checked.add(v.server())) {
                v.server().check();
            }
        }
    }
}

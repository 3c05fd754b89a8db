package benchkit.core.run.servers;

import benchkit.core.run.plan.DataCopyingProvider;

import java.util.Map;

/**
 * Which prepared data a launch can start from: the server side ({@link DataCopyingProvider#dataKey()}:
 * flavour and format settings) and the workload with its options. Allocator, CPU set and runtime
 * server settings are not part of it: variants differing only in those share the data.
 */
record DataKey(String server, String workload, Map<String, String> workloadOptions) {
    DataKey {
        // an option without a value (e.g. memcached's unset --memcached-servers) is null, which Map.copyOf refuses
        workloadOptions = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(workloadOptions));
    }

    /** For output, e.g. {@code oltp-read-only on system}; the options are the run's, printed in its header. */
    String label() {
        return workload + " on " + server;
    }
}

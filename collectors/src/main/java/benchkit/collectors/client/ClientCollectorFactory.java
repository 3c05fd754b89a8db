package benchkit.collectors.client;

import benchkit.collectors.NoOptionsCollectorFactory;

/** The {@code client} collector: the benchmark client's own CPU and RSS. */
public final class ClientCollectorFactory extends NoOptionsCollectorFactory {
    static final String NAME = "client";

    public ClientCollectorFactory() {
        super(NAME, "benchmark client's own CPU (% of one core) and peak RSS (MB): what the load generator costs",
                true, ClientCollector::new);
    }
}

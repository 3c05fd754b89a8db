package benchkit.collectors.client;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionValues;

import java.util.Map;

/** The {@code client} collector: the benchmark client's own CPU and RSS. */
public final class ClientCollectorFactory implements CollectorFactory {
    static final String NAME = "client";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "benchmark client's own CPU (% of one core) and peak RSS (MB): what the load generator costs";
    }

    @Override
    public boolean enabledByDefault() {
        return true;
    }

    @Override
    public Collector create(Map<String, String> options) {
        OptionValues.parse(NAME, options(), options); // rejects any option: it takes none
        return new ClientCollector();
    }
}

package benchkit.collectors.process;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionValues;

import java.util.Map;

/** The {@code process} collector: the server's CPU (% of one core), RSS and VSZ, read with OSHI. */
public final class ProcessCollectorFactory implements CollectorFactory {
    static final String NAME = "process";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "server process CPU user/system (% of one core), RSS and VSZ (MB) via OSHI";
    }

    @Override
    public boolean enabledByDefault() {
        return true;
    }

    @Override
    public Collector create(Map<String, String> options) {
        OptionValues.parse(NAME, options(), options); // rejects any option: it takes none
        return new ProcessCollector();
    }
}

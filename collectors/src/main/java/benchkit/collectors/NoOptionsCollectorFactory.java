package benchkit.collectors;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionValues;

import java.util.Map;
import java.util.function.Supplier;

/** The factory of a collector that takes no options: its name, its line in {@code bench list}, whether it runs by default. */
public abstract class NoOptionsCollectorFactory implements CollectorFactory {
    private final String name;
    private final String description;
    private final boolean enabledByDefault;
    private final Supplier<Collector> collector;

    protected NoOptionsCollectorFactory(String name, String description, boolean enabledByDefault,
                                        Supplier<Collector> collector) {
        this.name = name;
        this.description = description;
        this.enabledByDefault = enabledByDefault;
        this.collector = collector;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final boolean enabledByDefault() {
        return enabledByDefault;
    }

    @Override
    public final Collector create(Map<String, String> options) {
        OptionValues.parse(name, options(), options); // rejects any option: it takes none
        return collector.get();
    }
}

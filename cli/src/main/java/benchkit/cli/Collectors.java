package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Chooses the collectors of a run: those named, or those enabled by default. */
final class Collectors {
    private Collectors() {
    }

    static Supplier<List<Collector>> supplier(PluginRegistry registry, List<String> names) {
        List<CollectorFactory> factories = new ArrayList<>();
        if (names == null) {
            registry.collectors().values().stream().filter(CollectorFactory::enabledByDefault).forEach(factories::add);
        } else {
            for (String name : names) {
                if (!name.isBlank() && !name.equals("none")) {
                    factories.add(registry.collector(name.strip()));
                }
            }
        }
        return () -> {
            List<Collector> collectors = new ArrayList<>();
            for (CollectorFactory f : factories) {
                collectors.add(f.create(Map.of()));
            }
            return collectors;
        };
    }
}

package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.OptionSpec;

import benchkit.collectors.profile.CpuProfileCollectorFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the collectors of a run: those named with {@code --collectors} (else those enabled by
 * default), plus each {@code --collect NAME:VALUE}, e.g. {@code --collect status:Innodb_buffer_pool_reads}
 * (VALUE sets the collector's first option) or {@code --collect status:counters=Questions;gauges=Threads_running}.
 */
final class Collectors {
    private record Configured(CollectorFactory factory, Map<String, String> options) {
    }

    private Collectors() {
    }

    /**
     * The run's collectors; a {@code profileScope} adds the {@code cpu-profile} collector sampling that way, whose
     * folded stacks go to {@code profileDir} unless {@code --collect cpu-profile:dir=...} names another directory.
     */
    static Supplier<List<Collector>> supplier(PluginRegistry registry, List<String> names, List<String> collect,
                                              Path profileDir, Optional<String> profileScope) {
        List<Configured> chosen = new ArrayList<>();
        if (names == null) {
            registry.defaultCollectors().forEach(f -> chosen.add(new Configured(f, Map.of())));
        } else {
            for (String name : names) {
                if (!name.isBlank() && !name.equals("none")) {
                    chosen.add(profiling(new Configured(registry.collector(name.strip()), new LinkedHashMap<>()), profileDir, profileScope));
                }
            }
        }
        List<String> specs = new ArrayList<>(collect);
        if (profileScope.isPresent() && specs.stream().noneMatch(c -> c.strip().startsWith(CpuProfileCollectorFactory.NAME))) {
            specs.add(0, CpuProfileCollectorFactory.NAME);
        }
        for (String spec : specs) {
            Configured c = profiling(parse(registry, spec), profileDir, profileScope);
            chosen.removeIf(existing -> existing.factory().name().equals(c.factory().name()));
            c.factory().create(c.options());        // bad options fail now, before any server starts
            chosen.add(c);
        }
        return () -> {
            List<Collector> collectors = new ArrayList<>();
            for (Configured c : chosen) {
                collectors.add(c.factory().create(c.options()));
            }
            return collectors;
        };
    }

    /** The CPU profiler writes into the run's result directory and samples as perf allows here, unless told otherwise. */
    private static Configured profiling(Configured c, Path profileDir, Optional<String> profileScope) {
        if (c.factory().name().equals(CpuProfileCollectorFactory.NAME)) {
            c.options().putIfAbsent(CpuProfileCollectorFactory.DIR, profileDir.toString());
            profileScope.ifPresent(scope -> c.options().putIfAbsent(CpuProfileCollectorFactory.SCOPE, scope));
        }
        return c;
    }

    private static Configured parse(PluginRegistry registry, String spec) {
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).strip();
        CollectorFactory factory = registry.collector(name);
        Map<String, String> options = new LinkedHashMap<>();
        if (colon >= 0) {
            String rest = spec.substring(colon + 1);
            if (!rest.contains("=")) {
                List<OptionSpec> specs = factory.options();
                if (specs.isEmpty()) {
                    throw new UsageException("--collect " + spec + ": collector " + name + " takes no options");
                }
                options.put(specs.get(0).name(), rest);
            } else {
                for (String pair : rest.split(";")) {
                    int eq = pair.indexOf('=');
                    if (eq <= 0) {
                        throw new UsageException("--collect " + spec + ": expected NAME:VALUE or NAME:OPTION=VALUE;OPTION=VALUE");
                    }
                    options.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
                }
            }
        }
        return new Configured(factory, options);
    }
}

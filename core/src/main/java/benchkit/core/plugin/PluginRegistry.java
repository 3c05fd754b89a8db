package benchkit.core.plugin;

import benchkit.core.annotated.AnnotatedWorkloads;
import benchkit.core.annotated.PluginLoadMessages;
import benchkit.spi.CollectorFactory;
import benchkit.spi.ServerLauncher;
import benchkit.spi.SpiVersion;
import benchkit.spi.WorkloadFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every plugin found by {@link ServiceLoader}, keyed by name. Two plugins of one kind with the
 * same name fail loudly; a plugin that cannot be loaded (bad service entry, failing constructor,
 * unsupported SPI version) is recorded as a {@link #problems() problem} and the others still load.
 */
public final class PluginRegistry {
    private final Map<String, WorkloadFactory> workloads;
    private final Map<String, CollectorFactory> collectors;
    private final Map<String, ServerLauncher> launchers;
    private final List<String> problems = new ArrayList<>();

    private PluginRegistry(ClassLoader loader) {
        workloads = load(WorkloadFactory.class, loader, WorkloadFactory::name, WorkloadFactory::spiVersion);
        addAnnotatedWorkloads(loader);
        collectors = load(CollectorFactory.class, loader, CollectorFactory::name, CollectorFactory::spiVersion);
        launchers = load(ServerLauncher.class, loader, ServerLauncher::name, l -> SpiVersion.CURRENT);
    }

    /** Workloads written with {@code benchkit.spi.annotations}, listed under {@code AnnotatedWorkload}. */
    private void addAnnotatedWorkloads(ClassLoader loader) {
        for (WorkloadFactory f : AnnotatedWorkloads.factories(loader, problems::add)) {
            WorkloadFactory existing = workloads.get(f.name());
            if (existing != null) {
                throw new DuplicatePluginException("two WorkloadFactory plugins are named '" + f.name() + "': "
                        + existing.getClass().getName() + " and " + f);
            }
            workloads.put(f.name(), f);
        }
    }

    /** Plugins on the given class loader (e.g. one that also sees a plugin directory). */
    public static PluginRegistry load(ClassLoader loader) {
        return new PluginRegistry(loader);
    }

    public static PluginRegistry loadDefault() {
        return new PluginRegistry(PluginRegistry.class.getClassLoader());
    }

    public Map<String, WorkloadFactory> workloads() {
        return Collections.unmodifiableMap(workloads);
    }

    public Map<String, CollectorFactory> collectors() {
        return Collections.unmodifiableMap(collectors);
    }

    /** The collectors a run has when none are named: those enabled by default, in registration order. */
    public List<CollectorFactory> defaultCollectors() {
        return collectors.values().stream().filter(CollectorFactory::enabledByDefault).toList();
    }

    public Map<String, ServerLauncher> launchers() {
        return Collections.unmodifiableMap(launchers);
    }

    /** One line per plugin that could not be loaded, naming its class (and jar when known). */
    public List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    public WorkloadFactory workload(String name) {
        return find(workloads, name, "workload");
    }

    public CollectorFactory collector(String name) {
        return find(collectors, name, "collector");
    }

    public ServerLauncher launcher(String name) {
        return find(launchers, name, "server launcher");
    }

    private static <T> T find(Map<String, T> plugins, String name, String kind) {
        T plugin = plugins.get(name);
        if (plugin == null) {
            throw new UnknownPluginException("unknown " + kind + " '" + name + "'; valid: " + String.join(", ", plugins.keySet()));
        }
        return plugin;
    }

    private <T> Map<String, T> load(Class<T> type, ClassLoader loader, Function<T, String> name,
                                    Function<T, Integer> spiVersion) {
        Map<String, T> byName = new TreeMap<>();
        Map<String, String> origin = new TreeMap<>();
        Iterator<ServiceLoader.Provider<T>> providers = ServiceLoader.load(type, loader).stream().iterator();
        while (true) {
            ServiceLoader.Provider<T> provider;
            try {
                if (!providers.hasNext()) {
                    break;
                }
                provider = providers.next();
            } catch (ServiceConfigurationError e) {
                problems.add(type.getSimpleName() + ": " + PluginLoadMessages.oneLine(e));
                continue;
            }
            T plugin;
            String where = provider.type().getName() + " (" + PluginLoadMessages.jarOf(provider.type()) + ")";
            try {
                plugin = provider.get();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                problems.add(type.getSimpleName() + " " + where + " failed to load: " + PluginLoadMessages.oneLine(e));
                continue;
            }
            int version = spiVersion.apply(plugin);
            if (!SpiVersion.isSupported(version)) {
                problems.add(type.getSimpleName() + " " + where + " was built for SPI version " + version
                        + "; this benchkit supports 1 to " + SpiVersion.CURRENT);
                continue;
            }
            String key = name.apply(plugin);
            if (byName.containsKey(key)) {
                throw new DuplicatePluginException("two " + type.getSimpleName() + " plugins are named '" + key
                        + "': " + origin.get(key) + " and " + where);
            }
            byName.put(key, plugin);
            origin.put(key, where);
        }
        return byName;
    }
}

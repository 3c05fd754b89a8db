package benchkit.core.plugin;

import benchkit.core.annotated.AnnotatedWorkloadFactory;
import benchkit.core.annotated.AnnotatedWorkloads;
import benchkit.core.annotated.PluginLoadMessages;
import benchkit.spi.CollectorFactory;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ScriptWorkloads;
import benchkit.spi.ServerLauncher;
import benchkit.spi.SpiVersion;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Every plugin found by {@link ServiceLoader}, keyed by name. A plugin that cannot be loaded (bad service entry,
 * failing constructor, unsupported SPI version) is recorded as a {@link #problems() problem} and the others still
 * load; so is a second plugin of one kind with a name already taken, and that name is then refused where it is used
 * (which of the two was meant cannot be known), while every other command goes on.
 */
public final class PluginRegistry {
    private final Map<String, WorkloadFactory> workloads;
    private final Map<String, CollectorFactory> collectors;
    private final Map<String, ServerLauncher> launchers;
    private final List<ScriptWorkloads> scriptKinds;
    /** Script workloads resolved so far, under the name given and under the factory's own name. */
    private final Map<String, WorkloadFactory> scripts = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<String> problems = new ArrayList<>();
    /** "kind:name" of a name two plugins claim, with the line that says so. */
    private final Map<String, String> ambiguous = new TreeMap<>();

    private PluginRegistry(ClassLoader loader, List<String> earlierProblems) {
        problems.addAll(earlierProblems);
        workloads = load(WorkloadFactory.class, loader, WorkloadFactory::name, WorkloadFactory::spiVersion);
        addAnnotatedWorkloads(loader);
        collectors = load(CollectorFactory.class, loader, CollectorFactory::name, CollectorFactory::spiVersion);
        launchers = load(ServerLauncher.class, loader, ServerLauncher::name, l -> SpiVersion.CURRENT);
        scriptKinds = List.copyOf(load(ScriptWorkloads.class, loader, k -> k.getClass().getName(), k -> SpiVersion.CURRENT)
                .values());
    }

    /** Workloads written with {@code benchkit.spi.annotations}, listed under {@code AnnotatedWorkload}. */
    private void addAnnotatedWorkloads(ClassLoader loader) {
        for (AnnotatedWorkloadFactory f : AnnotatedWorkloads.factories(loader, problems::add)) {
            WorkloadFactory existing = workloads.get(f.name());
            if (existing != null) {
                claimedTwice("workload", WorkloadFactory.class.getSimpleName(), f.name(), describe(existing),
                        PluginLoadMessages.jarOf(f.type()), f.type().getName());
                continue;
            }
            workloads.put(f.name(), f);
        }
    }

    private void claimedTwice(String kind, String type, String name, String first, String jar, String className) {
        String line = PluginLoadMessages.problem(jar, className, type, "is named '" + name + "', as " + first
                + " is: '" + name + "' is refused until one of them is removed");
        problems.add(line);
        ambiguous.put(kind + ":" + name, "two " + kind + " plugins are named '" + name + "': " + first + " and "
                + className + " (" + jar + "); remove one");
    }

    /** The class a plugin's code is in (the user's class for an annotated workload) and its jar. */
    public static String describe(Object plugin) {
        Class<?> type = plugin instanceof AnnotatedWorkloadFactory a ? a.type() : plugin.getClass();
        return type.getName() + " (" + PluginLoadMessages.jarOf(type) + ")";
    }

    /**
     * {@code factory.create(options)}, with a plugin's own failure named: its workload, class and jar (bad options stay
     * {@link benchkit.spi.InvalidOptionException}s, bad input).
     */
    public static Workload create(WorkloadFactory factory, Map<String, String> options) {
        Workload workload;
        try {
            workload = factory.create(options);
        } catch (InvalidOptionException e) {
            throw e;
        } catch (RuntimeException | LinkageError e) {
            throw new PluginFailureException("workload " + factory.name() + " of " + describe(factory)
                    + " failed in create(): " + PluginLoadMessages.oneLine(e), e);
        }
        if (workload == null) {
            throw new PluginFailureException("workload " + factory.name() + " of " + describe(factory)
                    + " returned no workload from create()", null);
        }
        return workload;
    }

    /** Plugins on the given class loader (e.g. one that also sees a plugin directory). */
    public static PluginRegistry load(ClassLoader loader) {
        return new PluginRegistry(loader, List.of());
    }

    /** Plugins on {@code loader}, after problems found before loading (jars that are no jars, or provide nothing). */
    public static PluginRegistry load(ClassLoader loader, List<String> earlierProblems) {
        return new PluginRegistry(loader, earlierProblems);
    }

    public static PluginRegistry loadDefault() {
        return new PluginRegistry(PluginRegistry.class.getClassLoader(), List.of());
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

    /**
     * The workload of that name, or of the script file it names ({@code ./tpcc.lua}) when a plugin runs such scripts
     * ({@link ScriptWorkloads}); a script is read once and then known under its file name too.
     */
    public WorkloadFactory workload(String name) {
        if (workloads.containsKey(name) || ambiguous.containsKey("workload:" + name)) {
            return find(workloads, name, "workload");
        }
        WorkloadFactory script = scripts.get(name);
        if (script != null) {
            return script;
        }
        Optional<ScriptWorkloads> kind = scriptKind(name);
        if (kind.isEmpty()) {
            return find(workloads, name, "workload");
        }
        Path file = Path.of(name);
        if (!Files.isRegularFile(file)) {
            // a relative name is taken from where bench runs, not from an experiment file's folder: say where it looked
            throw new UnknownPluginException("unknown workload '" + name + "': no such script file" + (file.isAbsolute()
                    ? "" : " (looked for " + file.toAbsolutePath().normalize() + ", from the current directory)"));
        }
        WorkloadFactory factory = kind.get().forScript(file);
        WorkloadFactory earlier = scripts.putIfAbsent(factory.name(), factory);
        if (earlier != null && earlier != factory) {
            throw new UnknownPluginException("two scripts are named '" + factory.name() + "' in one command; rename one");
        }
        if (workloads.containsKey(factory.name())) {
            throw new UnknownPluginException("script " + name + " has the name of the workload '" + factory.name()
                    + "'; rename the script");
        }
        scripts.put(name, factory);
        return factory;
    }

    /** The plugins that run workloads written as script files ({@code --workload FILE}). */
    public List<ScriptWorkloads> scriptWorkloads() {
        return scriptKinds;
    }

    /** The plugin that runs script files such as {@code name}, if any does. */
    private Optional<ScriptWorkloads> scriptKind(String name) {
        try {
            Path file = Path.of(name);
            return scriptKinds.stream().filter(k -> k.runs(file)).findFirst();
        } catch (java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    public CollectorFactory collector(String name) {
        return find(collectors, name, "collector");
    }

    /** Each workload that declares one ({@link WorkloadFactory#baselineWorkload}), with the workload it is compared against. */
    public Map<String, String> baselineWorkloads() {
        Map<String, String> pairs = new TreeMap<>();
        workloads.values().forEach(f -> f.baselineWorkload().ifPresent(b -> pairs.put(f.name(), b)));
        return pairs;
    }

    /** The launcher that starts servers a run does not name ({@link ServerLauncher#defaultServer}), the first by name. */
    public Optional<ServerLauncher> defaultLauncher() {
        return launchers.values().stream().filter(l -> l.defaultServer().isPresent())
                .min(java.util.Comparator.comparing(ServerLauncher::name));
    }

    public ServerLauncher launcher(String name) {
        return find(launchers, name, "server launcher");
    }

    private <T> T find(Map<String, T> plugins, String name, String kind) {
        String twice = ambiguous.get(kind + ":" + name);
        if (twice != null) {
            throw new UnknownPluginException(twice);
        }
        T plugin = plugins.get(name);
        if (plugin == null) {
            throw new UnknownPluginException("unknown " + kind + " '" + name + "'; valid: " + String.join(", ", plugins.keySet())
                    + (problems.isEmpty() ? "" : "; " + (problems.size() == 1 ? "1 plugin" : problems.size() + " plugins")
                    + " could not be loaded (the warnings above, and bench list, say why)"));
        }
        return plugin;
    }

    private <T> Map<String, T> load(Class<T> type, ClassLoader loader, Function<T, String> name,
                                    Function<T, Integer> spiVersion) {
        Map<String, T> byName = new TreeMap<>();
        PluginLoadMessages.forEachProvider(type, loader, problems::add, provider -> {
            T plugin;
            try {
                plugin = provider.get();
            } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
                problems.add(PluginLoadMessages.problem(provider.type(), type.getSimpleName(),
                        "failed to load: " + PluginLoadMessages.oneLine(e)));
                return;
            }
            int version = spiVersion.apply(plugin);
            if (!SpiVersion.isSupported(version)) {
                problems.add(PluginLoadMessages.problem(provider.type(), type.getSimpleName(), "was built for SPI version "
                        + version + "; this benchkit supports 1 to " + SpiVersion.CURRENT));
                return;
            }
            String key = name.apply(plugin);
            if (byName.containsKey(key)) {
                claimedTwice(KINDS.get(type), type.getSimpleName(), key, describe(byName.get(key)),
                        PluginLoadMessages.jarOf(provider.type()), provider.type().getName());
                return;
            }
            byName.put(key, plugin);
        });
        return byName;
    }

    /** The word find() uses for each kind of plugin. */
    private static final Map<Class<?>, String> KINDS = Map.of(WorkloadFactory.class, "workload",
            CollectorFactory.class, "collector", ServerLauncher.class, "server launcher",
            ScriptWorkloads.class, "script workloads");
}

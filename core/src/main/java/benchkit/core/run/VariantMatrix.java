package benchkit.core.run;

import benchkit.core.run.plan.Variant;

import benchkit.core.run.servers.ServerChoice;
import benchkit.core.run.plan.ServerProvider;

import benchkit.launch.AllocatorCatalog;
import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The launched servers a run compares, as typed axes: servers × allocators × server CPU sets × server settings
 * with several values. {@link #variants} expands it into one {@link Variant} per point, each labelled by what
 * differs between them (e.g. {@code jemalloc}, or {@code mysql-5.7/glibc}). The command line and the Java API
 * both build one, so both can run allocator × server.
 *
 * <pre>{@code
 * VariantMatrix.builder().servers("mariadb-11.4", "mysql-8.0").allocators("glibc", "jemalloc").build()
 * }</pre>
 */
public final class VariantMatrix {
    private final List<String> serverNames;
    private final List<String> allocators;
    private final Map<String, Map<String, String>> allocatorEnvironments;
    private final List<String> serverCpus;
    private final Map<String, List<String>> settings;
    private final ServerSpec.Launch launch;
    private final Map<String, String> commonParams;

    private VariantMatrix(Builder b) {
        this.serverNames = List.copyOf(b.serverNames);
        this.allocators = b.allocators.isEmpty() ? List.of("glibc") : List.copyOf(b.allocators);
        this.allocatorEnvironments = Map.copyOf(b.allocatorEnvironments);
        this.serverCpus = b.serverCpus.isEmpty() ? List.of("") : List.copyOf(b.serverCpus);
        this.settings = new LinkedHashMap<>(b.settings);
        this.launch = b.launch;
        this.commonParams = new LinkedHashMap<>(b.commonParams);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** One point of the matrix, before it becomes a {@link Variant}. */
    private record Point(ServerChoice server, String allocator, String cpus, Map<String, String> settings) {
    }

    /**
     * One variant per point, in the order servers, allocators, CPU sets, settings (the last varies fastest).
     * Fails with a one-line {@link InvalidOptionException} on an unknown launcher or an allocator not found here.
     */
    public List<Variant> variants(PluginRegistry registry) {
        List<ServerChoice> chosen = new ArrayList<>();
        serverNames.forEach(name -> chosen.add(ServerChoice.parse(name, registry)));
        if (chosen.isEmpty()) {
            chosen.add(ServerChoice.defaultServer(registry));
        }
        List<Point> points = new ArrayList<>();
        for (ServerChoice server : chosen) {
            for (String allocator : allocators) {
                for (String cpus : serverCpus) {
                    for (Map<String, String> set : settingSets()) {
                        points.add(new Point(server, allocator, cpus, set));
                    }
                }
            }
        }
        AllocatorCatalog catalog = new AllocatorCatalog();
        List<Variant> variants = new ArrayList<>();
        for (Point p : points) {
            ServerLauncher launcher = registry.launcher(p.server().launcher());
            AllocatorSpec allocator = catalog.resolve(p.allocator(),
                    allocatorEnvironments.getOrDefault(AllocatorCatalog.labelOf(p.allocator()), Map.of()));
            ServerSpec spec = new ServerSpec(p.server().distribution(), p.settings(), allocator, p.cpus(), launch);
            Map<String, String> params = new LinkedHashMap<>();
            params.put("allocator", allocator.name());
            allocator.environment().forEach((k, v) -> params.put("allocator.env." + k, v));
            params.put("distribution", p.server().label());
            if (!p.cpus().isEmpty()) {
                params.put("server.cpus", p.cpus());
            }
            params.putAll(commonParams);
            p.settings().forEach((k, v) -> params.put(launcher.settingsOwner() + "." + k, v));
            variants.add(new Variant(label(p, points, allocator.name()), params, ServerProvider.launching(launcher, spec),
                    launcher.protocol()));
        }
        return numberReplicas(variants);
    }

    /** Every combination of the settings' values; one empty set when no setting is given. */
    private List<Map<String, String>> settingSets() {
        List<Map<String, String>> sets = new ArrayList<>();
        sets.add(new LinkedHashMap<>());
        settings.forEach((name, values) -> {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> set : sets) {
                for (String value : values) {
                    Map<String, String> s = new LinkedHashMap<>(set);
                    s.put(name, value);
                    next.add(s);
                }
            }
            sets.clear();
            sets.addAll(next);
        });
        return sets;
    }

    /** The variant's label names only what differs between variants. */
    private static String label(Point p, List<Point> all, String allocatorName) {
        List<String> parts = new ArrayList<>();
        if (all.stream().map(Point::server).distinct().count() > 1) {
            parts.add(p.server().label());
        }
        if (all.stream().map(Point::allocator).distinct().count() > 1 || parts.isEmpty()) {
            parts.add(allocatorName);
        }
        if (all.stream().map(Point::cpus).distinct().count() > 1) {
            parts.add("cpus=" + p.cpus());
        }
        for (String name : p.settings().keySet()) {
            if (all.stream().map(x -> x.settings().get(name)).distinct().count() > 1) {
                parts.add(name + "=" + p.settings().get(name));
            }
        }
        return String.join("/", parts);
    }

    /**
     * Variants that are the same configuration given more than once (an A/A comparison, e.g.
     * {@code --allocator glibc,glibc}) are told apart by a {@code replica} param and label, {@code glibc#1},
     * {@code glibc#2}: each runs as a variant of its own, and compare sees what the verdicts make of no difference.
     */
    public static List<Variant> numberReplicas(List<Variant> variants) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        variants.forEach(v -> counts.merge(v.label(), 1, Integer::sum));
        Map<String, Integer> seen = new LinkedHashMap<>();
        List<Variant> numbered = new ArrayList<>();
        for (Variant v : variants) {
            if (counts.get(v.label()) == 1) {
                numbered.add(v);
                continue;
            }
            int n = seen.merge(v.label(), 1, Integer::sum);
            Map<String, String> params = new LinkedHashMap<>(v.params());
            params.put("replica", String.valueOf(n));
            numbered.add(v.withParams(params).withLabel(v.label() + "#" + n));
        }
        return numbered;
    }

    /** Each variant {@code copies} times, as replicas of one configuration (bench calibrate). */
    public static List<Variant> replicate(List<Variant> variants, int copies) {
        List<Variant> all = new ArrayList<>();
        for (Variant v : variants) {
            for (int i = 0; i < copies; i++) {
                all.add(v);
            }
        }
        return numberReplicas(all);
    }

    /** Axes not given have one value: the embedded default server, glibc, no pinning, no settings. */
    public static final class Builder {
        private final List<String> serverNames = new ArrayList<>();
        private final List<String> allocators = new ArrayList<>();
        private final Map<String, Map<String, String>> allocatorEnvironments = new LinkedHashMap<>();
        private final List<String> serverCpus = new ArrayList<>();
        private final Map<String, List<String>> settings = new LinkedHashMap<>();
        private ServerSpec.Launch launch = ServerSpec.Launch.DEFAULT;
        private final Map<String, String> commonParams = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Servers by their {@link ServerChoice} names, e.g. {@code mariadb-11.4}, {@code mysql-8.0}, {@code memcached},
         * {@code innodb-memcached}; a blank name is refused here, the others when the variants are made.
         */
        public Builder servers(String... names) {
            for (String name : names) {
                serverNames.add(ServerChoice.requireName(name));
            }
            return this;
        }

        /** Allocators by name ({@code glibc}, {@code jemalloc}, {@code tcmalloc}, {@code mimalloc}) or {@code label=/path/lib.so}. */
        public Builder allocators(String... names) {
            for (String name : names) {
                allocators.add(name.strip());
            }
            return this;
        }

        /** An environment tunable for one allocator's servers, e.g. {@code ("jemalloc", "MALLOC_CONF", "narenas:4")}. */
        public Builder allocatorEnvironment(String allocator, String name, String value) {
            allocatorEnvironments.computeIfAbsent(allocator, a -> new LinkedHashMap<>()).put(name, value);
            return this;
        }

        /** CPU lists (taskset syntax, e.g. {@code 0-1}) to pin the server to, each a variant. */
        public Builder serverCpus(String... cpuLists) {
            serverCpus.addAll(List.of(cpuLists));
            return this;
        }

        /** A server setting; several values make an axis, e.g. {@code setting("innodb_spin_wait_delay", "6", "96")}. */
        public Builder setting(String name, String... values) {
            if (name.isBlank() || values.length == 0) {
                throw new InvalidOptionException("a server setting needs a name and at least one value");
            }
            if (name.strip().startsWith("benchkit.")) {
                // where the launcher's knobs once travelled as strings; no server knows them
                throw new InvalidOptionException("server setting " + name.strip() + " is not a server's; the launcher's "
                        + "own knobs are --keep-datadir and --connect-timeout (launch(ServerSpec.Launch) in Java)");
            }
            settings.put(name.strip(), List.of(values).stream().map(String::strip).toList());
            return this;
        }

        /** The launcher's knobs for every launch (start timeout, keeping the launch directory). */
        public Builder launch(ServerSpec.Launch options) {
            this.launch = options;
            return this;
        }

        /** A param recorded with every variant's results, e.g. {@code client.cpus}. */
        public Builder param(String name, String value) {
            commonParams.put(name, value);
            return this;
        }

        public VariantMatrix build() {
            return new VariantMatrix(this);
        }
    }
}

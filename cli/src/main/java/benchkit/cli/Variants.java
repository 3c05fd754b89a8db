package benchkit.cli;

import benchkit.core.allocator.AllocatorCatalog;
import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.ServerProvider;
import benchkit.core.run.Variant;
import benchkit.core.server.ExternalServer;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the server options into the run's variants: the cross product of servers, allocators,
 * server CPU sets and server settings with several values, or the one external server.
 */
final class Variants {
    private Variants() {
    }

    /** One point of the matrix, before it becomes a {@link Variant}. */
    private record Point(ServerChoice server, String allocator, String cpus, Map<String, String> settings) {
    }

    /** A variant and the protocol of its server. */
    record Protocolled(Variant variant, String protocol) {
    }

    static List<Variant> of(PluginRegistry registry, ServerOptions o) {
        return ofAll(registry, o).stream().map(Protocolled::variant).toList();
    }

    /** The variants a workload speaking {@code protocol} can run against; none is a usage error. */
    static List<Variant> forProtocol(List<Protocolled> all, String workload, String protocol) {
        List<Variant> fitting = all.stream().filter(v -> v.protocol().equals(protocol)).map(Protocolled::variant).toList();
        if (fitting.isEmpty()) {
            throw new UsageException("workload " + workload + " speaks " + protocol + " but no --server does"
                    + (protocol.equals("memcached") ? " (add --server memcached or --memcached-servers)" : ""));
        }
        return fitting;
    }

    static List<Protocolled> ofAll(PluginRegistry registry, ServerOptions o) {
        if (o.isExternal()) {
            return List.of(new Protocolled(external(o), "external"));
        }
        List<ServerChoice> servers = ServerChoice.parseAll(o.servers(), o.serverBasedir);
        List<String> cpuSets = CpuSets.parseAll(o.serverCpus);
        List<Map<String, String>> settingSets = SettingsAxis.expand(o.serverSettings);

        List<Point> points = new ArrayList<>();
        for (ServerChoice server : servers) {
            for (String allocator : o.allocators) {
                for (String cpus : cpuSets) {
                    for (Map<String, String> settings : settingSets) {
                        points.add(new Point(server, allocator.strip(), cpus, settings));
                    }
                }
            }
        }
        AllocatorCatalog catalog = new AllocatorCatalog();
        List<Protocolled> variants = new ArrayList<>();
        for (Point p : points) {
            ServerLauncher launcher = registry.launcher(p.server().launcher());
            AllocatorSpec allocator = catalog.resolve(p.allocator(), allocatorEnvironment(o.allocatorEnv, labelOf(p.allocator())));
            ServerSpec spec = new ServerSpec(p.server().distribution(), withLaunchFlags(p.settings(), o), allocator, p.cpus());
            Map<String, String> params = new LinkedHashMap<>();
            params.put("allocator", allocator.name());
            allocator.environment().forEach((k, v) -> params.put("allocator.env." + k, v));
            params.put("distribution", p.server().label());
            if (!p.cpus().isEmpty()) {
                params.put("server.cpus", p.cpus());
            }
            if (o.clientCpus != null) {
                params.put("client.cpus", o.clientCpus);
            }
            p.settings().forEach((k, v) -> params.put("mysqld." + k, v));
            variants.add(new Protocolled(new Variant(label(p, points, allocator.name()), params,
                    ServerProvider.launching(launcher, spec)), launcher.protocol()));
        }
        return numberReplicas(variants);
    }

    /**
     * Variants that are the same configuration given more than once (an A/A comparison, e.g.
     * {@code --allocator glibc,glibc}) are told apart by a {@code replica} param and label, {@code glibc#1},
     * {@code glibc#2}: each runs as a variant of its own, and compare sees what the verdicts make of no difference.
     */
    static List<Protocolled> numberReplicas(List<Protocolled> variants) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        variants.forEach(v -> counts.merge(v.variant().label(), 1, Integer::sum));
        Map<String, Integer> seen = new LinkedHashMap<>();
        List<Protocolled> numbered = new ArrayList<>();
        for (Protocolled p : variants) {
            Variant v = p.variant();
            if (counts.get(v.label()) == 1) {
                numbered.add(p);
                continue;
            }
            int n = seen.merge(v.label(), 1, Integer::sum);
            Map<String, String> params = new LinkedHashMap<>(v.params());
            params.put("replica", String.valueOf(n));
            numbered.add(new Protocolled(new Variant(v.label() + "#" + n, params, v.server()), p.protocol()));
        }
        return numbered;
    }

    /** Each variant {@code copies} times, as replicas of one configuration (bench calibrate). */
    static List<Protocolled> replicate(List<Protocolled> variants, int copies) {
        List<Protocolled> all = new ArrayList<>();
        for (Protocolled p : variants) {
            for (int i = 0; i < copies; i++) {
                all.add(p);
            }
        }
        return numberReplicas(all);
    }

    /** The variant's label names only what differs between variants, e.g. {@code jemalloc} or {@code mysql-5.7/glibc}. */
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

    private static Variant external(ServerOptions o) {
        if (!o.serverSettings.isEmpty() || o.server != null || o.serverBasedir != null || o.serverCpus != null) {
            throw new UsageException("--server, --server-basedir, --server-cpus and --mysqld launch a server; "
                    + "they cannot be used with --mysql-host/--mysql-port/--mysql-socket");
        }
        if (o.mysqlDb != null && !o.mysqlDb.matches("[A-Za-z0-9_$]{1,64}")) {
            throw new UsageException("--mysql-db " + o.mysqlDb + ": expected a plain database name "
                    + "(letters, digits, '_' or '$', at most 64), as bench puts it into SQL statements");
        }
        Target target = externalTarget(o);
        Duration timeout = Duration.ofSeconds(o.connectTimeout == null ? 30 : o.connectTimeout);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("allocator", "unknown");
        params.put("distribution", "external");
        return new Variant("external", params, () -> ExternalServer.connect(target, timeout));
    }

    /**
     * The server of --mysql-*. As in libmysqlclient, and so in sysbench, a socket with no host or with
     * host {@code localhost} is the way in: such a target asks its workloads for the socket
     * ({@code transport=socket}); with another host the socket is only known, and they use TCP.
     */
    static Target externalTarget(ServerOptions o) {
        boolean viaSocket = o.mysqlSocket != null && (o.mysqlHost == null || "localhost".equals(o.mysqlHost));
        return Target.builder()
                .host(o.mysqlHost == null || viaSocket ? "127.0.0.1" : o.mysqlHost)
                .port(o.mysqlPort == null ? 3306 : o.mysqlPort)
                .socket(o.mysqlSocket)
                .user(o.mysqlUser == null ? "sbtest" : o.mysqlUser)
                .password(o.password())
                .database(o.mysqlDb == null ? "sbtest" : o.mysqlDb)
                .properties(viaSocket ? Map.of("transport", "socket") : Map.of())
                .build();
    }

    /** The launcher's own knobs travel with the server settings under {@code benchkit.} keys. */
    private static Map<String, String> withLaunchFlags(Map<String, String> settings, ServerOptions o) {
        Map<String, String> all = new LinkedHashMap<>(settings);
        if (o.keepDatadir) {
            all.put("benchkit.keep-datadir", "true");
        }
        if (o.connectTimeout != null) {
            all.put("benchkit.start-timeout", String.valueOf(o.connectTimeout));
        }
        return all;
    }

    private static String labelOf(String allocatorArg) {
        int eq = allocatorArg.indexOf('=');
        return (eq > 0 ? allocatorArg.substring(0, eq) : allocatorArg).strip();
    }

    /** The {@code --allocator-env ALLOC:NAME=VALUE} entries that belong to {@code allocator}. */
    static Map<String, String> allocatorEnvironment(List<String> entries, String allocator) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : entries) {
            int colon = entry.indexOf(':');
            int eq = entry.indexOf('=', Math.max(colon, 0));
            if (colon <= 0 || eq < colon + 2) {
                throw new UsageException("--allocator-env " + entry + ": expected ALLOCATOR:NAME=VALUE, e.g. jemalloc:MALLOC_CONF=narenas:4");
            }
            String name = entry.substring(colon + 1, eq);
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new UsageException("--allocator-env " + entry + ": '" + name + "' is not an environment variable name");
            }
            if (entry.substring(0, colon).equals(allocator)) {
                env.put(name, entry.substring(eq + 1));
            }
        }
        return env;
    }
}

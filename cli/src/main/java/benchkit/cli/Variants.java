package benchkit.cli;

import benchkit.core.allocator.AllocatorCatalog;
import benchkit.core.plugin.PluginRegistry;
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

/** Turns the server options into the run's variants: one per allocator, or the external server. */
final class Variants {
    private Variants() {
    }

    static List<Variant> of(PluginRegistry registry, ServerOptions o) {
        if (o.isExternal()) {
            return List.of(external(o));
        }
        ServerLauncher launcher = registry.launcher("mysql");
        Map<String, String> settings = settings(o.serverSettings);
        String distribution = o.distribution();
        AllocatorCatalog catalog = new AllocatorCatalog();
        List<Variant> variants = new ArrayList<>();
        for (String name : o.allocators) {
            AllocatorSpec allocator = catalog.resolve(name, allocatorEnvironment(o.allocatorEnv, labelOf(name)));
            ServerSpec spec = new ServerSpec(distribution, withLaunchFlags(settings, o), allocator, o.serverCpus);
            Map<String, String> params = new LinkedHashMap<>();
            params.put("allocator", allocator.name());
            allocator.environment().forEach((k, v) -> params.put("allocator.env." + k, v));
            params.put("distribution", distribution);
            if (o.serverCpus != null) {
                params.put("server.cpus", o.serverCpus);
            }
            settings.forEach((k, v) -> params.put("mysqld." + k, v));
            variants.add(new Variant(allocator.name(), params, () -> launcher.launch(spec)));
        }
        return variants;
    }

    private static Variant external(ServerOptions o) {
        if (!o.serverSettings.isEmpty() || o.server != null || o.serverBasedir != null || o.serverCpus != null) {
            throw new UsageException("--server, --server-basedir, --server-cpus and --mysqld launch a server; "
                    + "they cannot be used with --mysql-host/--mysql-port/--mysql-socket");
        }
        Target target = Target.builder()
                .host(o.mysqlHost == null ? "127.0.0.1" : o.mysqlHost)
                .port(o.mysqlPort == null ? 3306 : o.mysqlPort)
                .socket(o.mysqlSocket)
                .user(o.mysqlUser == null ? "sbtest" : o.mysqlUser)
                .password(o.password())
                .database(o.mysqlDb == null ? "sbtest" : o.mysqlDb)
                .build();
        Duration timeout = Duration.ofSeconds(o.connectTimeout == null ? 30 : o.connectTimeout);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("allocator", "unknown");
        params.put("distribution", "external");
        return new Variant("external", params, () -> ExternalServer.connect(target, timeout));
    }

    /** {@code --mysqld name=value} pairs; the launcher validates names and values. */
    static Map<String, String> settings(List<String> pairs) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--mysqld " + pair + ": expected NAME=VALUE");
            }
            settings.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        return settings;
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

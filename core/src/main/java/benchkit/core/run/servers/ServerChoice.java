package benchkit.core.run.servers;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerLauncher;

/**
 * A server to launch, as a user names it: which launcher starts it, with which distribution, and its label in
 * results. A registered launcher's name starts its default distribution ({@code memcached},
 * {@code innodb-memcached}); {@code LAUNCHER:DIST} a distribution of it ({@code memcached:path:/opt/memcached},
 * {@code container:IMAGE}, {@code innodb-memcached:basedir:/opt/mysql}). Any other name is a distribution of the
 * {@linkplain ServerLauncher#defaultServer default launcher} (bench's MySQL-family one: {@code mariadb-11.4},
 * {@code mysql-8.0}, {@code system}, {@code basedir:DIR}), which also starts its default server when none is named.
 */
public record ServerChoice(String launcher, String distribution, String label) {
    public static ServerChoice parse(String value, PluginRegistry registry) {
        String v = requireName(value);
        int colon = v.indexOf(':');
        String head = colon < 0 ? v : v.substring(0, colon);
        boolean defaultsName = registry.defaultLauncher().map(l -> l.name().equals(head)).orElse(false);
        if (!defaultsName && registry.launchers().containsKey(head)) {
            return new ServerChoice(head, colon < 0 ? "" : v.substring(colon + 1), v);
        }
        return new ServerChoice(defaultLauncher(registry, v).name(), v, v);
    }

    /** The default launcher's default server: what a run starts when it names none. */
    public static ServerChoice defaultServer(PluginRegistry registry) {
        ServerLauncher fallback = defaultLauncher(registry, "(no --server)");
        String distribution = fallback.defaultServer().orElseThrow().distribution();
        return new ServerChoice(fallback.name(), distribution, distribution);
    }

    private static ServerLauncher defaultLauncher(PluginRegistry registry, String asked) {
        return registry.defaultLauncher().orElseThrow(() -> new InvalidOptionException("no server launcher takes --server "
                + asked + ": " + (registry.launchers().isEmpty() ? "no launcher is registered"
                : "none of the registered ones (" + String.join(", ", registry.launchers().keySet())
                + ") is a default launcher; name one of them")));
    }

    /** A blank name is bad input. */
    public static String requireName(String value) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            throw new InvalidOptionException("--server needs a value, e.g. mariadb-11.4, mysql-8.0, mysql-5.7, mysql-8.0.33, "
                    + "system, memcached, innodb-memcached, container:IMAGE");
        }
        return v;
    }
}

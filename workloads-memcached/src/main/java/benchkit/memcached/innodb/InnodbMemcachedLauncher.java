package benchkit.memcached.innodb;

import benchkit.launcher.mysql.CentralDistribution;
import benchkit.launch.DatadirLauncher;
import benchkit.launch.DatadirSnapshot;
import benchkit.launcher.mysql.Installation;
import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.launcher.mysql.MysqlServerHandle;
import benchkit.launch.ProcessOwner;
import benchkit.launcher.mysql.ServerStartException;
import benchkit.memcached.client.MemcachedText;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * MySQL's InnoDB memcached plugin ({@code innodb-memcached} launcher): a private mysqld, started by the
 * {@link MysqlLauncher} with everything it gives (allocator with proof, CPU set, settings, a datadir prepared once
 * and copied), with the {@code daemon_memcached} plugin installed and listening on 127.0.0.1 and a free port. Its
 * servers speak memcached, so the memcached workloads run against them exactly as against native memcached; the
 * process measured is mysqld.
 *
 * <p>The plugin serves {@code sbtest.kv} as its {@code default} container, an InnoDB table shaped as the SQL
 * key-value workloads' ({@code k, v, flags, cas, expiry}), with every get and set going to InnoDB
 * ({@code innodb_only}, as the plugin's own configuration script sets it). Distributions: {@code mysql-8.0.33} (the
 * default, from Maven Central), or any MySQL 5.6 to 8.2 that ships the plugin ({@code basedir:DIR}, {@code system}).
 * Server settings are mysqld's; the plugin's own ({@code daemon_memcached_r_batch_size},
 * {@code daemon_memcached_w_batch_size}, {@code daemon_memcached_option}) may be given too.
 */
public final class InnodbMemcachedLauncher implements DatadirLauncher {
    public static final String NAME = "innodb-memcached";
    public static final String DEFAULT_DISTRIBUTION = CentralDistribution.MYSQL_8_0_33.distribution();
    /** The table the plugin serves. */
    public static final String DATABASE = "sbtest";
    public static final String TABLE = "kv";
    /** The product the targets name, e.g. in the run header: {@code MySQL InnoDB memcached 8.0.33}. */
    public static final String PRODUCT = "MySQL InnoDB memcached";
    private static final String OPTION = "daemon_memcached_option";
    private static final Duration LISTEN_TIMEOUT = Duration.ofSeconds(60);

    private final MysqlLauncher mysql;

    /** For ServiceLoader: the default MySQL launcher. */
    public InnodbMemcachedLauncher() {
        this(new MysqlLauncher());
    }

    public InnodbMemcachedLauncher(MysqlLauncher mysql) {
        this.mysql = mysql;
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The settings go to the mysqld that the MySQL launcher starts, so they are named as its. */
    @Override
    public String settingsOwner() {
        return mysql.settingsOwner();
    }

    @Override
    public String protocol() {
        return "memcached";
    }

    @Override
    public String description() {
        return "MySQL's InnoDB memcached plugin on 127.0.0.1, serving an InnoDB table: " + DEFAULT_DISTRIBUTION
                + " (default, from Maven Central) or basedir:DIR with a MySQL 5.6-8.2 that ships lib/plugin/libmemcached.so";
    }

    @Override
    public List<Availability> distributions() {
        Availability central = mysql.distributions().stream().filter(a -> a.distribution().equals(DEFAULT_DISTRIBUTION))
                .findFirst().orElseThrow();
        return List.of(central, new Availability("basedir:DIR", true,
                "a MySQL 5.6-8.2 install directory with lib/plugin/libmemcached.so and innodb_engine.so"));
    }

    /** The distribution (obtained once), the plugin's files in it, and the settings. */
    @Override
    public void check(ServerSpec spec) throws IOException {
        plugin(spec);
    }

    @Override
    public ServerHandle launch(ServerSpec spec) throws Exception {
        PluginFiles files = plugin(spec);
        int port = freePort();
        MysqlServerHandle server = mysql.start(mysqlSpec(spec, port, files));
        try {
            try (Connection c = SqlConnector.to(SqlEndpoint.of(server.target())).openWithoutDatabase()) {
                InnodbMemcachedSetup.install(c, files.configScript(), DATABASE, TABLE);
            }
            return listening(server, port);
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
    }

    /** Its data: the MySQL launcher's key, set apart from a plain MySQL's (the datadir has the plugin installed). */
    @Override
    public Optional<String> dataKey(ServerSpec spec) {
        return mysql.dataKey(withDistribution(spec)).map(key -> NAME + " " + key);
    }

    /** As the MySQL launcher's; the restarted server loads the plugin again (it is in mysql.plugin) on its port. */
    @Override
    public DatadirSnapshot snapshotOf(ServerHandle server, Path into) throws Exception {
        if (!(server instanceof InnodbMemcachedHandle handle)) {
            throw new IllegalArgumentException("not a server of the " + NAME + " launcher: " + server);
        }
        DatadirSnapshot snapshot = mysql.snapshot(handle.mysql(), into);
        awaitPlugin(handle.mysql(), handle.target().port());
        return snapshot;
    }

    /** A copy of a datadir with the plugin installed: it loads at start-up, on this launch's port. */
    @Override
    public Copied startCopy(ServerSpec spec, DatadirSnapshot snapshot) throws Exception {
        PluginFiles files = plugin(spec);
        int port = freePort();
        MysqlServerHandle server = mysql.startFrom(mysqlSpec(spec, port, files), snapshot);
        try {
            return new Copied(listening(server, port), server.dataCopyTime().orElseThrow());
        } catch (Exception | Error e) {
            server.close();
            throw e;
        }
    }

    @Override
    public Path tempRoot() {
        return mysql.tempRoot();
    }

    private PluginFiles plugin(ServerSpec spec) throws IOException {
        ServerSpec withDistribution = withDistribution(spec);
        pluginSettings(spec.settings(), 1); // a bad plugin setting is bad input before anything is obtained
        Installation installation = mysql.installation(withDistribution);
        return PluginFiles.of(installation, NAME + (spec.distribution().isBlank() ? "" : ":" + spec.distribution()));
    }

    private static ServerSpec withDistribution(ServerSpec spec) {
        return spec.distribution().isBlank() ? new ServerSpec(DEFAULT_DISTRIBUTION, spec.settings(), spec.allocator(),
                spec.cpus(), spec.launch()) : spec;
    }

    /** mysqld's settings for a launch whose plugin listens on {@code port}. */
    private static ServerSpec mysqlSpec(ServerSpec spec, int port, PluginFiles files) {
        ServerSpec s = withDistribution(spec);
        Map<String, String> settings = pluginSettings(s.settings(), port);
        settings.put("plugin_dir", files.pluginDir().toString());
        return new ServerSpec(s.distribution(), settings, s.allocator(), s.cpus(), s.launch());
    }

    /**
     * The user's settings with the plugin's made {@code loose-} (a fresh datadir starts without the plugin, which
     * INSTALL PLUGIN then loads with them) and its memcached told where to listen and, as root, which user to be;
     * without {@code -u} its memcached exits when run as root and takes mysqld down with it.
     */
    static Map<String, String> pluginSettings(Map<String, String> given, int port) {
        Map<String, String> settings = new LinkedHashMap<>();
        String extra = "";
        for (Map.Entry<String, String> e : given.entrySet()) {
            String name = e.getKey().strip().toLowerCase(Locale.ROOT).replace('-', '_');
            name = name.startsWith("loose_") ? name.substring("loose_".length()) : name;
            if (name.equals(OPTION)) {
                extra = e.getValue().strip();
                if (extra.matches("(.*\\s)?-[plu](\\s.*|\\S.*)?")) {
                    throw new InvalidOptionException(NAME + ": " + OPTION + " may not set -p, -l or -u; bench chooses the "
                            + "port, listens on 127.0.0.1 and, as root, runs the plugin's memcached as root");
                }
            } else if (name.startsWith("daemon_memcached_")) {
                settings.put("loose-" + name, e.getValue());
            } else {
                settings.put(e.getKey(), e.getValue());
            }
        }
        String option = "-p " + port + " -l 127.0.0.1" + (ProcessOwner.isRoot() ? " -u root" : "");
        settings.put("loose-" + OPTION, extra.isEmpty() ? option : option + " " + extra);
        return settings;
    }

    private static InnodbMemcachedHandle listening(MysqlServerHandle server, int port) throws IOException, ServerStartException {
        String version = awaitPlugin(server, port);
        return new InnodbMemcachedHandle(server, server.target().toBuilder().host("127.0.0.1").port(port).socket(null)
                .user("").password("").database("").product(PRODUCT).version(version).build());
    }

    /**
     * Waits until this server's plugin answers on {@code port}: its {@code stats} must name mysqld's pid, so a
     * process that took the port in between is not mistaken for it.
     */
    private static String awaitPlugin(MysqlServerHandle server, int port) throws IOException, ServerStartException {
        try {
            InnodbMemcachedSetup.awaitListening("127.0.0.1", port, LISTEN_TIMEOUT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the InnoDB memcached plugin");
        } catch (IOException e) {
            throw new ServerStartException(e.getMessage() + " (the plugin did not start)", server.logTail(20));
        }
        Map<String, String> stats = MemcachedText.stats("127.0.0.1", port, 5000);
        if (!String.valueOf(server.pid()).equals(stats.get("pid"))) {
            throw new ServerStartException("port " + port + " is answered by process " + stats.get("pid") + ", not by mysqld "
                    + server.pid() + "'s InnoDB memcached plugin", "");
        }
        return stats.getOrDefault("version", server.target().version());
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** For tests: the SQL side of a server this launcher started. */
    public static benchkit.spi.Target sqlTarget(ServerHandle server) {
        return ((InnodbMemcachedHandle) server).mysql().target();
    }
}

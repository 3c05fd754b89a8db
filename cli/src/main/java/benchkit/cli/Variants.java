package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.VariantMatrix;
import benchkit.launcher.mysql.ExternalServer;
import benchkit.launcher.mysql.ServerUnreachableException;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the server options into the run's variants: a {@link VariantMatrix} of the servers to launch, or the one
 * external server.
 */
final class Variants {
    private Variants() {
    }

    static List<Variant> of(PluginRegistry registry, ServerOptions o) {
        if (o.connectTimeout != null && (o.connectTimeout < 0 || o.connectTimeout > RunCommand.MAX_SECONDS)) {
            throw new UsageException("--connect-timeout=" + o.connectTimeout + " is not valid; expected 0 (one attempt) to "
                    + RunCommand.MAX_SECONDS + " seconds (7 days)");
        }
        return o.isExternal() ? List.of(external(o)) : matrix(o).variants(registry);
    }

    /** The variants a workload speaking {@code protocol} can run against; none is a usage error. */
    static List<Variant> forProtocol(List<Variant> all, String workload, String protocol) {
        List<Variant> fitting = all.stream().filter(v -> v.serves(protocol)).toList();
        if (fitting.isEmpty()) {
            throw new UsageException("workload " + workload + " speaks " + protocol + " but no --server does"
                    + (protocol.equals("memcached") ? " (add --server memcached or --memcached-servers)" : ""));
        }
        return fitting;
    }

    /** The options of launched servers, each axis typed. */
    static VariantMatrix matrix(ServerOptions o) {
        // a server bench launches has its own account and database: these would be dropped without a word and the run
        // recorded as if they held (the mirror of external(), which refuses the launch options)
        List<String> externalOnly = new ArrayList<>();
        if (o.mysqlUser != null) {
            externalOnly.add("--mysql-user");
        }
        if (o.mysqlPassword != null) {
            externalOnly.add("--mysql-password");
        }
        if (o.mysqlDb != null) {
            externalOnly.add("--mysql-db");
        }
        if (!externalOnly.isEmpty()) {
            throw new UsageException(String.join(", ", externalOnly) + (externalOnly.size() == 1 ? " is" : " are")
                    + " for an external server (--mysql-host/--mysql-port/--mysql-socket); a server bench launches has "
                    + "its own user and database: leave " + (externalOnly.size() == 1 ? "it" : "them") + " out, or name "
                    + "your server");
        }
        VariantMatrix.Builder matrix = VariantMatrix.builder();
        o.servers().forEach(matrix::servers);
        if (o.serverBasedir != null) {
            matrix.servers("basedir:" + o.serverBasedir); // a distribution of the default (mysql) launcher
        }
        o.allocators().forEach(matrix::allocators);
        for (String entry : o.allocatorEnv) {
            AllocatorEnv env = AllocatorEnv.parse(entry);
            matrix.allocatorEnvironment(env.allocator(), env.name(), env.value());
        }
        CpuSets.parseAll(o.serverCpus).forEach(matrix::serverCpus);
        for (String pair : o.serverSettings) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--mysqld " + pair + ": expected NAME=VALUE");
            }
            // NAME=V1,V2 adds one variant per value (e.g. innodb_spin_wait_delay=6,96 as in study C)
            matrix.setting(pair.substring(0, eq), pair.substring(eq + 1).split(",", -1));
        }
        matrix.launch(new ServerSpec.Launch(Optional.ofNullable(o.connectTimeout).map(Duration::ofSeconds), o.keepDatadir));
        if (o.clientCpus != null) {
            matrix.param("client.cpus", o.clientCpus);
        }
        return matrix.build();
    }

    /** The refusal of options that act on a server bench launches, given for {@code server}, which it does not. */
    static UsageException launchOnly(List<String> options, String server) {
        boolean one = options.size() == 1;
        return new UsageException(String.join(", ", options) + (one ? " is" : " are") + " for a server bench "
                + "launches: " + (one ? "it does" : "they do") + " nothing to " + server + ", which bench does not start; "
                + "leave " + (one ? "it" : "them") + " out");
    }

    private static Variant external(ServerOptions o) {
        // each would be dropped without a word and the run recorded as if it held (--allocator: "allocator: unknown")
        List<String> launchOnly = new ArrayList<>();
        addIf(launchOnly, o.server != null, "--server");
        addIf(launchOnly, o.serverBasedir != null, "--server-basedir");
        addIf(launchOnly, o.serverCpus != null, "--server-cpus");
        addIf(launchOnly, !o.serverSettings.isEmpty(), "--mysqld");
        addIf(launchOnly, o.allocators != null, "--allocator");
        addIf(launchOnly, !o.allocatorEnv.isEmpty(), "--allocator-env");
        addIf(launchOnly, o.keepDatadir, "--keep-datadir");
        if (!launchOnly.isEmpty()) {
            throw launchOnly(launchOnly, "the server of --mysql-host/--mysql-port/--mysql-socket");
        }
        if (o.mysqlUser != null && o.mysqlUser.isBlank()) {
            throw new UsageException("--mysql-user needs a user name");
        }
        for (int port : o.mysqlPort == null ? List.<Integer>of() : o.mysqlPort) {
            if (port < 1 || port > 65535) {
                throw new UsageException("--mysql-port " + port + " is not a port; expected 1 to 65535");
            }
        }
        // with --connect-timeout 0 the one attempt is the check, and its failure says the same (a sysbench line's way)
        boolean tryOnce = o.connectTimeout != null && o.connectTimeout <= 0;
        for (String socket : tryOnce || o.mysqlSocket == null ? List.<String>of() : o.mysqlSocket) {
            if (!java.nio.file.Files.exists(java.nio.file.Path.of(socket))) {
                throw new UsageException("--mysql-socket " + socket + " does not exist (is the server running, and is "
                        + "that its socket?)");
            }
        }
        if (o.mysqlDb != null && !o.mysqlDb.matches("[A-Za-z0-9_$]{1,64}")) {
            throw new UsageException("--mysql-db " + o.mysqlDb + ": expected a plain database name "
                    + "(letters, digits, '_' or '$', at most 64), as bench puts it into SQL statements");
        }
        Target target = externalTarget(o);
        for (Target.Address a : tryOnce ? List.<Target.Address>of() : target.addresses()) {
            if (a.socket() == null) {
                try {
                    java.net.InetAddress.getByName(a.host());
                } catch (java.net.UnknownHostException e) {
                    throw new UsageException("--mysql-host " + a.host() + ": host not found");
                }
            }
        }
        Duration timeout = Duration.ofSeconds(o.connectTimeout == null ? 30 : o.connectTimeout);
        Map<String, String> params = new LinkedHashMap<>();
        params.put("allocator", "unknown");
        params.put("distribution", "external");
        return new Variant("external", params, () -> ExternalServer.connect(target, timeout));
    }

    /**
     * A server of --mysql-* that answers and refuses the login (a wrong password, user or database) is bad input, said
     * in one line before anything starts (sweep 10, case N52): tried once; one that does not answer yet is the run's to
     * wait for (--connect-timeout), as before.
     */
    static void requireLogin(ServerOptions o) {
        try {
            ExternalServer.connect(externalTarget(o), Duration.ZERO).close();
        } catch (ServerUnreachableException e) {
            if (e.refused()) {
                throw new UsageException(e.getMessage());
            }
        }
    }

    /**
     * The server of --mysql-*. As in libmysqlclient, and so in sysbench, a socket with no host or with
     * host {@code localhost} is the way in: such a target's transport is its socket; with another host the socket is only known, and they use TCP.
     */
    static Target externalTarget(ServerOptions o) {
        List<String> hosts = o.mysqlHost == null || o.mysqlHost.isEmpty() ? List.of() : o.mysqlHost;
        List<Integer> ports = o.mysqlPort == null || o.mysqlPort.isEmpty() ? List.of(3306) : o.mysqlPort;
        List<String> sockets = o.mysqlSocket == null ? List.of() : o.mysqlSocket;
        if (hosts.stream().anyMatch(String::isBlank) || sockets.stream().anyMatch(String::isBlank)) {
            // an empty host ran against ":3306" for the connect timeout and won over a socket given with it (sweep 9)
            boolean host = hosts.stream().anyMatch(String::isBlank);
            String option = host ? "--mysql-host" : "--mysql-socket";
            List<String> list = host ? hosts : sockets;
            if (list.size() > 1) {
                // one empty entry of a list: the list is not empty, its entry is (sweep 10, case N2)
                throw new UsageException(option + "=" + String.join(",", list) + " has an empty entry (entry "
                        + (list.indexOf(list.stream().filter(String::isBlank).findFirst().orElseThrow()) + 1) + " of "
                        + list.size() + ": nothing given, or two commas in a row); name each "
                        + (host ? "host" : "socket file") + ", separated by single commas");
            }
            throw new UsageException(option + " is empty; name the server's " + (host
                    ? "host (e.g. 127.0.0.1), or leave it out" : "socket file, or leave it out"));
        }
        boolean viaSocket = !sockets.isEmpty() && (hosts.isEmpty() || hosts.equals(List.of("localhost")));
        // several: connections take them in turn as sysbench's do (its sockets; else each host's ports, hosts outer)
        List<Target.Address> addresses = new ArrayList<>();
        if (viaSocket) {
            sockets.forEach(s -> addresses.add(new Target.Address("localhost", ports.get(0), s)));
        } else {
            for (String host : hosts.isEmpty() ? List.of("127.0.0.1") : hosts) {
                ports.forEach(port -> addresses.add(new Target.Address(host, port, null)));
            }
        }
        return Target.builder()
                .host(hosts.isEmpty() || viaSocket ? "127.0.0.1" : hosts.get(0))
                .port(ports.get(0))
                .socket(sockets.isEmpty() ? null : sockets.get(0))
                .addresses(addresses.size() > 1 ? addresses : List.of())
                .user(o.mysqlUser == null ? "sbtest" : o.mysqlUser)
                .password(o.password())
                .database(o.mysqlDb == null ? "sbtest" : o.mysqlDb)
                .transport(viaSocket ? Target.Transport.SOCKET : Target.Transport.TCP)
                .build();
    }

    private static void addIf(List<String> names, boolean given, String name) {
        if (given) {
            names.add(name);
        }
    }

    /** One {@code --allocator-env ALLOC:NAME=VALUE}. */
    record AllocatorEnv(String allocator, String name, String value) {
        static AllocatorEnv parse(String entry) {
            int colon = entry.indexOf(':');
            int eq = entry.indexOf('=', Math.max(colon, 0));
            if (colon <= 0 || eq < colon + 2) {
                throw new UsageException("--allocator-env " + entry + ": expected ALLOCATOR:NAME=VALUE, e.g. jemalloc:MALLOC_CONF=narenas:4");
            }
            String name = entry.substring(colon + 1, eq);
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new UsageException("--allocator-env " + entry + ": '" + name + "' is not an environment variable name");
            }
            return new AllocatorEnv(entry.substring(0, colon), name, entry.substring(eq + 1));
        }
    }
}

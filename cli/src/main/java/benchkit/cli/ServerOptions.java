package benchkit.cli;

import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Which server to benchmark: one bench launches (the default, an embedded MariaDB 11.4) or an
 * external one given with sysbench's option names.
 */
final class ServerOptions {
    static final String PASSWORD_ENV = "BENCH_MYSQL_PASSWORD";
    /** A file holding the password, as container engines mount secrets. */
    static final String PASSWORD_FILE_ENV = "BENCH_MYSQL_PASSWORD_FILE";

    @Option(names = "--server", paramLabel = "SERVER[,SERVER...]",
            description = "Servers to launch, each a variant: mariadb-11.4 (embedded, default), mysql-8.0 and mysql-5.7 "
                    + "(embedded; need libaio1 and libnuma1), "
                    + "system (mariadbd/mysqld on PATH or /usr/sbin), memcached, container:IMAGE.")
    String server;

    @Option(names = "--server-basedir", paramLabel = "DIR",
            description = "Launch the mysqld/mariadbd of this installation directory.")
    String serverBasedir;

    @Option(names = "--allocator", paramLabel = "NAME", split = ",",
            description = "Memory allocator of the launched server (default glibc).")
    List<String> allocators;

    @Option(names = "--allocator-env", paramLabel = "ALLOC:NAME=VALUE",
            description = "Environment tunable for one allocator's server, e.g. jemalloc:MALLOC_CONF=narenas:4 (repeatable).")
    List<String> allocatorEnv = new ArrayList<>();

    @Option(names = "--mysqld", paramLabel = "NAME=VALUE[,VALUE...]",
            description = "Server setting for launched servers, e.g. --mysqld innodb_buffer_pool_size=1G (repeatable); "
                    + "several values are variants, e.g. innodb_spin_wait_delay=6,96.")
    List<String> serverSettings = new ArrayList<>();

    @Option(names = "--server-cpus", paramLabel = "N|A-B[,...]",
            description = "Pin the launched server to N CPUs (0..N-1) or a range A-B; several values are variants.")
    String serverCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST",
            description = "Pin bench itself (its load threads) to these CPUs (taskset list), apart from the server.")
    String clientCpus;

    @Option(names = "--keep-datadir", description = "Keep the launched server's temporary directory for inspection.")
    boolean keepDatadir;

    @Option(names = "--mysql-host", paramLabel = "HOST", split = ",",
            description = "Use an external server at this host (a list: connections take its hosts in turn, as sysbench's).")
    List<String> mysqlHost;

    @Option(names = "--mysql-port", paramLabel = "PORT", split = ",",
            description = "External server port (default 3306; a list: each host's ports in turn).")
    List<Integer> mysqlPort;

    @Option(names = "--mysql-socket", paramLabel = "PATH", split = ",",
            description = "External server unix socket (a list: connections take them in turn).")
    List<String> mysqlSocket;

    @Option(names = "--mysql-user", paramLabel = "USER", description = "External server user (default sbtest).")
    String mysqlUser;

    @Option(names = "--mysql-password", paramLabel = "PASSWORD", arity = "0..1", interactive = false,
            fallbackValue = ASK, description = "External server password; prefer the environment variable " + PASSWORD_ENV
                    + " so it does not show in the process list. Without a value it is asked for on the terminal, as "
                    + "the mysql client's -p does; --mysql-password= is an empty one.")
    String mysqlPassword;

    /** What --mysql-password without a value stands for: ask on the terminal (no password holds a NUL). */
    static final String ASK = "\u0000ask";

    @Option(names = "--mysql-db", paramLabel = "DB", description = "Database (default sbtest).")
    String mysqlDb;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS", description = "Seconds to wait for a server (default 30 for external, 180 to launch; 0: one attempt, as sysbench).")
    Integer connectTimeout;

    /** The --allocator values, glibc when none is given. */
    List<String> allocators() {
        return allocators == null ? List.of("glibc") : allocators;
    }

    /** Whether bench picks the server itself (no --server, --server-basedir or external server given). */
    boolean usesDefaultServer() {
        return !isExternal() && server == null && serverBasedir == null;
    }

    boolean isExternal() {
        return mysqlHost != null || mysqlSocket != null || mysqlPort != null;
    }

    /** The {@code --server} values; empty when none was given. */
    java.util.List<String> servers() {
        return server == null ? java.util.List.of() : java.util.List.of(server.split(","));
    }

    String password() {
        return password(System::getenv);
    }

    /** The password, with the environment read through {@code env}. */
    String password(java.util.function.UnaryOperator<String> env) {
        if (ASK.equals(mysqlPassword)) {
            java.io.Console console = System.console();
            if (console == null) {
                throw new UsageException("--mysql-password has no value and there is no terminal to ask on: set "
                        + PASSWORD_ENV + " (or --mysql-password=VALUE; --mysql-password= for an empty one)");
            }
            char[] typed = console.readPassword("Password for %s: ", mysqlUser == null ? "sbtest" : mysqlUser);
            mysqlPassword = typed == null ? "" : new String(typed);
        }
        if (mysqlPassword != null) {
            return mysqlPassword;
        }
        String given = env.apply(PASSWORD_ENV);
        String file = env.apply(PASSWORD_FILE_ENV);
        if (given != null && file != null) {
            // either could be the stale one: taking one silently would leave an access-denied line blaming neither
            throw new UsageException(PASSWORD_ENV + " and " + PASSWORD_FILE_ENV + " are both set; unset the one that"
                    + " does not hold the password");
        }
        if (file != null && file.isBlank()) {
            // read as a path, an empty name is the working directory: "cannot be read: Is a directory" (sweep 8)
            throw new UsageException(PASSWORD_FILE_ENV + " is set but empty; name a file holding the password, or unset it");
        }
        if (file != null) {
            // a container's secret (docker secret, Kubernetes secret volume): the password never in an environment listing
            try {
                given = java.nio.file.Files.readString(java.nio.file.Path.of(file)).strip();
            } catch (java.io.IOException e) {
                throw new UsageException(PASSWORD_FILE_ENV + " names " + file + ", which cannot be read: "
                        + benchkit.core.run.plan.RunFailure.ioMessage(e) + "; name a file holding the password, or unset it");
            }
        }
        if (given == null) {
            given = env.apply("MYSQL_PWD");
        }
        return given == null ? "" : given;
    }
}

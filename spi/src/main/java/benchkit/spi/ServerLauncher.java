package benchkit.spi;

import java.util.List;
import java.util.Optional;

/**
 * Starts servers of one family (e.g. {@code mysql} for mysqld/mariadbd), found by
 * {@link java.util.ServiceLoader} ({@code META-INF/services/benchkit.spi.ServerLauncher}).
 */
public interface ServerLauncher {
    /** Unique name, e.g. {@code mysql}. */
    String name();

    String description();

    /**
     * The protocol its servers speak, matched against {@link WorkloadFactory#protocol()} to decide which
     * workloads a server can run: {@code mysql} (MySQL and MariaDB servers) or {@code memcached}.
     */
    default String protocol() {
        return "mysql";
    }

    /**
     * The program whose settings {@link ServerSpec#settings()} are, naming them among a variant's params in results:
     * {@code mysqld} gives {@code mysqld.innodb_buffer_pool_size}, {@code memcached} gives {@code memcached.t}.
     * Default {@code server}.
     */
    default String settingsOwner() {
        return "server";
    }

    /** The distributions this launcher can start on this machine, and those it cannot with the reason. */
    List<Availability> distributions();

    /**
     * Checks, before any server of the run starts and before anything is written, that {@code spec} can be
     * launched here: its distribution, paths, settings and allocator. It may also obtain what launches need, once
     * (e.g. download and unpack a server distribution), and then says so on standard output. Bad input or a
     * distribution this machine cannot run throws {@link InvalidOptionException} with one line saying what to do.
     * Called once per variant on the run's thread; the default checks nothing.
     */
    default void check(ServerSpec spec) throws Exception {
    }

    /**
     * Starts a fresh server and waits until it accepts connections. The returned handle owns the
     * process; closing it stops the server and removes what the launch created.
     */
    ServerHandle launch(ServerSpec spec) throws Exception;

    /**
     * Present only for the default launcher (bench's own is the MySQL-family one): the server a run starts when
     * it names none, and the run header's line saying so. A server name that no registered launcher claims
     * ({@code mariadb-11.4}, {@code basedir:DIR}) is then one of its distributions. Empty by default; when two
     * registered launchers answer, the first by name is the default.
     */
    default Optional<DefaultServer> defaultServer() {
        return Optional.empty();
    }

    /**
     * @param distribution what the default launcher starts when a run names no server
     * @param note         the run header's line on it, e.g. {@code # Server: MariaDB 11.4 (embedded default: ...)}
     */
    record DefaultServer(String distribution, String note) {
    }

    /** One distribution and whether it can run here; {@code reason} says why not, or where it is. */
    record Availability(String distribution, boolean available, String reason) {
    }
}

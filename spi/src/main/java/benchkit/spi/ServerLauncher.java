package benchkit.spi;

import java.util.List;

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

    /** The distributions this launcher can start on this machine, and those it cannot with the reason. */
    List<Availability> distributions();

    /**
     * Starts a fresh server and waits until it accepts connections. The returned handle owns the
     * process; closing it stops the server and removes what the launch created.
     */
    ServerHandle launch(ServerSpec spec) throws Exception;

    /** One distribution and whether it can run here; {@code reason} says why not, or where it is. */
    record Availability(String distribution, boolean available, String reason) {
    }
}

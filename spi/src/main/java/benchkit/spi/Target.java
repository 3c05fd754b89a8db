package benchkit.spi;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a workload sends its load: a server's address, credentials and identity. The password
 * is never part of {@link #toString()}, so a target can be logged safely.
 */
public final class Target {
    private final String host;
    private final int port;
    private final String socket;
    private final String user;
    private final String password;
    private final String database;
    private final String product;
    private final String version;
    private final Transport transport;
    private final String driver;
    private final List<Address> addresses;
    /** Whether the builder was given the addresses (kept by {@link #toBuilder()}), or they are the target's own. */
    private final boolean addressesGiven;

    private Target(Builder b) {
        this.host = Objects.requireNonNull(b.host, "host");
        this.port = b.port;
        this.socket = b.socket;
        this.user = b.user;
        this.password = b.password;
        this.database = b.database;
        this.product = b.product;
        this.version = b.version;
        this.transport = Objects.requireNonNull(b.transport, "transport");
        this.driver = b.driver;
        this.addressesGiven = b.addresses != null && !b.addresses.isEmpty();
        this.addresses = addressesGiven ? List.copyOf(b.addresses)
                : List.of(new Address(host, port, transport == Transport.SOCKET ? socket : null));
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host;
        b.port = port;
        b.socket = socket;
        b.user = user;
        b.password = password;
        b.database = database;
        b.product = product;
        b.version = version;
        b.transport = transport;
        b.driver = driver;
        b.addresses = addressesGiven ? addresses : null;   // the target's own address follows a new host or port
        return b;
    }

    public String host() { return host; }

    public int port() { return port; }

    /** The unix socket path, when the server has one the client may use. */
    public Optional<String> socket() { return Optional.ofNullable(socket); }

    public String user() { return user; }

    /** The password; never print it. Empty when the server needs none. */
    public String password() { return password == null ? "" : password; }

    public String database() { return database; }

    /** Server product, e.g. {@code MySQL} or {@code MariaDB}; {@code unknown} until known. */
    public String product() { return product == null ? "unknown" : product; }

    /** Server version string as the server reports it, e.g. {@code 8.0.15}. */
    public String version() { return version == null ? "unknown" : version; }

    /**
     * How a client reaches the server when its workload leaves the choice to the target
     * ({@code --transport=auto}): {@link Transport#TCP} unless the socket is the way in, as when a
     * user gives only a socket. A socket that is merely known does not make a client use it, and
     * a target with no socket is reached over TCP whatever this says.
     */
    public Transport transport() { return transport; }

    /**
     * The JDBC driver the server's side recommends, e.g. {@code mysql} or {@code mariadb}, for a
     * workload whose {@code --driver} is {@code auto}; empty lets the workload choose.
     */
    public Optional<String> driver() { return Optional.ofNullable(driver); }

    /**
     * Where a client's connections go, in turn: each new connection takes the next address (sysbench's
     * {@code --mysql-host}/{@code --mysql-port} lists, hosts outer and ports inner, or its {@code --mysql-socket}
     * list). One, this target's own {@link #host()}/{@link #port()} (or its socket when that is the way in), unless
     * the user gave lists; the other accessors describe the first.
     *
     * @since SPI 1 (a default of one address: plugins that connect to {@link #host()} keep working)
     */
    public List<Address> addresses() { return addresses; }

    /** One address of a server: a TCP host and port, or a unix socket (then {@code socket} is not null). */
    public record Address(String host, int port, String socket) {
        public Address {
            Objects.requireNonNull(host, "host");
        }

        /** {@code host 'H', port P} or {@code socket 'S'}, as sysbench names where it connects. */
        @Override
        public String toString() {
            return socket != null ? "socket '" + socket + "'" : "host '" + host + "', port " + port;
        }
    }

    /** The ways a client can reach a MySQL-family server. */
    public enum Transport { TCP, SOCKET }

    @Override
    public String toString() {
        // the way in: a target reached by its socket has no TCP address the user named (its 127.0.0.1:3306 is a default)
        return product() + " " + version() + " at "
                + (transport == Transport.SOCKET && socket != null ? "socket " + socket
                        : host + ":" + port + (socket != null ? " (socket " + socket + ")" : ""))
                + (addresses.size() > 1 ? " (connections spread over " + addresses + ")" : "")
                + " user=" + user + " db=" + database;
    }

    public static final class Builder {
        private String host = "127.0.0.1";
        private int port = 3306;
        private String socket;
        private String user = "root";
        private String password;
        private String database = "sbtest";
        private String product;
        private String version;
        private Transport transport = Transport.TCP;
        private String driver;
        private List<Address> addresses;

        public Builder host(String host) { this.host = host; return this; }

        public Builder port(int port) { this.port = port; return this; }

        public Builder socket(String socket) { this.socket = socket; return this; }

        public Builder user(String user) { this.user = user; return this; }

        public Builder password(String password) { this.password = password; return this; }

        public Builder database(String database) { this.database = database; return this; }

        public Builder product(String product) { this.product = product; return this; }

        public Builder version(String version) { this.version = version; return this; }

        public Builder transport(Transport transport) { this.transport = transport; return this; }

        public Builder driver(String driver) { this.driver = driver; return this; }

        /** The addresses connections take in turn; empty or one: the target's own. */
        public Builder addresses(List<Address> addresses) { this.addresses = addresses; return this; }

        public Target build() { return new Target(this); }
    }
}

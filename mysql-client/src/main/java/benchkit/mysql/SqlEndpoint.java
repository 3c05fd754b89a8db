package benchkit.mysql;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;

import java.util.Objects;

/**
 * Where a connection goes and as whom: a TCP address, or a unix socket; the account; the database
 * (empty: none). The password is only handed to the driver in its properties: {@link #toString()}
 * never shows it, so neither does any message built from an endpoint.
 */
public final class SqlEndpoint {
    private final String host;
    private final int port;
    private final String unixSocket;
    private final String user;
    private final String password;
    private final String database;

    private SqlEndpoint(String host, int port, String unixSocket, String user, String password, String database) {
        this.host = Objects.requireNonNull(host, "host");
        this.port = port;
        this.unixSocket = unixSocket;
        this.user = Objects.requireNonNull(user, "user");
        this.password = password == null ? "" : password;
        this.database = database == null ? "" : database;
    }

    /** Over TCP, in no database. */
    public static SqlEndpoint tcp(String host, int port, String user, String password) {
        return new SqlEndpoint(host, port, null, user, password, "");
    }

    /** Over the unix socket at {@code path}, in no database. */
    public static SqlEndpoint unixSocket(String path, String user, String password) {
        return new SqlEndpoint("localhost", 3306, Objects.requireNonNull(path, "path"), user, password, "");
    }

    /** The target's database over its {@link Target#transport()}. */
    public static SqlEndpoint of(Target target) {
        return of(target, "auto", "bench");
    }

    /**
     * The target's database over the transport a workload's {@code --transport} names: {@code tcp},
     * {@code socket} (the target must have one), or {@code auto}: the target's own
     * {@link Target#transport()} (the socket when the user gave only a socket), else TCP.
     *
     * @param who names the workload in the error, e.g. {@code oltp_read_only}
     */
    public static SqlEndpoint of(Target target, String transportOption, String who) {
        boolean socket = "auto".equals(transportOption)
                ? target.transport() == Target.Transport.SOCKET && target.socket().isPresent()
                : "socket".equals(transportOption);
        if (socket && target.socket().isEmpty()) {
            throw new InvalidOptionException(who + ": --transport=socket needs a server with a unix socket; "
                    + target + " has none");
        }
        return new SqlEndpoint(target.host(), target.port(), socket ? target.socket().get() : null, target.user(),
                target.password(), target.database());
    }

    /**
     * Every address of the target ({@link Target#addresses()}) as {@link #of(Target, String, String)} makes its one:
     * a target of several addresses (the user's lists) takes each as given, a socket or a host and port, and a
     * {@code --transport} other than {@code auto} must name that way in.
     */
    public static java.util.List<SqlEndpoint> all(Target target, String transportOption, String who) {
        if (target.addresses().size() == 1) {
            return java.util.List.of(of(target, transportOption, who));
        }
        boolean sockets = target.addresses().get(0).socket() != null;
        if (!"auto".equals(transportOption) && "socket".equals(transportOption) != sockets) {
            throw new InvalidOptionException(who + ": --transport=" + transportOption + " does not reach the servers' "
                    + (sockets ? "unix sockets" : "hosts and ports") + " listed in " + target + "; leave --transport auto");
        }
        return target.addresses().stream().map(a -> new SqlEndpoint(a.host(), a.port(), a.socket(), target.user(),
                target.password(), target.database())).toList();
    }

    /** The target's database over its unix socket when it has one, else TCP (the launcher's and tests' admin way in). */
    public static SqlEndpoint preferSocket(Target target) {
        return new SqlEndpoint(target.host(), target.port(), target.socket().orElse(null), target.user(),
                target.password(), target.database());
    }

    /** The same server and account in {@code name} ("" for none). */
    public SqlEndpoint inDatabase(String name) {
        return new SqlEndpoint(host, port, unixSocket, user, password, name);
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The unix socket's path, or null over TCP. */
    public String unixSocket() {
        return unixSocket;
    }

    public boolean overSocket() {
        return unixSocket != null;
    }

    public String user() {
        return user;
    }

    /** Only for the driver's properties or a login packet; never for a message. */
    public String password() {
        return password;
    }

    public String database() {
        return database;
    }

    /** e.g. {@code bench@127.0.0.1:3306/sbtest} or {@code root@socket /tmp/x.sock}; no password. */
    @Override
    public String toString() {
        return user + "@" + (unixSocket != null ? "socket " + unixSocket : host + ":" + port)
                + (database.isEmpty() ? "" : "/" + database);
    }
}

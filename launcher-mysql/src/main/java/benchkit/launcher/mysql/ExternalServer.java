package benchkit.launcher.mysql;

import benchkit.launch.UnownedServer;
import benchkit.spi.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reaches a MySQL-family server benchkit does not own (started by the user, e.g. a production-like box): logs in,
 * checks the database and reads what the server is; the handle is an {@link UnownedServer}, with no process to watch
 * or stop.
 */
public final class ExternalServer {
    /** MySQL's ER_ACCESS_DENIED_ERROR and ER_DBACCESS_DENIED_ERROR: retrying will not help. */
    private static final int ACCESS_DENIED = 1045;
    private static final int DB_ACCESS_DENIED = 1044;
    private static final int UNKNOWN_DATABASE = 1049;

    private ExternalServer() {
    }

    /**
     * Logs in (over the socket when one is given, else TCP) until it works or {@code timeout} passes,
     * checks the database exists and reads product and version from the server.
     *
     * @param socket unix socket path, or null for TCP only
     */
    public static UnownedServer connect(String host, int port, String socket, String user, String password,
                                         String database, Duration timeout) throws ServerUnreachableException {
        Target target = Target.builder().host(host).port(port).socket(socket).user(user).password(password)
                .database(database).build();
        return connect(target, timeout);
    }

    /**
     * As above, from a target whose product and version are filled in from the server. A target of several addresses
     * (the user's lists) has each checked, all within the one {@code timeout} (each tried at least once); a failure
     * names every address that failed (the others are null in {@link ServerUnreachableException#clientErrors()}), and
     * the product and version are the first one's.
     */
    public static UnownedServer connect(Target given, Duration timeout) throws ServerUnreachableException {
        long deadline = System.nanoTime() + timeout.toNanos();
        if (given.addresses().size() == 1) {
            return connectOne(given, timeout, deadline);
        }
        List<ServerUnreachableException.ClientLibraryError> errors = new ArrayList<>();
        ServerUnreachableException first = null;
        UnownedServer reached = null;
        for (Target.Address a : given.addresses()) {
            Target one = given.toBuilder().host(a.host()).port(a.port()).socket(a.socket())
                    .transport(a.socket() != null ? Target.Transport.SOCKET : Target.Transport.TCP).addresses(List.of()).build();
            try {
                UnownedServer server = connectOne(one, timeout, deadline);
                reached = reached == null ? server : reached;
                errors.add(null);
            } catch (ServerUnreachableException e) {
                first = first == null ? e : first;
                errors.add(e.clientError().orElse(null));
            }
        }
        if (first != null) {
            throw new ServerUnreachableException(first.getMessage(), errors, reached == null ? null
                    : given.toBuilder().product(reached.target().product()).version(reached.target().version()).build(),
                    first.refused());
        }
        Target found = reached.target();
        return new UnownedServer(given.toBuilder().product(found.product()).version(found.version()).build());
    }

    /** Logs in to one address until it works or {@code deadline} (a nanoTime) passes; at least one try. */
    private static UnownedServer connectOne(Target target, Duration timeout, long deadline) throws ServerUnreachableException {
        // checked the way the load goes: a socket merely known (a host other than localhost given too) is not it, and a
        // check over it passed where every session then failed on the host and port (the outside sweep's #40)
        Target given = target.transport() == Target.Transport.TCP && target.socket().isPresent()
                ? target.toBuilder().socket(null).build() : target;
        String where = given.socket().map(s -> "socket " + s).orElse(given.host() + ":" + given.port());
        if (given.socket().isEmpty()) {
            try {
                java.net.InetAddress.getByName(given.host());
            } catch (java.net.UnknownHostException e) {
                // no retry brings a name into the DNS
                throw new ServerUnreachableException("cannot use server at " + where + ": host " + given.host() + " not found",
                        clientError(e, given));
            }
        }
        SQLException last;
        boolean refused = false;
        boolean waitSaid = false;
        while (true) {
            int seconds = (int) Math.max(1, Math.min(10, (deadline - System.nanoTime()) / 1_000_000_000L));
            Optional<String> quickly = ServerConnections.versionOverWire(given, seconds);
            if (quickly.isPresent()) {
                return reached(target, quickly.get());
            }
            // what failed, in the JDBC driver's words that the messages below are made of
            try (Connection c = ServerConnections.open(given, seconds); Statement s = c.createStatement()) {
                s.execute("USE `" + given.database().replace("`", "``") + "`");
                String version;
                try (ResultSet rs = s.executeQuery("SELECT @@version")) {
                    rs.next();
                    version = rs.getString(1);
                }
                return reached(target, version);
            } catch (SQLException e) {
                last = e;
                int code = e.getErrorCode();
                if (code == ACCESS_DENIED || code == DB_ACCESS_DENIED || code == UNKNOWN_DATABASE) {
                    refused = true;
                    break;
                }
            }
            if (System.nanoTime() >= deadline) {
                break;
            }
            if (!waitSaid) {
                // a server that is still starting gets the retry budget; the user sees what is waited for, and how long
                System.out.println("# Waiting for the server at " + where + " (" + reason(last, given) + "), up to "
                        + timeout.toSeconds() + " s (--connect-timeout)");
                waitSaid = true;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        // a server that answered and refused is not waited for: the line says what it said, not that time ran out
        throw new ServerUnreachableException((refused ? "the server at " + where + " refused " + given.user() + " (database "
                + given.database() + ")" : "cannot use server at " + where + " as " + given.user() + " (database "
                + given.database() + ") within " + timeout.toSeconds() + " s") + ": " + reason(last, given)
                + (refused ? "" : "; check " + (given.socket().isPresent() ? "--mysql-socket" : "--mysql-host and --mysql-port")),
                java.util.Collections.singletonList(clientError(last, given)), null, refused);
    }

    private static UnownedServer reached(Target given, String version) {
        ServerFlavor flavor = ServerFlavor.fromVersionVariable(version);
        return new UnownedServer(given.toBuilder().product(flavor.product()).version(flavor.version()).build());
    }

    /**
     * The failure as libmariadb words it (what sysbench prints): the server's own error number and message when it
     * answered, else the client's — 2005 for an unknown host, 2002 for no socket or nothing listening, with the
     * operating system's error number as that library prints it (a TCP connect that fails says 115, EINPROGRESS: it
     * connects without blocking).
     */
    static ServerUnreachableException.ClientLibraryError clientError(Exception e, Target target) {
        boolean socket = target.socket().isPresent();
        String where = new Target.Address(target.host(), target.port(), target.socket().orElse(null)).toString();
        if (e instanceof SQLException sql && sql.getErrorCode() > 0 && sql.getErrorCode() < 2000) {
            String message = String.valueOf(sql.getMessage()).replaceFirst("^\\(conn=\\d+\\) ", "");
            return new ServerUnreachableException.ClientLibraryError(where, sql.getErrorCode(),
                    ServerConnections.describe(new SQLException(message), target.password()));
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.UnknownHostException) {
                return new ServerUnreachableException.ClientLibraryError(where, 2005,
                        "Unknown server host '" + target.host() + "' (-2)");
            }
        }
        if (socket) {
            boolean exists = java.nio.file.Files.exists(java.nio.file.Path.of(target.socket().get()));
            return new ServerUnreachableException.ClientLibraryError(where, 2002,
                    "Can't connect to local server through socket '" + target.socket().get() + "' (" + (exists ? 111 : 2) + ")");
        }
        return new ServerUnreachableException.ClientLibraryError(where, 2002,
                "Can't connect to server on '" + target.host() + "' (115)");
    }

    /**
     * What failed, in words a user acts on: nothing listening, no such socket, the account or database refused;
     * else the driver's message (without the password).
     */
    static String reason(SQLException e, Target target) {
        int code = e.getErrorCode();
        if (code == ACCESS_DENIED) {
            // the password may have come from any of the ways in: name them all, not the one the user did not take
            return "access denied for user '" + target.user() + "' (check --mysql-user and the password: "
                    + "BENCH_MYSQL_PASSWORD, BENCH_MYSQL_PASSWORD_FILE, --mysql-password or an experiment file's)";
        }
        if (code == UNKNOWN_DATABASE) {
            String name = target.database().matches("[A-Za-z0-9_]+") ? target.database()
                    : "`" + target.database().replace("`", "``") + "`";
            return "database " + target.database() + " does not exist there; create it (CREATE DATABASE " + name
                    + ") or name another with --mysql-db";
        }
        if (code == DB_ACCESS_DENIED) {
            return "user '" + target.user() + "' cannot use database " + target.database() + " ("
                    + ServerConnections.describe(e, target.password()) + "); grant it that database or name another with --mysql-db";
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) {
                return "nothing is listening there (connection refused)";
            }
            if (t instanceof java.net.UnknownHostException) {
                return "host " + target.host() + " not found";
            }
            // the socket's absence, not the system's words for it, which follow the locale ("Böyle bir dosya ya da dizin yok")
            if (t instanceof java.nio.file.NoSuchFileException || target.socket().isPresent()
                    && !java.nio.file.Files.exists(java.nio.file.Path.of(target.socket().get()))) {
                return "no such socket";
            }
            if (t instanceof java.net.SocketTimeoutException || t instanceof java.sql.SQLTimeoutException) {
                return "no answer within the connect timeout";
            }
        }
        return ServerConnections.describe(e, target.password());
    }
}

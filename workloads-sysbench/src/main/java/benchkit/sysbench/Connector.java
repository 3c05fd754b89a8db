package benchkit.sysbench;

import benchkit.mysql.JdbcDriver;
import benchkit.mysql.socket.MariaDbSockets;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;

import java.io.IOException;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * Opens connections to a {@link Target} the way the workloads need them: the chosen driver, TCP
 * or unix socket, server-side prepared statements, no TLS (as sysbench's default). MariaDB
 * Connector/J reads through benchkit's channel sockets over both transports ({@link MariaDbSockets}).
 * The password travels in {@link Properties}, never in the URL.
 */
public final class Connector {
    private static final long CONNECT_TIMEOUT_MILLIS = 10_000;
    private final Target target;
    private final JdbcDriver driver;
    private final boolean socket;
    /** Sessions speak bench's own protocol client ({@code --driver wire} or auto); setup still goes through {@link #driver}. */
    private final boolean wire;

    private Connector(Target target, JdbcDriver driver, boolean socket, boolean wire) {
        this.target = target;
        this.driver = driver;
        this.socket = socket;
        this.wire = wire;
    }

    /**
     * Resolves --driver and --transport for {@code target}. {@code --transport=auto} takes the target's
     * {@code transport} property, else TCP. {@code --driver=auto} takes the target's {@code driver}
     * property, else runs sessions on bench's own protocol client, the leanest measured (see the
     * docs/vs-sysbench.md), with MariaDB Connector/J for setup; a workload falls back
     * to MariaDB Connector/J sessions when the user logs in with a plugin the wire client does not speak
     * ({@link #withJdbcSessions}). MariaDB Connector/J is also the JDBC driver of choice for MySQL:
     * measured on MySQL 8.0.15 with 8 threads of point-select it gave about 29k QPS against 21-24k for
     * MySQL Connector/J 8.4 on the same server.
     */
    public static Connector resolve(String plugin, Target target, String driverOption, String transportOption) {
        String transport = "auto".equals(transportOption)
                ? target.property("transport").map(t -> t.toLowerCase(Locale.ROOT)).orElse("tcp") : transportOption;
        boolean socket = "socket".equals(transport);
        if (socket && target.socket().isEmpty()) {
            throw new InvalidOptionException(plugin + ": --transport=socket needs a server with a unix socket; "
                    + target + " has none");
        }
        String choice = driverOption;
        if ("auto".equals(choice) && target.property("driver").isPresent()) {
            choice = target.property("driver").get().toLowerCase(Locale.ROOT);
        }
        JdbcDriver driver;
        switch (choice) {
            case "mysql": driver = JdbcDriver.MYSQL; break;
            case "mariadb": driver = JdbcDriver.MARIADB; break;
            case "auto": case "wire": driver = JdbcDriver.MARIADB; break;
            default: throw new InvalidOptionException(plugin + ": --driver=" + choice + " is not valid; expected one of auto, mysql, mariadb, wire");
        }
        if (socket && driver == JdbcDriver.MYSQL) {
            throw new InvalidOptionException(plugin + ": --transport=socket needs --driver=mariadb "
                    + "(MySQL Connector/J has no unix socket support without junixsocket)");
        }
        return new Connector(target, driver, socket, "wire".equals(choice) || "auto".equals(choice));
    }

    /** The same target and transport with sessions on the JDBC driver instead of the wire client. */
    public Connector withJdbcSessions() {
        return new Connector(target, driver, socket, false);
    }

    /** The database the tables live in. */
    public String databaseName() {
        return target.database();
    }

    public JdbcDriver driver() {
        return driver;
    }

    public boolean usesSocket() {
        return socket;
    }

    /** Whether sessions speak bench's own protocol client ({@code --driver wire}, or auto). */
    public boolean usesWire() {
        return wire;
    }

    /** A connection of bench's own protocol client to the target's database, on the chosen transport. */
    public WireConnection openWire() throws IOException, WireError {
        return WireConnection.open(socket ? target.socket().orElseThrow() : null, target.host(), target.port(),
                target.user(), target.password(), target.database(), CONNECT_TIMEOUT_MILLIS);
    }

    /** A connection to the target's database. */
    public Connection open() throws SQLException {
        return open(true);
    }

    /** A connection with or without the target's database selected (e.g. to create it). */
    public Connection open(boolean withDatabase) throws SQLException {
        return open(withDatabase, false);
    }

    /**
     * A connection to the target's database on which {@code LOAD DATA LOCAL INFILE} may send data.
     * Only use it with a statement whose local-infile stream is set (see {@link LocalInfile}): the
     * driver then answers any file request of the server with that stream, never with a file.
     */
    Connection openForLocalInfile() throws SQLException {
        return open(true, true);
    }

    private Connection open(boolean withDatabase, boolean localInfile) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", target.user());
        if (!target.password().isEmpty()) {
            p.setProperty("password", target.password());
        }
        String db = withDatabase ? target.database() : "";
        String hostPort = target.host() + ":" + target.port();
        // both drivers spell these the same
        p.setProperty("allowPublicKeyRetrieval", "true");
        p.setProperty("useServerPrepStmts", "true");
        p.setProperty("cachePrepStmts", "true");
        p.setProperty("connectTimeout", Long.toString(CONNECT_TIMEOUT_MILLIS));
        if (driver == JdbcDriver.MARIADB) {
            MariaDbSockets.use(p, socket ? target.socket().orElseThrow() : null);
        }
        Driver jdbc;
        String url;
        if (driver == JdbcDriver.MYSQL) {
            jdbc = new com.mysql.cj.jdbc.Driver();
            url = "jdbc:mysql://" + hostPort + "/" + db;
            p.setProperty("sslMode", "DISABLED");
            p.setProperty("useLocalSessionState", "true");
            p.setProperty("cacheServerConfiguration", "true");
            p.setProperty("maintainTimeStats", "false");
            p.setProperty("allowLoadLocalInfile", Boolean.toString(localInfile));
        } else {
            jdbc = new org.mariadb.jdbc.Driver();
            url = "jdbc:mariadb://" + hostPort + "/" + db;
            p.setProperty("sslMode", "disable");
            p.setProperty("allowLocalInfile", Boolean.toString(localInfile));
        }
        Connection c = jdbc.connect(url, p);
        if (c == null) {
            throw new SQLException("driver " + driver + " did not accept " + url);
        }
        return c;
    }

    @Override
    public String toString() {
        return (wire ? "wire client (setup: mariadb driver)" : driver.name().toLowerCase(Locale.ROOT) + " driver") + " over " + (socket ? "unix socket" : "tcp")
                + " to " + target;
    }
}

package benchkit.mysql;

import benchkit.mysql.socket.MariaDbSockets;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;

import java.io.IOException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one way benchkit opens a connection to a MySQL-family server, for the workloads, the
 * collectors and the launcher alike: a JDBC driver (MariaDB Connector/J unless told otherwise,
 * reading through benchkit's channel sockets over TCP or the unix socket) or bench's own wire client.
 * Every connection has server-side prepared statements and no TLS (sysbench's defaults), a connect
 * timeout that bounds the handshake too, and the password in the driver's properties, never in a URL.
 * Immutable: the {@code with...} methods return a changed copy.
 */
public final class SqlConnector {
    /** Long enough for a busy server's accept queue, short enough that a dead one is an error, not a hang. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final SqlEndpoint endpoint;
    /** Where connections go in turn (sysbench's host and port lists); one, {@link #endpoint}, unless given. */
    private final List<SqlEndpoint> endpoints;
    /** Which of {@link #endpoints} the next connection takes, shared by the copies the {@code with...} methods make. */
    private final AtomicInteger turn;
    private final JdbcDriver driver;
    private final Duration connectTimeout;
    /** Zero: reads wait as long as a query takes (the workloads'); else each read gives up after it. */
    private final Duration readTimeout;

    private SqlConnector(List<SqlEndpoint> endpoints, AtomicInteger turn, JdbcDriver driver, Duration connectTimeout,
                         Duration readTimeout) {
        this.endpoint = endpoints.get(0);
        this.endpoints = List.copyOf(endpoints);
        this.turn = turn;
        this.driver = driver;
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
    }

    /** MariaDB Connector/J, {@link #DEFAULT_CONNECT_TIMEOUT}, no read timeout. */
    public static SqlConnector to(SqlEndpoint endpoint) {
        return to(List.of(endpoint));
    }

    /** To each of {@code endpoints} in turn, a connection at a time, as sysbench spreads its connections. */
    public static SqlConnector to(List<SqlEndpoint> endpoints) {
        if (endpoints.isEmpty()) {
            throw new IllegalArgumentException("no endpoint");
        }
        return new SqlConnector(endpoints, new AtomicInteger(), JdbcDriver.MARIADB, DEFAULT_CONNECT_TIMEOUT, Duration.ZERO);
    }

    /** MySQL Connector/J has no unix socket support (without junixsocket): refused for a socket endpoint. */
    public SqlConnector withDriver(JdbcDriver chosen) {
        if (chosen == JdbcDriver.MYSQL && endpoints.stream().anyMatch(SqlEndpoint::overSocket)) {
            throw new IllegalArgumentException("MySQL Connector/J cannot connect over a unix socket: " + endpoint);
        }
        return new SqlConnector(endpoints, turn, chosen, connectTimeout, readTimeout);
    }

    public SqlConnector withConnectTimeout(Duration timeout) {
        return new SqlConnector(endpoints, turn, driver, positive(timeout), readTimeout);
    }

    public SqlConnector withReadTimeout(Duration timeout) {
        return new SqlConnector(endpoints, turn, driver, connectTimeout, timeout);
    }

    /** The first (usually the only) endpoint: its account and database are every endpoint's. */
    public SqlEndpoint endpoint() {
        return endpoint;
    }

    /** The endpoint the next connection takes. */
    private SqlEndpoint next() {
        return endpoints.size() == 1 ? endpoint : endpoints.get(Math.floorMod(turn.getAndIncrement(), endpoints.size()));
    }

    public JdbcDriver driver() {
        return driver;
    }

    /** A JDBC connection to the endpoint's database (or none when it names none). */
    public Connection open() throws SQLException {
        return open(endpoint.database(), false);
    }

    /** A JDBC connection in no database (e.g. to create the endpoint's). */
    public Connection openWithoutDatabase() throws SQLException {
        return open("", false);
    }

    /**
     * A connection on which {@code LOAD DATA LOCAL INFILE} may send data. Only use it with a statement
     * whose local-infile stream is set: the driver then answers any file request of the server with
     * that stream, never with a file.
     */
    public Connection openForLocalInfile() throws SQLException {
        return open(endpoint.database(), true);
    }

    /** A connection of bench's own protocol client to the endpoint's database. */
    public WireConnection openWire() throws IOException, WireError {
        SqlEndpoint to = next();
        return WireConnection.open(to.unixSocket(), to.host(), to.port(), to.user(), to.password(), to.database(),
                connectTimeout.toMillis());
    }

    /**
     * The rows of {@code sql} as text (null for SQL NULL), asked over a wire connection of its own: for a check that
     * should not load a JDBC driver, which took ~30 ms of a short sysbench line's start where the wire client's classes
     * load for its sessions anyway (docs/sysbench-scripts.md, "Speed"). Empty when the wire client could not say (a
     * login it does not speak, a refusal, an error, no answer): the caller then asks over JDBC, whose failures it words.
     */
    public Optional<List<String[]>> rowsOverWire(String sql) {
        try (WireConnection c = openWire()) {
            c.ownThread();
            c.query(sql, true);
            c.awaitReply();
            return c.error() == null ? Optional.of(List.copyOf(c.values())) : Optional.empty();
        } catch (IOException | WireError | RuntimeException e) {
            return Optional.empty();
        }
    }

    private Connection open(String database, boolean localInfile) throws SQLException {
        SqlEndpoint to = next();
        Properties p = new Properties();
        p.setProperty("user", to.user());
        if (!to.password().isEmpty()) {
            p.setProperty("password", to.password());
        }
        // both drivers spell these the same
        p.setProperty("allowPublicKeyRetrieval", "true");    // MySQL 8's caching_sha2_password without TLS
        p.setProperty("useServerPrepStmts", "true");
        p.setProperty("cachePrepStmts", "true");
        p.setProperty("connectTimeout", Long.toString(connectTimeout.toMillis()));
        if (!readTimeout.isZero()) {
            p.setProperty("socketTimeout", Long.toString(readTimeout.toMillis()));
        }
        String hostPort = to.host() + ":" + to.port();
        Driver jdbc;
        String url;
        if (driver == JdbcDriver.MYSQL) {
            jdbc = new com.mysql.cj.jdbc.Driver();
            url = "jdbc:mysql://" + hostPort + "/" + database;
            p.setProperty("sslMode", "DISABLED");
            p.setProperty("useLocalSessionState", "true");
            p.setProperty("cacheServerConfiguration", "true");
            p.setProperty("maintainTimeStats", "false");
            p.setProperty("allowLoadLocalInfile", Boolean.toString(localInfile));
            // its connectTimeout bounds the TCP connect only: the handshake's reads wait on socketTimeout,
            // so that bounds them here and is set to the read timeout once logged in
            p.setProperty("socketTimeout", Long.toString(connectTimeout.toMillis()));
        } else {
            jdbc = new org.mariadb.jdbc.Driver();
            url = "jdbc:mariadb://" + hostPort + "/" + database;
            p.setProperty("sslMode", "disable");
            p.setProperty("allowLocalInfile", Boolean.toString(localInfile));
            MariaDbSockets.use(p, to.unixSocket());
        }
        Connection c = jdbc.connect(url, p);
        if (c == null) {
            throw new SQLException(driver + " driver did not accept " + url);
        }
        if (driver == JdbcDriver.MYSQL) {
            c.setNetworkTimeout(Runnable::run, (int) readTimeout.toMillis());
        }
        return c;
    }

    private static Duration positive(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a connect timeout must be positive: " + timeout);
        }
        return timeout;
    }

    @Override
    public String toString() {
        return driver.name().toLowerCase(java.util.Locale.ROOT) + " driver to " + endpoint;
    }
}

package benchkit.sysbench;

import benchkit.mysql.JdbcDriver;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.Target;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;

import java.io.IOException;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The OLTP workloads' choice of driver and transport ({@code --driver}, {@code --transport}) over the
 * one {@link SqlConnector}: sessions on bench's own wire client or a JDBC driver, setup on JDBC.
 */
public final class Connector {
    private final SqlConnector jdbc;
    /** Sessions speak bench's own protocol client ({@code --driver wire} or auto); setup still goes through {@link #jdbc}. */
    private final boolean wire;

    private Connector(SqlConnector jdbc, boolean wire) {
        this.jdbc = jdbc;
        this.wire = wire;
    }

    /**
     * Resolves --driver and --transport for {@code target} ({@link SqlEndpoint#of(Target, String, String)}
     * for the transport). {@code --driver=auto} takes the target's {@code driver}
     * property, else runs sessions on bench's own protocol client, the leanest measured (see the
     * docs/vs-sysbench.md), with MariaDB Connector/J for setup; a workload falls back
     * to MariaDB Connector/J sessions when the user logs in with a plugin the wire client does not speak
     * ({@link #withJdbcSessions}). MariaDB Connector/J is also the JDBC driver of choice for MySQL:
     * measured on MySQL 8.0.15 with 8 threads of point-select it gave about 29k QPS against 21-24k for
     * MySQL Connector/J 8.4 on the same server.
     */
    public static Connector resolve(String plugin, Target target, String driverOption, String transportOption) {
        SqlEndpoint endpoint = SqlEndpoint.of(target, transportOption, plugin);
        String choice = driverOption;
        if ("auto".equals(choice) && target.driver().isPresent()) {
            choice = target.driver().get().toLowerCase(Locale.ROOT);
        }
        JdbcDriver driver;
        switch (choice) {
            case "mysql": driver = JdbcDriver.MYSQL; break;
            case "mariadb": driver = JdbcDriver.MARIADB; break;
            case "auto": case "wire": driver = JdbcDriver.MARIADB; break;
            default: throw new InvalidOptionException(plugin + ": --driver=" + choice + " is not valid; expected one of auto, mysql, mariadb, wire");
        }
        if (endpoint.overSocket() && driver == JdbcDriver.MYSQL) {
            throw new InvalidOptionException(plugin + ": --transport=socket needs --driver=mariadb "
                    + "(MySQL Connector/J has no unix socket support without junixsocket)");
        }
        return new Connector(SqlConnector.to(endpoint).withDriver(driver), "wire".equals(choice) || "auto".equals(choice));
    }

    /** The same target and transport with sessions on the JDBC driver instead of the wire client. */
    public Connector withJdbcSessions() {
        return new Connector(jdbc, false);
    }

    /** The database the tables live in. */
    public String databaseName() {
        return jdbc.endpoint().database();
    }

    public JdbcDriver driver() {
        return jdbc.driver();
    }

    public boolean usesSocket() {
        return jdbc.endpoint().overSocket();
    }

    /** Whether sessions speak bench's own protocol client ({@code --driver wire}, or auto). */
    public boolean usesWire() {
        return wire;
    }

    /** A connection of bench's own protocol client to the target's database, on the chosen transport. */
    public WireConnection openWire() throws IOException, WireError {
        return jdbc.openWire();
    }

    /** A connection to the target's database. */
    public Connection open() throws SQLException {
        return jdbc.open();
    }

    /** A connection with or without the target's database selected (e.g. to create it). */
    public Connection open(boolean withDatabase) throws SQLException {
        return withDatabase ? jdbc.open() : jdbc.openWithoutDatabase();
    }

    /** See {@link SqlConnector#openForLocalInfile()}: only with a statement whose stream is set ({@link LocalInfile}). */
    Connection openForLocalInfile() throws SQLException {
        return jdbc.openForLocalInfile();
    }

    /** e.g. {@code wire client (setup: mariadb driver) over tcp to bench@127.0.0.1:3306/sbtest}; no password. */
    @Override
    public String toString() {
        return (wire ? "wire client (setup: mariadb driver)" : driver().name().toLowerCase(Locale.ROOT) + " driver")
                + " over " + (usesSocket() ? "unix socket" : "tcp") + " to " + jdbc.endpoint();
    }
}

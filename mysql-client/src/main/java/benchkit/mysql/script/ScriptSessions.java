package benchkit.mysql.script;

import benchkit.mysql.IgnoredErrors;
import benchkit.mysql.JdbcDriver;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.mysql.wire.UnsupportedLogin;
import benchkit.mysql.wire.WireConnection;
import benchkit.mysql.wire.WireError;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.Target;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * How a SQL workload reaches its server: the sessions that run its {@link RequestScript}s on bench's
 * own wire client or a JDBC driver ({@code --driver}), over TCP or the unix socket ({@code --transport}),
 * and JDBC connections for setup, all over the one {@link SqlConnector}.
 */
public final class ScriptSessions {
    private final SqlConnector jdbc;
    /** Sessions speak bench's own protocol client ({@code --driver wire} or auto); setup still goes through {@link #jdbc}. */
    private final boolean wire;

    private ScriptSessions(SqlConnector jdbc, boolean wire) {
        this.jdbc = jdbc;
        this.wire = wire;
    }

    /**
     * Resolves --driver and --transport for {@code target} ({@link SqlEndpoint#of(Target, String, String)}
     * for the transport). {@code --driver=auto} takes the target's {@code driver}
     * property, else runs sessions on bench's own protocol client, the leanest measured (see the
     * docs/vs-sysbench.md), with MariaDB Connector/J for setup ({@link #wireOrJdbc} checks the user can log
     * in with it). MariaDB Connector/J is also the JDBC driver of choice for MySQL: measured on MySQL
     * 8.0.15 with 8 threads of point-select it gave about 29k QPS against 21-24k for MySQL Connector/J
     * 8.4 on the same server.
     */
    public static ScriptSessions resolve(String workload, Target target, String driverOption, String transportOption) {
        SqlEndpoint endpoint = SqlEndpoint.of(target, transportOption, workload);
        String choice = driverOption;
        if ("auto".equals(choice) && target.driver().isPresent()) {
            choice = target.driver().get().toLowerCase(Locale.ROOT);
        }
        JdbcDriver driver;
        switch (choice) {
            case "mysql": driver = JdbcDriver.MYSQL; break;
            case "mariadb": driver = JdbcDriver.MARIADB; break;
            case "auto": case "wire": driver = JdbcDriver.MARIADB; break;
            default: throw new InvalidOptionException(workload + ": --driver=" + choice + " is not valid; expected one of auto, mysql, mariadb, wire");
        }
        if (endpoint.overSocket() && driver == JdbcDriver.MYSQL) {
            throw new InvalidOptionException(workload + ": --transport=socket needs --driver=mariadb "
                    + "(MySQL Connector/J has no unix socket support without junixsocket)");
        }
        return new ScriptSessions(SqlConnector.to(SqlEndpoint.all(target, transportOption, workload)).withDriver(driver),
                "wire".equals(choice) || "auto".equals(choice));
    }

    /**
     * --driver auto: bench's own client, unless the user logs in with a plugin it does not speak; then
     * MariaDB Connector/J, with a note. Logs in once to find out; any other failure to log in is left
     * to the sessions to report. A driver with JDBC sessions is returned as it is.
     */
    public ScriptSessions wireOrJdbc(String workload) {
        if (!wire) {
            return this;
        }
        try (WireConnection probe = openWire()) {
            return this;
        } catch (UnsupportedLogin e) {
            System.err.println("benchkit: " + workload + ": the user logs in with " + e.plugin()
                    + ", which bench's own client does not speak; sessions use MariaDB Connector/J");
            return new ScriptSessions(jdbc, false);
        } catch (IOException | WireError e) {
            return this;
        }
    }

    /**
     * A session that runs {@code script}'s events: a {@link benchkit.spi.PolledSession} of the wire
     * client, or a blocking JDBC session. It is connected, with the script's statements prepared; a
     * failure to connect or prepare is an {@link IllegalStateException} of one line naming {@code workload}.
     */
    public Session openSession(String workload, RequestScript script, IgnoredErrors ignored, QueryCounter queries) {
        ScriptSession.Setup setup = new ScriptSession.Setup(workload, script, this, ignored, queries);
        return wire ? new WireSession(setup) : new JdbcSession(setup);
    }

    /** Whether sessions speak bench's own protocol client ({@link #openWire}) rather than a JDBC driver. */
    public boolean usesWire() {
        return wire;
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

    /** See {@link SqlConnector#openForLocalInfile()}: only with a statement whose local-infile stream is set. */
    public Connection openForLocalInfile() throws SQLException {
        return jdbc.openForLocalInfile();
    }

    /** e.g. {@code wire client (setup: mariadb driver) over tcp to bench@127.0.0.1:3306/sbtest}; no password. */
    @Override
    public String toString() {
        return (wire ? "wire client (setup: mariadb driver)" : driver().name().toLowerCase(Locale.ROOT) + " driver")
                + " over " + (usesSocket() ? "unix socket" : "tcp") + " to " + jdbc.endpoint();
    }
}

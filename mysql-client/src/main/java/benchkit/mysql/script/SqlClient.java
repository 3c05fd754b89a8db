package benchkit.mysql.script;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;
import benchkit.spi.Target;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a SQL workload's sessions reach the server: {@code --driver} and {@code --transport}, declared and parsed here
 * once for every SQL workload (the sysbench OLTP scripts, {@code sql} templates, {@code sql-kv-*}), and the
 * {@link ScriptSessions} they give for a target, resolved once per target.
 */
public final class SqlClient {
    public static final String DRIVER = "driver";
    public static final String TRANSPORT = "transport";
    private static final List<String> DRIVERS = List.of("auto", "wire", "mariadb", "mysql");
    private static final List<String> TRANSPORTS = List.of("auto", "tcp", "socket");

    private final String workload;
    private final String driver;
    private final String transport;
    private final Map<Target, ScriptSessions> byTarget = new ConcurrentHashMap<>();

    private SqlClient(String workload, String driver, String transport) {
        this.workload = workload;
        this.driver = driver;
        this.transport = transport;
    }

    /** The two options; a workload picks its default client ({@code auto} for sysbench's scripts). */
    public static List<OptionSpec> options(String defaultDriver) {
        return List.of(
                new OptionSpec(DRIVER, defaultDriver, "client of the sessions: wire (bench's own non-blocking protocol "
                        + "client, the leanest measured: many sessions per thread on event loops; no TLS, logs in with "
                        + "mysql_native_password or caching_sha2_password), mariadb (MariaDB Connector/J), mysql (MySQL "
                        + "Connector/J), or auto (wire, or MariaDB Connector/J when the user logs in with another plugin); "
                        + "setup uses MariaDB Connector/J"),
                new OptionSpec(TRANSPORT, "auto", "auto (the target's way in: the unix socket for --mysql-socket alone, "
                        + "else TCP), tcp, or socket (needs a target with a socket)"));
    }

    /** The client {@code values} (parsed with {@link #options}) ask for, for workload {@code workload}. */
    public static SqlClient from(String workload, OptionValues values) {
        return new SqlClient(workload, values.choice(DRIVER, DRIVERS), values.choice(TRANSPORT, TRANSPORTS));
    }

    /** {@code --driver} as given: auto, wire, mariadb or mysql. */
    public String driver() {
        return driver;
    }

    /** {@code --transport} as given: auto, tcp or socket. */
    public String transport() {
        return transport;
    }

    /** Whether the sessions may speak bench's wire client (wire or auto), for limits only it has. */
    public boolean mayUseWire() {
        return driver.equals("wire") || driver.equals("auto");
    }

    /**
     * How sessions connect to {@code target}: driver and transport resolved, and with {@code --driver auto} checked
     * once that bench's own client can log in as the user. Resolved once per target.
     */
    public ScriptSessions to(Target target) {
        if (target.database() == null || target.database().isEmpty() || target.database().indexOf('`') >= 0) {
            throw new IllegalArgumentException(workload + ": target database name '" + target.database() + "' is not usable");
        }
        return byTarget.computeIfAbsent(target, t -> {
            ScriptSessions d = ScriptSessions.resolve(workload, t, driver, transport);
            return driver.equals("auto") ? d.wireOrJdbc(workload) : d;
        });
    }

    /** MariaDB Connector/J to {@code target} on the chosen transport: what setup (prepare, checks) uses, whatever the sessions' client. */
    public SqlConnector setup(Target target) {
        return SqlConnector.to(SqlEndpoint.of(target, transport, workload));
    }

    @Override
    public String toString() {
        return "--driver " + driver + " --transport " + transport;
    }
}

package benchkit.core.run;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.InvalidOptionException;

import java.util.Set;

/**
 * A server to launch, as a user names it: which launcher starts it, with which distribution, and its label in
 * results. A registered launcher's name starts its default distribution ({@code memcached},
 * {@code innodb-memcached}); {@code LAUNCHER:DIST} a distribution of it ({@code memcached:path:/opt/memcached},
 * {@code container:IMAGE}, {@code innodb-memcached:basedir:/opt/mysql}). Any other name is a distribution of the
 * MySQL-family launcher ({@code mariadb-11.4}, {@code mysql-8.0}, {@code mysql-8.0.33}, {@code system},
 * {@code basedir:DIR}), which is also what bench launches when no server is named.
 */
public record ServerChoice(String launcher, String distribution, String label) {
    /** The server bench launches when none is named: the embedded MariaDB, which needs only a JDK. */
    public static final String DEFAULT = MysqlLauncher.DEFAULT_DISTRIBUTION;

    /** The run header's line on the server bench picked when none was asked for. */
    public static final String DEFAULT_NOTE = "# Server: " + MysqlLauncher.DEFAULT_EMBEDDED.title()
            + " (embedded default: runs with only a JDK; --server mysql-8.0 or mysql-5.7 for MySQL)";

    /** @param launchers the names of the registered launchers */
    public static ServerChoice parse(String value, Set<String> launchers) {
        String v = requireName(value);
        int colon = v.indexOf(':');
        String head = colon < 0 ? v : v.substring(0, colon);
        if (!head.equals(MysqlLauncher.NAME) && launchers.contains(head)) {
            return new ServerChoice(head, colon < 0 ? "" : v.substring(colon + 1), v);
        }
        return new ServerChoice(MysqlLauncher.NAME, v, v);
    }

    /** A blank name is bad input. */
    static String requireName(String value) {
        String v = value == null ? "" : value.strip();
        if (v.isEmpty()) {
            throw new InvalidOptionException("--server needs a value, e.g. mariadb-11.4, mysql-8.0, mysql-5.7, mysql-8.0.33, "
                    + "system, memcached, innodb-memcached, container:IMAGE");
        }
        return v;
    }

    /** The mysql launcher's server of the installation in {@code dir}. */
    public static ServerChoice basedir(String dir) {
        return new ServerChoice(MysqlLauncher.NAME, "basedir:" + dir, "basedir:" + dir);
    }
}

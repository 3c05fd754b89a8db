package benchkit.core.run;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.InvalidOptionException;

/**
 * A server to launch, as a user names it: which launcher starts it, with which distribution, and its label
 * in results. {@code mariadb-11.4}, {@code mysql-8.0}, {@code mysql-5.7}, {@code system}, {@code basedir:DIR}
 * go to the mysql launcher; {@code memcached[:DIST]} to the memcached launcher; {@code container:IMAGE} and
 * {@code container-memcached:IMAGE} to the container launchers.
 */
public record ServerChoice(String launcher, String distribution, String label) {
    /** The server bench launches when none is named: the embedded MariaDB, which needs only a JDK. */
    public static final String DEFAULT = MysqlLauncher.DEFAULT_DISTRIBUTION;

    /** The run header's line on the server bench picked when none was asked for. */
    public static final String DEFAULT_NOTE = "# Server: " + MysqlLauncher.DEFAULT_EMBEDDED.title()
            + " (embedded default: runs with only a JDK; --server mysql-8.0 or mysql-5.7 for MySQL)";

    public static ServerChoice parse(String value) {
        String v = value.strip();
        if (v.isEmpty()) {
            throw new InvalidOptionException("--server needs a value, e.g. mariadb-11.4, mysql-8.0, mysql-5.7, system, "
                    + "memcached, container:IMAGE");
        }
        for (String launcher : new String[] {"memcached", "container", "container-memcached"}) {
            if (v.startsWith(launcher + ":")) {
                return new ServerChoice(launcher, v.substring(launcher.length() + 1), v);
            }
        }
        if (v.equals("memcached")) {
            return new ServerChoice("memcached", "system", v);
        }
        return new ServerChoice("mysql", v, v);
    }

    /** The mysql launcher's server of the installation in {@code dir}. */
    public static ServerChoice basedir(String dir) {
        return new ServerChoice("mysql", "basedir:" + dir, "basedir:" + dir);
    }
}

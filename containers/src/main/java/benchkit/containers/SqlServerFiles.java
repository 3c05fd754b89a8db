package benchkit.containers;

import benchkit.launcher.mysql.ServerConfig;
import benchkit.spi.InvalidOptionException;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The files that run mariadbd or mysqld in a container: the option file, the init SQL that sets
 * the generated password (a file, so the password is on no command line and in no environment)
 * and the entry script, which works for MariaDB and MySQL images alike.
 */
final class SqlServerFiles {
    static final int PORT = 3306;
    static final String CNF = "/benchkit/my.cnf";
    static final String INIT_SQL = "/benchkit/init.sql";
    static final String DATADIR = "/var/lib/benchkit/data";

    /** Options the launcher owns: changing them would break the port mapping or the start. */
    private static final Set<String> RESERVED = Set.of("port", "bind-address", "init-file", "datadir", "socket",
            "user", "defaults-file");

    private SqlServerFiles() {
    }

    /** The option file: our fixed options, then the user's settings. */
    static byte[] optionFile(Map<String, String> settings) {
        StringBuilder s = new StringBuilder("[mysqld]\n")
                .append("user=root\n")
                .append("datadir=").append(DATADIR).append('\n')
                .append("socket=/run/mysqld/mysqld.sock\n")
                .append("pid-file=/run/mysqld/mysqld.pid\n")
                .append("bind-address=0.0.0.0\n")
                .append("port=").append(PORT).append('\n')
                // clients come through the engine's proxy from a bridge address: no reverse DNS
                .append("skip-name-resolve\n")
                // as launched servers: no 8 TiB reservation for a buffer pool that never grows (MariaDB's own
                // default size is 128M; MySQL has no such option, and loose- lets it start)
                .append("loose-innodb_buffer_pool_size_max=")
                .append(ServerConfig.bufferPoolSizeMax(settings, "128M")).append('\n');
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey().strip();
            if (!key.matches("[A-Za-z0-9_.-]+")) {
                throw new InvalidOptionException("server setting '" + key + "' is not a valid option name");
            }
            if (RESERVED.contains(key.replace('_', '-').toLowerCase(java.util.Locale.ROOT))) {
                throw new InvalidOptionException("server setting '" + key + "' is set by the container launcher and cannot be changed");
            }
            String value = Shell.plain("server setting " + key, e.getValue() == null ? "" : e.getValue().strip());
            s.append(key).append(value.isEmpty() ? "" : "=" + value).append('\n');
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Runs once at start: root may log in over TCP with the password; database {@code database} exists. */
    static byte[] initSql(String password, String database) {
        if (!password.matches("[A-Za-z0-9]+")) {
            throw new IllegalArgumentException("generated password must be letters and digits");
        }
        if (!database.matches("[A-Za-z0-9_]+")) {
            throw new InvalidOptionException("database name '" + database + "' must be letters, digits or '_'");
        }
        String pw = "'" + password + "'";
        String sql = "CREATE USER IF NOT EXISTS 'root'@'%' IDENTIFIED BY " + pw + ";\n"
                + "ALTER USER 'root'@'%' IDENTIFIED BY " + pw + ";\n"
                + "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION;\n"
                + "ALTER USER 'root'@'localhost' IDENTIFIED BY " + pw + ";\n"
                + "CREATE DATABASE IF NOT EXISTS " + database + ";\n"
                + "FLUSH PRIVILEGES;\n";
        return sql.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The entry script: finds mariadbd or mysqld, initializes an empty data directory
     * (mariadb-install-db, or mysqld --initialize-insecure), then execs the server with the
     * allocator preloaded, so the server is the container's first process.
     */
    static String startScript(ContainerAllocator allocator) {
        return "#!/bin/sh\n"
                + "# Written by benchkit's container launcher.\n"
                + "set -e\n"
                + "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/local/mysql/bin\n"
                + allocator.scriptLines()
                + "if command -v mariadbd >/dev/null 2>&1; then server=mariadbd\n"
                + "elif command -v mysqld >/dev/null 2>&1; then server=mysqld\n"
                + "else echo 'benchkit: neither mariadbd nor mysqld is in this image' >&2; exit 3; fi\n"
                // mysqld refuses to start when its compiled-in secure-file-priv directory is missing
                + "mkdir -p " + DATADIR + " /run/mysqld /var/lib/mysql-files\n"
                + "if \"$server\" --version 2>/dev/null | grep -qi mariadb; then\n"
                + "  install=$(command -v mariadb-install-db || command -v mysql_install_db || true)\n"
                + "  [ -n \"$install\" ] || { echo 'benchkit: mariadb-install-db is not in this image' >&2; exit 3; }\n"
                + "  \"$install\" --defaults-file=" + CNF + " --auth-root-authentication-method=normal"
                + " --skip-test-db >/benchkit/install.log 2>&1 || { cat /benchkit/install.log >&2; exit 3; }\n"
                + "else\n"
                + "  \"$server\" --defaults-file=" + CNF + " --initialize-insecure >/benchkit/install.log 2>&1"
                + " || { cat /benchkit/install.log >&2; exit 3; }\n"
                + "fi\n"
                + "echo \"benchkit: starting $server${preload:+ with LD_PRELOAD=$preload}\"\n"
                + "if [ -n \"$preload\" ]; then export LD_PRELOAD=\"$preload\"; fi\n"
                + "exec \"$server\" --defaults-file=" + CNF + " --init-file=" + INIT_SQL + "\n";
    }
}

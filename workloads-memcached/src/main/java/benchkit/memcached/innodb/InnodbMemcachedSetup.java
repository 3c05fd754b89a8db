package benchkit.memcached.innodb;

import benchkit.mysql.Catalog;
import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.sql.SqlKvSchema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sets up MySQL's InnoDB memcached plugin ({@code daemon_memcached}, MySQL 5.6 to 8.2) to serve
 * the SQL baseline's key-value table, so memcached-* and sql-kv-* workloads hit the same rows.
 *
 * <p>Steps: give the server {@link #serverSettings} at startup (the plugin's port and batch sizes
 * are read-only variables), then {@link #install}: it checks the server has the plugin, runs
 * {@code innodb_memcached_config.sql} when {@code innodb_memcache} is missing, creates the
 * table, maps it as the {@code default} container and runs
 * {@code INSTALL PLUGIN daemon_memcached SONAME 'libmemcached.so'}.
 */
public final class InnodbMemcachedSetup {
    public static final String PLUGIN = "daemon_memcached";
    public static final String LIBRARY = "libmemcached.so";
    public static final String CONFIG_SCRIPT = "innodb_memcached_config.sql";
    public static final String CONTAINER = "default";
    static final String WHICH_VERSIONS = "the InnoDB memcached plugin exists in MySQL 5.6 to 8.2 only "
            + "(deprecated in 8.0.22, removed in 8.3.0; MariaDB never had it)";

    private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)");

    private InnodbMemcachedSetup() {
    }

    /** Whether a server of this version can have the plugin, and why not. */
    public record Support(boolean supported, String reason) {
    }

    /** Judges {@code SELECT VERSION()} and {@code @@version_comment}. */
    public static Support support(String version, String versionComment) {
        String v = version == null ? "" : version;
        String all = (v + " " + (versionComment == null ? "" : versionComment)).toLowerCase(java.util.Locale.ROOT);
        if (all.contains("mariadb")) {
            return new Support(false, "server " + v + " is MariaDB; " + WHICH_VERSIONS);
        }
        Matcher m = VERSION.matcher(v);
        if (!m.find()) {
            return new Support(false, "cannot read the server version '" + v + "'; " + WHICH_VERSIONS);
        }
        int major = Integer.parseInt(m.group(1));
        int minor = Integer.parseInt(m.group(2));
        int number = major * 100 + minor;
        if (number < 506 || number >= 803) {
            return new Support(false, "server is MySQL " + v + "; " + WHICH_VERSIONS);
        }
        return new Support(true, "MySQL " + v + " can load " + LIBRARY + " if its plugin_dir has it");
    }

    /**
     * Server settings for the plugin, to be given at startup: memcached listens on 127.0.0.1:{@code port};
     * {@code readBatch}/{@code writeBatch} are how many gets/sets run before a commit
     * ({@code daemon_memcached_r_batch_size}, {@code daemon_memcached_w_batch_size}; both default 1).
     * {@code loose-} so a server without the plugin still starts.
     */
    public static Map<String, String> serverSettings(int port, int readBatch, int writeBatch) {
        if (port < 1 || port > 65535 || readBatch < 1 || writeBatch < 1) {
            throw new IllegalArgumentException("InnoDB memcached: port must be 1 to 65535 and batch sizes at least 1");
        }
        Map<String, String> s = new LinkedHashMap<>();
        s.put("loose-daemon_memcached_option", "-p" + port + " -l 127.0.0.1");
        s.put("loose-daemon_memcached_r_batch_size", Integer.toString(readBatch));
        s.put("loose-daemon_memcached_w_batch_size", Integer.toString(writeBatch));
        return s;
    }

    /** Fails with one line naming the server and the versions that have the plugin, if this one cannot. */
    public static void requireSupported(Connection c) throws SQLException {
        String version;
        String comment;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT VERSION(), @@version_comment")) {
            rs.next();
            version = rs.getString(1);
            comment = rs.getString(2);
        }
        Support support = support(version, comment);
        if (!support.supported()) {
            throw new IllegalStateException("InnoDB memcached plugin unavailable: " + support.reason());
        }
    }

    /**
     * The SQL side, which any MySQL-family server accepts: the plugin's configuration schema
     * (from {@code configScript} when {@code innodb_memcache} is missing), the key-value table
     * {@code database.table}, and the {@code default} container mapping it (k, v, flags, cas, expiry).
     */
    public static void configure(Connection c, Path configScript, String database, String table)
            throws SQLException, IOException {
        if (!SqlKvSchema.isIdentifier(database) || !SqlKvSchema.isIdentifier(table)) {
            throw new IllegalArgumentException("InnoDB memcached: database and table must be plain identifiers");
        }
        if (!Catalog.databaseExists(c, "innodb_memcache")) {
            runScript(c, configScript);
        }
        Catalog.createDatabase(c, database);
        try (Statement s = c.createStatement()) {
            s.execute(SqlKvSchema.createTable(database, table));
        }
        try (PreparedStatement ps = c.prepareStatement("REPLACE INTO innodb_memcache.containers (name, db_schema, db_table, "
                + "key_columns, value_columns, flags, cas_column, expire_time_column, unique_idx_name_on_key) "
                + "VALUES (?, ?, ?, 'k', 'v', 'flags', 'cas', 'expiry', 'PRIMARY')")) {
            ps.setString(1, CONTAINER);
            ps.setString(2, database);
            ps.setString(3, table);
            ps.executeUpdate();
        }
    }

    /**
     * {@link #requireSupported}, {@link #configure}, then installs the plugin unless it is active.
     * The server must have been started with {@link #serverSettings}; container changes take
     * effect when the plugin (re)starts.
     */
    public static void install(Connection c, Path configScript, String database, String table)
            throws SQLException, IOException {
        requireSupported(c);
        configure(c, configScript, database, table);
        if (pluginActive(c)) {
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("INSTALL PLUGIN " + PLUGIN + " SONAME '" + LIBRARY + "'");
        } catch (SQLException e) {
            String dir = "";
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@plugin_dir")) {
                dir = rs.next() ? rs.getString(1) : "";
            } catch (SQLException ignored) {
                // the first error is what matters
            }
            throw new SQLException("InnoDB memcached: INSTALL PLUGIN " + PLUGIN + " failed (" + e.getMessage().strip()
                    + "); the server's plugin_dir " + dir + " needs " + LIBRARY + " and innodb_engine.so, which only "
                    + "full MySQL 5.6-8.2 distributions ship", e.getSQLState(), e.getErrorCode(), e);
        }
    }

    public static boolean pluginActive(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT PLUGIN_STATUS FROM information_schema.PLUGINS WHERE PLUGIN_NAME = ?")) {
            ps.setString(1, PLUGIN);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && "ACTIVE".equalsIgnoreCase(rs.getString(1));
            }
        }
    }

    /** Waits until the plugin's memcached answers {@code version} on host:port. */
    public static String awaitListening(String host, int port, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        IOException last = null;
        while (System.nanoTime() < deadline) {
            try {
                return MemcachedText.version(host, port, 1000);
            } catch (IOException e) {
                last = e;
                Thread.sleep(50);
            }
        }
        throw new IOException("InnoDB memcached did not answer on " + host + ":" + port + " within " + timeoutMillis
                + " ms" + (last != null ? ": " + last.getMessage() : ""));
    }

    static void runScript(Connection c, Path script) throws SQLException, IOException {
        if (script == null || !Files.isRegularFile(script)) {
            throw new IOException("InnoDB memcached: " + CONFIG_SCRIPT + " not found at " + script
                    + " (it is in the server distribution's share/ directory)");
        }
        String catalog = c.getCatalog();
        try (Statement s = c.createStatement()) {
            for (String stmt : MysqlClientScript.statements(Files.readString(script, StandardCharsets.UTF_8))) {
                s.execute(stmt);
            }
        } finally {
            if (catalog != null && !catalog.isEmpty()) {
                c.setCatalog(catalog);
            }
        }
    }
}

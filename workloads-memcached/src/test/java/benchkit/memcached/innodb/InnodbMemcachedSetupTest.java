package benchkit.memcached.innodb;

import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.testing.ThrowawayMariadb;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class InnodbMemcachedSetupTest {
    private static ThrowawayMariadb mariadb;

    @BeforeAll
    static void start() throws Exception {
        if (ThrowawayMariadb.available()) {
            mariadb = ThrowawayMariadb.start();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (mariadb != null) {
            mariadb.close();
        }
    }

    @Test
    void knowsWhichServersHaveThePlugin() {
        assertTrue(InnodbMemcachedSetup.support("5.6.51", "MySQL Community Server (GPL)").supported());
        assertTrue(InnodbMemcachedSetup.support("8.0.15", "").supported());
        assertTrue(InnodbMemcachedSetup.support("8.2.0", "").supported());
        assertFalse(InnodbMemcachedSetup.support("8.3.0", "").supported());
        assertFalse(InnodbMemcachedSetup.support("8.4.0", "").supported());
        assertFalse(InnodbMemcachedSetup.support("5.5.62", "").supported());
        InnodbMemcachedSetup.Support maria = InnodbMemcachedSetup.support("10.11.6-MariaDB-0+deb12u1", "Debian 12");
        assertFalse(maria.supported());
        assertEquals("server 10.11.6-MariaDB-0+deb12u1 is MariaDB; the InnoDB memcached plugin exists in MySQL 5.6 to 8.2 only "
                + "(deprecated in 8.0.22, removed in 8.3.0; MariaDB never had it)", maria.reason());
        assertTrue(InnodbMemcachedSetup.support("8.4.0", "").reason().contains("MySQL 8.4.0"));
    }

    @Test
    void serverSettingsCarryPortAndBatchSizes() {
        assertEquals(Map.of("loose-daemon_memcached_option", "-p11222 -l 127.0.0.1",
                "loose-daemon_memcached_r_batch_size", "1", "loose-daemon_memcached_w_batch_size", "32"),
                InnodbMemcachedSetup.serverSettings(11222, 1, 32));
        assertThrows(IllegalArgumentException.class, () -> InnodbMemcachedSetup.serverSettings(0, 1, 1));
    }

    @Test
    void splitsTheRealConfigScript(@TempDir Path tmp) throws Exception {
        Path script = EmbeddedMysqlTarball.extract(EmbeddedMysqlTarball.MYSQL_80, "share/" + InnodbMemcachedSetup.CONFIG_SCRIPT,
                tmp.resolve("c.sql"));
        List<String> st = MysqlClientScript.statements(java.nio.file.Files.readString(script));
        assertEquals("create database innodb_memcache", st.get(0));
        assertEquals("use innodb_memcache", st.get(1));
        assertTrue(st.contains("USE test"), "the script's USE without semicolon is its own statement: " + st);
        assertTrue(st.stream().anyMatch(s -> s.startsWith("CREATE TABLE demo_test")));
        assertEquals(13, st.size(), st.toString());
        assertEquals(List.of("SELECT 'a;b'", "INSERT INTO t\nVALUES (\"x\")"),
                MysqlClientScript.statements("-- c\n# d\nSELECT 'a;b'; -- trailing\nINSERT INTO t\nVALUES (\"x\");\n"));
    }

    /**
     * Why {@code --server innodb-memcached} runs MySQL 8.0.33 from Maven Central: the embedded tarballs carry the
     * configuration script but not the plugin's libraries (the plugin itself runs in InnodbMemcachedIT).
     */
    @Test
    void embeddedMysqlTarballsHaveTheConfigScriptButNotThePlugin() throws Exception {
        for (String tarball : List.of(EmbeddedMysqlTarball.MYSQL_80, EmbeddedMysqlTarball.MYSQL_57)) {
            List<String> entries = EmbeddedMysqlTarball.entries(tarball);
            assertTrue(entries.contains("share/innodb_memcached_config.sql"), tarball);
            assertFalse(entries.stream().anyMatch(e -> e.endsWith("/" + InnodbMemcachedSetup.LIBRARY)), tarball);
        }
    }

    @Test
    void mariadbIsRefusedWithTheVersionsThatHaveThePlugin(@TempDir Path tmp) throws Exception {
        assumeTrue(mariadb != null, "mariadb-server not installed");
        Path script = EmbeddedMysqlTarball.extract(EmbeddedMysqlTarball.MYSQL_80, "share/" + InnodbMemcachedSetup.CONFIG_SCRIPT,
                tmp.resolve("c.sql"));
        try (Connection c = SqlConnector.to(SqlEndpoint.of(mariadb.bench().toBuilder().socket(null).database("kvtest").build())).openWithoutDatabase()) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> InnodbMemcachedSetup.install(c, script, "kvtest", "kv"));
            assertTrue(e.getMessage().startsWith("InnoDB memcached plugin unavailable: server "), e.getMessage());
            assertTrue(e.getMessage().contains("is MariaDB; the InnoDB memcached plugin exists in MySQL 5.6 to 8.2 only"));
        }
    }

    @Test
    void configureCreatesTheSchemaTableAndContainer(@TempDir Path tmp) throws Exception {
        assumeTrue(mariadb != null, "mariadb-server not installed");
        Path script = EmbeddedMysqlTarball.extract(EmbeddedMysqlTarball.MYSQL_80, "share/" + InnodbMemcachedSetup.CONFIG_SCRIPT,
                tmp.resolve("c.sql"));
        try (Connection c = SqlConnector.to(SqlEndpoint.of(mariadb.bench().toBuilder().socket(null).database("kvtest").build())).openWithoutDatabase()) {
            InnodbMemcachedSetup.configure(c, script, "kvtest", "kv_plugin");
            InnodbMemcachedSetup.configure(c, script, "kvtest", "kv_plugin"); // twice is fine
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT db_schema, db_table, key_columns, value_columns, flags, cas_column, "
                         + "expire_time_column, unique_idx_name_on_key FROM innodb_memcache.containers WHERE name = 'default'")) {
                assertTrue(rs.next());
                assertEquals("kvtest kv_plugin k v flags cas expiry PRIMARY", String.join(" ", rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)));
            }
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM innodb_memcache.cache_policies")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the config script ran once");
            }
            assertFalse(InnodbMemcachedSetup.pluginActive(c));
        }
    }
}

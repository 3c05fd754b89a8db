package benchkit.launcher.mysql;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static benchkit.launcher.mysql.ServerConfig.GB;
import static benchkit.launcher.mysql.ServerConfig.MB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerConfigTest {
    private static final Map<String, String> LAUNCH = Map.of("basedir", "/opt/mysql", "datadir", "/t/data",
            "socket", "/t/mysqld.sock", "port", "3307", "pid_file", "/t/mysqld.pid", "error_log", "/t/error.log",
            "tmpdir", "/t/tmp");

    private static ServerConfig config(long memory, boolean directIo, Map<String, String> settings) {
        return ServerConfig.compute(new MachineFacts(memory, directIo), LAUNCH, settings);
    }

    @Test
    void bufferPoolFollowsStudyARatioWithinCaps() {
        assertEquals(9 * GB, ServerConfig.bufferPoolBytes(24 * GB));
        assertEquals(72 * GB, ServerConfig.bufferPoolBytes(192 * GB));
        assertEquals(74 * GB, ServerConfig.bufferPoolBytes(1024 * GB), "capped at study A's 74G");
        assertEquals(128 * MB, ServerConfig.bufferPoolBytes(256 * MB), "at least 128M");
        assertEquals(0, ServerConfig.bufferPoolBytes(5 * GB + 7) % (128 * MB), "in 128M steps");
    }

    @Test
    void instancesAndRedoScaleWithThePool() {
        assertEquals(1, ServerConfig.bufferPoolInstances(512 * MB));
        assertEquals(8, ServerConfig.bufferPoolInstances(74 * GB));
        assertEquals(3, ServerConfig.bufferPoolInstances(3 * GB));
        assertEquals(GB, ServerConfig.logFileBytes(74 * GB), "study A: 1G per file at 74G");
        assertEquals(48 * MB, ServerConfig.logFileBytes(128 * MB));
        assertEquals(240 * MB, ServerConfig.logFileBytes(9 * GB));
    }

    @Test
    void rendersScaledValuesAndPaths() {
        ServerConfig c = config(24 * GB, true, Map.of());
        assertEquals("9216M", c.get("innodb_buffer_pool_size").orElseThrow());
        // no 8 TiB reservation for growth (MariaDB 10.11.17+), so VSZ measures the server
        assertEquals("9216M", c.get("innodb_buffer_pool_size_max").orElseThrow());
        assertEquals("8", c.get("innodb_buffer_pool_instances").orElseThrow());
        assertEquals("240M", c.get("innodb_log_file_size").orElseThrow());
        assertEquals("O_DIRECT", c.get("innodb_flush_method").orElseThrow());
        assertEquals("3307", c.get("port").orElseThrow());
        assertEquals("127.0.0.1", c.get("bind-address").orElseThrow());
        assertEquals("/t/mysqld.sock", c.get("socket").orElseThrow());
        String text = c.render();
        assertTrue(text.startsWith("#") && text.contains("\n[mysqld]\n"), text);
        assertFalse(text.contains("{{"), "every placeholder filled");
        assertTrue(text.contains("\nloose-innodb_buffer_pool_instances=8\n"), "flavour-specific options are loose-");
        assertTrue(text.contains("\nloose-default_authentication_plugin=mysql_native_password\n"));
    }

    @Test
    void noDirectIoFallsBackToFsync() {
        assertEquals("fsync", config(8 * GB, false, Map.of()).get("innodb_flush_method").orElseThrow());
    }

    @Test
    void settingsOverrideTemplateEntriesAndAppendNewOnes() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("innodb-buffer-pool-size", "1G");
        settings.put("innodb_thread_concurrency", "0");
        settings.put("innodb_adaptive_hash_index", "0");
        settings.put("skip-log-bin", "");
        ServerConfig c = config(24 * GB, true, settings);
        String text = c.render();
        assertEquals("1G", c.get("innodb_buffer_pool_size").orElseThrow());
        assertTrue(text.contains("\ninnodb-buffer-pool-size=1G\n"), text);
        assertFalse(text.contains("9216M"), "the template value is replaced, not duplicated");
        assertEquals("1G", c.get("innodb_buffer_pool_size_max").orElseThrow(), "the bound follows the user's size");
        assertTrue(text.contains("\nloose-innodb_thread_concurrency=0\n"), "keeps the template's loose- prefix");
        assertTrue(text.endsWith("innodb_adaptive_hash_index=0\nskip-log-bin\n"), text);
    }

    @Test
    void rejectsBadNamesValuesAndManagedOptions() {
        var e = assertThrows(InvalidOptionException.class, () -> config(GB, true, Map.of("bad name", "1")));
        assertTrue(e.getMessage().contains("'bad name'"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> config(GB, true, Map.of("x=y", "1")));
        e = assertThrows(InvalidOptionException.class, () -> config(GB, true, Map.of("max_connections", "1\n[client]")));
        assertFalse(e.getMessage().contains("\n"), "one-line message");
        e = assertThrows(InvalidOptionException.class, () -> config(GB, true, Map.of("datadir", "/elsewhere")));
        assertTrue(e.getMessage().contains("managed by the launcher"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> config(GB, true, Map.of("bind_address", "0.0.0.0")));
    }
}

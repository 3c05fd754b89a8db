package benchkit.containers;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The files we put into a server container; the containers themselves are tested in ContainerServerLauncherTest. */
class SqlServerFilesTest {
    @Test
    void settingsFollowTheFixedOptions() {
        String cnf = new String(SqlServerFiles.optionFile(Map.of("innodb_buffer_pool_size", "1G", "skip-log-bin", "")),
                StandardCharsets.UTF_8);
        assertTrue(cnf.startsWith("[mysqld]\n"), cnf);
        assertTrue(cnf.contains("\nport=3306\n") && cnf.contains("\nbind-address=0.0.0.0\n"), cnf);
        assertTrue(cnf.endsWith("innodb_buffer_pool_size=1G\nskip-log-bin\n"), cnf);
        assertTrue(cnf.contains("\nloose-innodb_buffer_pool_size_max=1G\n"), "the bound follows the size: " + cnf);
        assertTrue(new String(SqlServerFiles.optionFile(Map.of()), StandardCharsets.UTF_8)
                .contains("\nloose-innodb_buffer_pool_size_max=128M\n"), "MariaDB's default size");
    }

    @Test
    void optionsTheLauncherOwnsOrMalformedOnesAreRefused() {
        assertEquals("server setting 'bind_address' is set by the container launcher and cannot be changed",
                assertThrows(InvalidOptionException.class,
                        () -> SqlServerFiles.optionFile(Map.of("bind_address", "1.2.3.4"))).getMessage());
        assertThrows(InvalidOptionException.class, () -> SqlServerFiles.optionFile(Map.of("a b", "1")));
        assertThrows(InvalidOptionException.class, () -> SqlServerFiles.optionFile(Map.of("x", "1\nport=1")));
    }

    @Test
    void theStartScriptPreloadsOnlyWhatWasAsked() {
        String glibc = SqlServerFiles.startScript(ContainerAllocator.of(AllocatorSpec.GLIBC));
        assertTrue(glibc.contains("preload=\n") && !glibc.contains("libjemalloc"), glibc);
        String jemalloc = SqlServerFiles.startScript(ContainerAllocator.of(new AllocatorSpec("jemalloc",
                Optional.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), Map.of())));
        assertTrue(jemalloc.contains("for name in libjemalloc.so.2 "), jemalloc);
        assertFalse(jemalloc.contains("init.sql\" ") || jemalloc.contains("IDENTIFIED"), "no secret in the script");
    }

    @Test
    void shellQuotingSurvivesQuotes() {
        assertEquals("'it'\\''s'", Shell.quote("it's"));
    }
}

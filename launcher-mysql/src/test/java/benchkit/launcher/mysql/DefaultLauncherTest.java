package benchkit.launcher.mysql;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.servers.ServerChoice;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Registered, the MySQL-family launcher is bench's default: unnamed servers and names no other launcher claims. */
class DefaultLauncherTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.load(DefaultLauncherTest.class.getClassLoader());

    @Test
    void aRunThatNamesNoServerStartsTheEmbeddedMariadb() {
        assertEquals(MysqlLauncher.NAME, REGISTRY.defaultLauncher().orElseThrow().name());
        assertEquals(new ServerChoice(MysqlLauncher.NAME, "mariadb-11.4", "mariadb-11.4"), ServerChoice.defaultServer(REGISTRY));
        assertTrue(REGISTRY.defaultLauncher().orElseThrow().defaultServer().orElseThrow().note()
                .startsWith("# Server: MariaDB 11.4"));
    }

    @Test
    void namesNoLauncherClaimsAreItsDistributions() {
        for (String name : new String[]{"mysql-8.0", "system", "basedir:/opt/mysql", "mysql:odd"}) {
            assertEquals(new ServerChoice(MysqlLauncher.NAME, name, name), ServerChoice.parse(name, REGISTRY), name);
        }
    }
}

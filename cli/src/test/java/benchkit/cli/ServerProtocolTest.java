package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which workloads a --server can run is decided by the protocol its launcher declares, not by its name. */
class ServerProtocolTest {
    @Test
    void everyBuiltInLauncherDeclaresTheProtocolItsServersSpeak() {
        PluginRegistry registry = PluginRegistry.load(getClass().getClassLoader());
        Map<String, String> protocols = new TreeMap<>();
        // core's test-jar (on this module's test classpath) brings a launcher of its own, which bench.jar does not hold
        registry.launchers().forEach((name, launcher) -> {
            if (!launcher.getClass().getPackageName().equals("benchkit.testing")) {
                protocols.put(name, launcher.protocol());
            }
        });
        assertEquals(Map.of("mysql", "mysql", "container", "mysql", "memcached", "memcached",
                "container-memcached", "memcached", "innodb-memcached", "memcached"), protocols);
    }
}

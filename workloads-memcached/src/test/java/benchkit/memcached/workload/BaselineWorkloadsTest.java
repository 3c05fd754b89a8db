package benchkit.memcached.workload;

import benchkit.core.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Study D's comparison is declared by the workloads (core names none): each memcached workload against its SQL twin. */
class BaselineWorkloadsTest {
    @Test
    void eachMemcachedWorkloadIsComparedWithTheSqlKeyValueWorkloadOfItsOperation() {
        PluginRegistry registry = PluginRegistry.load(getClass().getClassLoader());
        Map<String, String> pairs = registry.baselineWorkloads();
        assertEquals(Map.of("memcached-get", "sql-kv-get", "memcached-set", "sql-kv-set", "memcached-mixed", "sql-kv-mixed"),
                pairs);
        pairs.values().forEach(b -> assertTrue(registry.workloads().containsKey(b), b + " is a registered workload"));
    }
}

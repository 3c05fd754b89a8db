package benchkit.memcached.kv;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Gets of keys never loaded miss, as the user asked; a run of them is valid, but said so (sweep 9, case 18: memcached-get
 * with --initial-load 0 on an empty memcached gave 42k misses/s as a get benchmark, rc 0, no word). No server is asked:
 * with no keys loaded there is nothing to lose.
 */
class MissesAskedForTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();
    private static final Target TARGET = Target.builder().host("127.0.0.1").port(1).product("memcached").user("")
            .database("").build();

    private static Workload workload(String name, Map<String, String> options) {
        return REGISTRY.workload(name).create(options);
    }

    @Test
    void aRunWithNoKeysLoadedSaysAtTheStartThatItsGetsMiss() throws Exception {
        try (Workload get = workload("memcached-get", Map.of("keys", "1000", "initial-load", "0"));
             Workload mixed = workload("memcached-mixed", Map.of("keys", "1000", "initial-load", "0"));
             Workload set = workload("memcached-set", Map.of("keys", "1000", "initial-load", "0"));
             Workload loaded = workload("memcached-get", Map.of("keys", "1000"))) {
            assertEquals(List.of("--initial-load 0 loads no keys: the gets miss, every one, and the run measures misses; "
                    + "give --initial-load all to measure hits"), get.notes());
            assertEquals(List.of("--initial-load 0 loads no keys: the gets miss until the sets store their keys; "
                    + "give --initial-load all to measure hits"), mixed.notes());
            assertEquals(List.of(), set.notes());
            assertEquals(List.of(), loaded.notes());
        }
    }

    @Test
    void anIterationWhoseGetsMostlyMissedKeysNeverLoadedIsValidAndSaid() throws Exception {
        try (Workload none = workload("memcached-get", Map.of("keys", "1000", "initial-load", "0"));
             Workload some = workload("memcached-get", Map.of("keys", "1000", "initial-load", "100"))) {
            List<String> warnings = new ArrayList<>();
            assertEquals(Optional.empty(), none.invalidIteration(TARGET, 0, 0, 42000, warnings::add));
            assertEquals(List.of("100% of this iteration's gets missed (42000 of 42000), as --initial-load 0 loaded no "
                    + "keys: the score measures misses; give --initial-load all to measure hits"), warnings);
            warnings.clear();
            assertEquals(Optional.empty(), some.invalidIteration(TARGET, 0, 0, 42000, warnings::add));
            // asked again at the next iteration: each one says it
            assertEquals(Optional.empty(), none.invalidIteration(TARGET, 10, 0, 30, warnings::add));
            assertEquals(List.of("100% of this iteration's gets missed (42000 of 42000), as --initial-load 100 loaded only "
                    + "100 of the 1000 keys: the score measures misses; give --initial-load all to measure hits",
                    "75% of this iteration's gets missed (30 of 40), as --initial-load 0 loaded no keys: the score "
                    + "measures misses; give --initial-load all to measure hits"), warnings);
            warnings.clear();
            // most gets hit: what a partial load does, nothing to say
            assertEquals(Optional.empty(), some.invalidIteration(TARGET, 60, 0, 40, warnings::add));
            assertEquals(List.of(), warnings);
        }
    }
}

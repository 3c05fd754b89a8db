package benchkit.memcached.stats;

import benchkit.core.plugin.PluginRegistry;
import benchkit.memcached.TestContexts.Counting;
import benchkit.memcached.launcher.MemcachedLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.Collector;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Outcome;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemcachedStatsCollectorTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();

    @Test
    void reportsHitsMissesConnectionsAndCpuOfAnIteration() throws Exception {
        try (ServerHandle server = new MemcachedLauncher().launch(new ServerSpec("system", Map.of("memory", "64"), AllocatorSpec.GLIBC, ""))) {
            Target target = server.target();
            Collector collector = REGISTRY.collector("memcached-stats").create(Map.of());
            TrialInfo trial = new TrialInfo("memcached-mixed", "glibc", 2, 1, target, OptionalLong.of(server.pid()));
            IterationInfo it = new IterationInfo(1, false, 1.0);
            collector.beforeTrial(trial);
            collector.beforeIteration(trial, it);
            try (Workload w = REGISTRY.workload("memcached-mixed").create(Map.of("keys", "2000", "initial-load", "0",
                    "key-pattern", "sequential", "ratio", "1:1", "value-size", "1000"))) {
                Session a = w.openSession(target, new Counting(0, 2));
                Session b = w.openSession(target, new Counting(1, 2));
                for (int i = 0; i < 4000; i++) {
                    assertEquals(Outcome.OK, a.execute());
                    assertEquals(Outcome.OK, b.execute());
                }
                Map<String, Metric> m = byName(collector.afterIteration(trial, it));
                a.close();
                b.close();
                assertTrue(m.get("memcached.get_hits").value() > 0, "get_hits > 0: " + m);
                assertTrue(m.get("memcached.get_misses").value() > 0, "sequential sets and gets leave some misses");
                assertEquals("ops/s", m.get("memcached.get_hits").unit());
                assertTrue(m.get("memcached.cmd_set").value() > 0);
                assertEquals(2, m.get("memcached.curr_connections").value(), 1, "two sessions (+ the stats connection)");
                assertTrue(m.get("memcached.bytes").value() > 1.0, "about 2 MB stored: " + m.get("memcached.bytes"));
                assertTrue(m.get("memcached.cpu.user").value() + m.get("memcached.cpu.system").value() > 0);
                double hr = m.get("memcached.hit_ratio").value();
                assertTrue(hr > 0 && hr < 100, "hit ratio " + hr);
                assertTrue(m.containsKey("memcached.evictions"));
            }
        }
    }

    @Test
    void ratesAreDifferencesPerSecond() {
        Map<String, Metric> m = byName(MemcachedStats.metrics(
                Map.of("get_hits", 100.0, "get_misses", 0.0, "rusage_user", 1.0, "curr_connections", 3.0),
                Map.of("get_hits", 300.0, "get_misses", 200.0, "rusage_user", 1.5, "curr_connections", 7.0), 2.0));
        assertEquals(100.0, m.get("memcached.get_hits").value(), 1e-9);
        assertEquals(100.0, m.get("memcached.get_misses").value(), 1e-9);
        assertEquals(25.0, m.get("memcached.cpu.user").value(), 1e-9, "0.5 CPU s in 2 s = 25% of a core");
        assertEquals(7.0, m.get("memcached.curr_connections").value());
        assertEquals(50.0, m.get("memcached.hit_ratio").value(), 1e-9);
        assertTrue(!m.containsKey("memcached.cmd_set"), "no field, no metric");
    }

    @Test
    void aServerThatIsNotMemcachedIsAClearError() {
        Collector c = REGISTRY.collector("memcached-stats").create(Map.of("memcached-servers", "127.0.0.1:1"));
        TrialInfo trial = new TrialInfo("x", "v", 1, 1, Target.builder().build(), OptionalLong.empty());
        IOException e = assertThrows(IOException.class, () -> c.beforeIteration(trial, new IterationInfo(1, false, 1)));
        assertTrue(e.getMessage().startsWith("memcached-stats: cannot read stats from 127.0.0.1:1"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> REGISTRY.collector("memcached-stats").create(Map.of("servers", "x")));
    }

    private static Map<String, Metric> byName(Collection<Metric> metrics) {
        return metrics.stream().collect(Collectors.toMap(Metric::name, Function.identity()));
    }
}

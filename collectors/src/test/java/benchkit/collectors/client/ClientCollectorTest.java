package benchkit.collectors.client;

import benchkit.spi.Aggregation;
import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientCollectorTest {
    private static volatile long sink;

    @Test
    void spinningTestThreadShowsAsClientCpu() throws Exception {
        CollectorFactory f = ServiceLoader.load(CollectorFactory.class).stream()
                .map(ServiceLoader.Provider::get).filter(x -> x.name().equals("client")).findFirst().orElseThrow();
        assertTrue(f.enabledByDefault());
        Collector c = f.create(Map.of());
        TrialInfo trial = new TrialInfo("w", "v", 1, 1, Target.builder().build(), OptionalLong.empty());
        IterationInfo it = new IterationInfo(1, false, 1.0);
        c.beforeTrial(trial);
        c.beforeIteration(trial, it);
        long end = System.nanoTime() + 1_000_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x += x * 31 + 7; // spin
        }
        sink = x;
        c.sample(trial, it);
        Map<String, Metric> m = c.afterIteration(trial, it).stream()
                .collect(Collectors.toMap(Metric::name, Function.identity()));
        c.afterTrial(trial);

        // One thread spinning for the whole second: well above zero even on a busy machine.
        assertTrue(m.get("client.cpu").value() > 10, m::toString);
        assertEquals("%", m.get("client.cpu").unit());
        assertEquals(m.get("client.cpu").value(),
                m.get("client.cpu.user").value() + m.get("client.cpu.system").value(), 1e-9);
        assertTrue(m.get("client.rss").value() > 1, m::toString);
        assertEquals(Aggregation.MAX, m.get("client.rss").aggregation());
    }
}

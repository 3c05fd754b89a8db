package benchkit.collectors.machine;

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A process outside bench's tree that keeps a core busy shows as other CPU; bench's own spinning does not. */
class MachineCollectorTest {
    private static volatile long sink;
    private static final TrialInfo TRIAL = new TrialInfo("w", "v", 1, 1, Target.builder().build(),
            OptionalLong.of(ProcessHandle.current().pid()));
    private static final IterationInfo ITERATION = new IterationInfo(1, false, 1.5);

    private static Collector machine() throws Exception {
        CollectorFactory f = ServiceLoader.load(CollectorFactory.class).stream()
                .map(ServiceLoader.Provider::get).filter(x -> x.name().equals("machine")).findFirst().orElseThrow();
        assertTrue(f.enabledByDefault());
        return f.create(Map.of());
    }

    private static Map<String, Metric> measure(Collector c, Runnable during) throws Exception {
        c.beforeTrial(TRIAL);
        c.beforeIteration(TRIAL, ITERATION);
        during.run();
        Map<String, Metric> m = c.afterIteration(TRIAL, ITERATION).stream()
                .collect(Collectors.toMap(Metric::name, Function.identity()));
        c.afterTrial(TRIAL);
        return m;
    }

    @Test
    void anOrphanedSpinnerIsOtherCpu() throws Exception {
        // the inner shell outlives its parent, so it is no descendant of this JVM: like another tenant's process
        Process launcher = new ProcessBuilder("sh", "-c", "(timeout 4 sh -c 'while :; do :; done') >/dev/null 2>&1 &").start();
        assertEquals(0, launcher.waitFor());
        Thread.sleep(200);
        Map<String, Metric> m = measure(machine(), () -> sleep(1500));
        assertTrue(m.get("machine.cpu.other").value() > 50, "a core kept busy elsewhere: " + m);
        assertEquals("%", m.get("machine.cpu.other").unit());
        assertTrue(m.get("machine.cpu.steal").value() >= 0, m::toString);
    }

    @Test
    void benchsOwnCpuIsNotOther() throws Exception {
        // against the same window with this JVM idle: another tenant's load (a CI beside a benchmark) is other in both
        Map<String, Metric> idle = measure(machine(), () -> sleep(1500));
        Map<String, Metric> m = measure(machine(), () -> {
            long end = System.nanoTime() + 1_500_000_000L;
            long x = 0;
            while (System.nanoTime() < end) {
                x += x * 31 + 7;
            }
            sink = x;
        });
        assertTrue(m.get("machine.cpu.other").value() < idle.get("machine.cpu.other").value() + 50,
                "this JVM spinning is bench's own: " + m + ", idle: " + idle);
    }

    @Test
    void withoutTheServersPidOtherIsLeftOut() throws Exception {
        Collector c = machine();
        TrialInfo external = new TrialInfo("w", "v", 1, 1, Target.builder().build(), OptionalLong.empty());
        c.beforeIteration(external, ITERATION);
        sleep(100);
        Map<String, Metric> m = c.afterIteration(external, ITERATION).stream()
                .collect(Collectors.toMap(Metric::name, Function.identity()));
        assertFalse(m.containsKey("machine.cpu.other"), m::toString);
        assertTrue(m.containsKey("machine.cpu.steal"), m::toString);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

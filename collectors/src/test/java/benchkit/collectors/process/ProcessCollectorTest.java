package benchkit.collectors.process;

import benchkit.spi.Collector;
import benchkit.spi.CollectorFactory;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.Target;
import benchkit.spi.TrialInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs the collector found through ServiceLoader against real child processes. */
class ProcessCollectorTest {
    private static final IterationInfo ITERATION = new IterationInfo(1, false, 1.0);
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void killChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void busyProcessUsesMostOfACore() throws Exception {
        Process busy = start("sh", "-c", "while :; do :; done");
        Collector c = create();
        long startTicks = kernelUserTicks(busy.pid());
        long startNanos = System.nanoTime();
        Map<String, Metric> m = oneIteration(c, trial(busy.pid()), 1200);
        double kernelPercent = 100.0 * (kernelUserTicks(busy.pid()) - startTicks) / CLOCK_TICKS_PER_SECOND
                / ((System.nanoTime() - startNanos) / 1e9);
        double user = m.get("server.cpu.user").value();
        // The machine may be shared and overloaded, so the loop need not get a whole core; the
        // kernel's own count over (nearly) the same window says what it got.
        assertTrue(Math.abs(user - kernelPercent) < 12, () -> "collector " + user + "% vs kernel " + kernelPercent + "%");
        // When the kernel gave the loop most of a core, so must we say; else at least clearly some.
        assertTrue(kernelPercent > 60 ? user > 50 : user > 5, () -> "user CPU of a busy loop: " + m);
        assertEquals("%", m.get("server.cpu.user").unit());
        assertTrue(m.get("server.cpu.system").value() < 50, () -> "system CPU of a busy loop: " + m);
        assertMemory(m);
    }

    @Test
    void sleepingProcessUsesAlmostNoCpu() throws Exception {
        Process sleeper = start("sleep", "60");
        Map<String, Metric> m = oneIteration(trial(sleeper.pid()), 1200);
        assertTrue(m.get("server.cpu.user").value() < 10, () -> "user CPU of sleep: " + m);
        assertTrue(m.get("server.cpu.system").value() < 10, () -> "system CPU of sleep: " + m);
        assertMemory(m);
    }

    @Test
    void vanishedPidGivesNoMetricsAndNoException() throws Exception {
        Process gone = start("true");
        gone.waitFor(10, TimeUnit.SECONDS);
        assertTrue(oneIteration(trial(gone.pid()), 100).isEmpty());
    }

    @Test
    void serverDyingMidIterationKeepsWhatWasSeen() throws Exception {
        Process sleeper = start("sleep", "60");
        Collector c = create();
        TrialInfo trial = trial(sleeper.pid());
        c.beforeTrial(trial);
        c.beforeIteration(trial, ITERATION);
        Thread.sleep(300);
        c.sample(trial, ITERATION);
        sleeper.destroyForcibly();
        sleeper.waitFor(10, TimeUnit.SECONDS);
        c.sample(trial, ITERATION);
        Map<String, Metric> m = byName(c.afterIteration(trial, ITERATION));
        c.afterTrial(trial);
        assertTrue(m.get("server.rss").value() > 0, m::toString);
        assertTrue(m.containsKey("server.cpu.user"), () -> "CPU up to the last good snapshot: " + m);
    }

    @Test
    void externalServerWithoutPidGivesNothing() throws Exception {
        TrialInfo trial = new TrialInfo("w", "v", 1, 1, Target.builder().build(), OptionalLong.empty());
        assertTrue(oneIteration(trial, 10).isEmpty());
    }

    /** USER_HZ on Linux ({@code getconf CLK_TCK}); /proc counts CPU time in these ticks. */
    private static final double CLOCK_TICKS_PER_SECOND = 100;

    /** utime of a process straight from /proc/<pid>/stat (field 14), independent of OSHI. */
    private static long kernelUserTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]); // field 14 counted from the state (field 3)
    }

    private static void assertMemory(Map<String, Metric> m) {
        assertTrue(m.get("server.rss").value() > 0, m::toString);
        assertEquals("MB", m.get("server.rss").unit());
        assertTrue(m.get("server.vsz").value() >= m.get("server.rss").value(), m::toString);
        assertTrue(m.get("server.rss.max").value() >= m.get("server.rss").value(), m::toString);
        assertTrue(m.get("server.vsz.max").value() >= m.get("server.vsz").value(), m::toString);
        assertEquals(benchkit.spi.Aggregation.MAX, m.get("server.rss.max").aggregation());
        assertEquals(benchkit.spi.Aggregation.AVG, m.get("server.rss").aggregation());
    }

    private Process start(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        children.add(p);
        return p;
    }

    private static TrialInfo trial(long pid) {
        return new TrialInfo("w", "v", 1, 1, Target.builder().build(), OptionalLong.of(pid));
    }

    /** beforeIteration, a sample every ~300 ms, afterIteration, as the runner calls them. */
    private static Map<String, Metric> oneIteration(TrialInfo trial, long millis) throws Exception {
        return oneIteration(create(), trial, millis);
    }

    private static Map<String, Metric> oneIteration(Collector c, TrialInfo trial, long millis) throws Exception {
        c.beforeTrial(trial);
        c.beforeIteration(trial, ITERATION);
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            Thread.sleep(Math.min(300, Math.max(1, end - System.currentTimeMillis())));
            c.sample(trial, ITERATION);
        }
        Collection<Metric> metrics = c.afterIteration(trial, ITERATION);
        c.afterTrial(trial);
        return byName(metrics);
    }

    private static Collector create() {
        CollectorFactory f = ServiceLoader.load(CollectorFactory.class).stream()
                .map(ServiceLoader.Provider::get).filter(x -> x.name().equals("process")).findFirst().orElseThrow();
        assertTrue(f.enabledByDefault());
        return f.create(Map.of());
    }

    private static Map<String, Metric> byName(Collection<Metric> metrics) {
        return metrics.stream().collect(Collectors.toMap(Metric::name, Function.identity()));
    }
}

package benchkit.collectors.client;

import benchkit.spi.StandardMetrics;
import benchkit.collectors.process.ProcessWatch;
import benchkit.collectors.process.WatchedProcessCollector;
import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.util.List;
import java.util.OptionalLong;

/**
 * What the benchmark client (this JVM, the load generator) costs: {@code client.cpu},
 * {@code client.cpu.user}, {@code client.cpu.system} (% of one core) and {@code client.rss}
 * (peak MB). A client near its CPU limit caps the throughput it can measure.
 */
public final class ClientCollector extends WatchedProcessCollector {
    private final long pid = ProcessHandle.current().pid();

    @Override
    public String name() {
        return ClientCollectorFactory.NAME;
    }

    @Override
    protected OptionalLong pid(TrialInfo trial) {
        return OptionalLong.of(pid);
    }

    @Override
    protected void report(ProcessWatch watch, List<Metric> metrics) {
        watch.cpu().ifPresent(cpu -> {
            metrics.add(new Metric(StandardMetrics.CLIENT_CPU, cpu.totalPercent(), "%", Aggregation.AVG));
            metrics.add(new Metric("client.cpu.user", cpu.userPercent(), "%", Aggregation.AVG));
            metrics.add(new Metric("client.cpu.system", cpu.systemPercent(), "%", Aggregation.AVG));
        });
        if (watch.rssMb().count() > 0) {
            metrics.add(new Metric("client.rss", watch.rssMb().max(), "MB", Aggregation.MAX));
        }
    }
}

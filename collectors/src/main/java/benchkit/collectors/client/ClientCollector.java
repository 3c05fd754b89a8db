package benchkit.collectors.client;

import benchkit.collectors.process.ProcessProbe;
import benchkit.collectors.process.ProcessWatch;
import benchkit.spi.Aggregation;
import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What the benchmark client (this JVM, the load generator) costs: {@code client.cpu},
 * {@code client.cpu.user}, {@code client.cpu.system} (% of one core) and {@code client.rss}
 * (peak MB). A client near its CPU limit caps the throughput it can measure.
 */
public final class ClientCollector implements Collector {
    private final ProcessProbe probe = new ProcessProbe();
    private final long pid = ProcessHandle.current().pid();
    private ProcessWatch watch;

    @Override
    public String name() {
        return ClientCollectorFactory.NAME;
    }

    @Override
    public void beforeIteration(TrialInfo trial, IterationInfo iteration) {
        watch = new ProcessWatch(probe, pid);
        watch.begin();
    }

    @Override
    public void sample(TrialInfo trial, IterationInfo iteration) {
        if (watch != null) {
            watch.sample();
        }
    }

    @Override
    public Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) {
        if (watch == null) {
            return List.of();
        }
        watch.end();
        List<Metric> metrics = new ArrayList<>();
        watch.cpu().ifPresent(cpu -> {
            metrics.add(new Metric("client.cpu", cpu.totalPercent(), "%", Aggregation.AVG));
            metrics.add(new Metric("client.cpu.user", cpu.userPercent(), "%", Aggregation.AVG));
            metrics.add(new Metric("client.cpu.system", cpu.systemPercent(), "%", Aggregation.AVG));
        });
        if (watch.rssMb().count() > 0) {
            metrics.add(new Metric("client.rss", watch.rssMb().max(), "MB", Aggregation.MAX));
        }
        watch = null;
        return metrics;
    }
}

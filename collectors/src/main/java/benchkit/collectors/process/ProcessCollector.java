package benchkit.collectors.process;

import benchkit.spi.StandardMetrics;
import benchkit.spi.Aggregation;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.util.List;
import java.util.OptionalLong;

/**
 * CPU and memory of the server process ({@link TrialInfo#serverPid()}): {@code server.cpu.user},
 * {@code server.cpu.system} (% of one core), {@code server.rss}, {@code server.vsz} (mean MB) and
 * {@code server.rss.max}, {@code server.vsz.max} (MB). Emits nothing when the pid is unknown
 * (an external server) and only what it saw when the server dies.
 */
public final class ProcessCollector extends WatchedProcessCollector {
    @Override
    public String name() {
        return ProcessCollectorFactory.NAME;
    }

    @Override
    protected OptionalLong pid(TrialInfo trial) {
        return trial.serverPid();
    }

    @Override
    protected void report(ProcessWatch watch, List<Metric> metrics) {
        watch.cpu().ifPresent(cpu -> {
            metrics.add(new Metric(StandardMetrics.SERVER_CPU_USER, cpu.userPercent(), "%", Aggregation.AVG));
            metrics.add(new Metric(StandardMetrics.SERVER_CPU_SYSTEM, cpu.systemPercent(), "%", Aggregation.AVG));
        });
        if (watch.rssMb().count() > 0) {
            metrics.add(new Metric(StandardMetrics.SERVER_RSS, watch.rssMb().mean(), "MB", Aggregation.AVG));
            metrics.add(new Metric(StandardMetrics.SERVER_VSZ, watch.vszMb().mean(), "MB", Aggregation.AVG));
            metrics.add(new Metric("server.rss.max", watch.rssMb().max(), "MB", Aggregation.MAX));
            metrics.add(new Metric("server.vsz.max", watch.vszMb().max(), "MB", Aggregation.MAX));
        }
    }
}

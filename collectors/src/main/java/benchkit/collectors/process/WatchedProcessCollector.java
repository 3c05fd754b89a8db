package benchkit.collectors.process;

import benchkit.spi.Collector;
import benchkit.spi.IterationInfo;
import benchkit.spi.Metric;
import benchkit.spi.TrialInfo;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;

/**
 * Watches one process over each iteration ({@link ProcessWatch}: a snapshot at the start, samples
 * in between, one at the end) and reports what a subclass makes of it. The server collector and the
 * client collector differ only in which process and which metrics.
 */
public abstract class WatchedProcessCollector implements Collector {
    private final ProcessProbe probe = new ProcessProbe();
    private ProcessWatch watch;

    /** The process to watch in this trial; empty: report nothing (e.g. an external server). */
    protected abstract OptionalLong pid(TrialInfo trial);

    /** The iteration's metrics from what {@code watch} saw (it may have seen the process die). */
    protected abstract void report(ProcessWatch watch, List<Metric> metrics);

    @Override
    public final void beforeIteration(TrialInfo trial, IterationInfo iteration) {
        OptionalLong pid = pid(trial);
        watch = pid.isPresent() ? new ProcessWatch(probe, pid.getAsLong()) : null;
        if (watch != null) {
            watch.begin();
        }
    }

    @Override
    public final void sample(TrialInfo trial, IterationInfo iteration) {
        if (watch != null) {
            watch.sample();
        }
    }

    @Override
    public final Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) {
        if (watch == null) {
            return List.of();
        }
        watch.end();
        List<Metric> metrics = new ArrayList<>();
        report(watch, metrics);
        watch = null;
        return metrics;
    }
}

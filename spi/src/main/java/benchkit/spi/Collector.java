package benchkit.spi;

import java.util.Collection;

/**
 * Measures something beside the load (like JMH's InternalProfiler). Calls come from the
 * runner's control thread, never concurrently: {@code beforeTrial}, then per iteration
 * {@code beforeIteration}, {@code sample} about once a second, {@code afterIteration}.
 */
public interface Collector {
    String name();

    default void beforeTrial(TrialInfo trial) throws Exception {
    }

    void beforeIteration(TrialInfo trial, IterationInfo iteration) throws Exception;

    /** Called periodically during an iteration, for collectors that sample (e.g. RSS). */
    default void sample(TrialInfo trial, IterationInfo iteration) throws Exception {
    }

    /** The metrics of the iteration that just ended, e.g. {@code server.rss} in MB. */
    Collection<Metric> afterIteration(TrialInfo trial, IterationInfo iteration) throws Exception;

    default void afterTrial(TrialInfo trial) throws Exception {
    }

    /**
     * Whether the load pauses while this collector's {@code afterIteration} and {@code beforeIteration} run, because
     * they take long (a profiler folding its samples: seconds on a large server). A trial's iterations are then
     * separate slices, as interleaved variants' are, and that time is on no iteration's clock. By default
     * consecutive iterations of one variant run back to back, each ending where the next begins.
     */
    default boolean pausesLoad() {
        return false;
    }
}

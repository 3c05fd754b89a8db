package benchkit.core.result;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The shape of a run as the result files describe it (the plan without its servers).
 *
 * @param variants      variant labels in the order given
 * @param variantParams each variant's params by label (e.g. {@code allocator=jemalloc})
 * @param eventsPerThread the events each client thread ran when the workload fixed them ({@link
 *                      benchkit.spi.Workload#eventsPerThread()}), else 0
 */
public record RunDescription(String workload, Map<String, String> workloadOptions, List<String> variants,
                             Map<String, Map<String, String>> variantParams,
                             List<Integer> threads, int forks, int warmupIterations, Duration warmupTime,
                             int measurementIterations, Duration measurementTime, long maxEvents, double rate,
                             long eventsPerThread) {
    public RunDescription {
        workloadOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(workloadOptions));
        variants = List.copyOf(variants);
        variantParams = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(variantParams));
        threads = List.copyOf(threads);
    }

    /** A run whose workload fixes no events per thread (by time, or by {@code --events}). */
    public RunDescription(String workload, Map<String, String> workloadOptions, List<String> variants,
                          Map<String, Map<String, String>> variantParams, List<Integer> threads, int forks,
                          int warmupIterations, Duration warmupTime, int measurementIterations, Duration measurementTime,
                          long maxEvents, double rate) {
        this(workload, workloadOptions, variants, variantParams, threads, forks, warmupIterations, warmupTime,
                measurementIterations, measurementTime, maxEvents, rate, 0);
    }

    /** JMH's benchmark name for this run. */
    public String benchmark() {
        return "benchkit." + workload;
    }
}

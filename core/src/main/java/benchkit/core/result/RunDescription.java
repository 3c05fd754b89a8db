package benchkit.core.result;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The shape of a run as the result files describe it (the plan without its servers). */
public record RunDescription(String workload, Map<String, String> workloadOptions, List<String> variants,
                             List<Integer> threads, int forks, int warmupIterations, Duration warmupTime,
                             int measurementIterations, Duration measurementTime, long maxEvents, double rate) {
    public RunDescription {
        workloadOptions = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(workloadOptions));
        variants = List.copyOf(variants);
        threads = List.copyOf(threads);
    }

    /** JMH's benchmark name for this run. */
    public String benchmark() {
        return "benchkit." + workload;
    }
}

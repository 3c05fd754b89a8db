package benchkit.core.result;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link VariantResult}'s former name, which took the simple name of JMH's own
 * {@code org.openjdk.jmh.results.BenchmarkResult}, a different thing (one fork's iterations). Code written against it
 * still compiles ({@code BenchmarkResult score = BenchmarkRun.workload(...)...run()...}), with a deprecation warning;
 * write {@link VariantResult} instead. Only its constructor is gone.
 */
@Deprecated(since = "0.1.0", forRemoval = true)
public interface BenchmarkResult {
    /** As {@link VariantResult#PRIMARY}. */
    String PRIMARY = VariantResult.PRIMARY;

    String benchmark();

    String variant();

    int threads();

    Map<String, String> settings();

    Map<String, String> params();

    Map<String, MetricResult> metrics();

    List<Integer> forks();

    MetricResult primary();

    int forkCount();

    int iterationCount();

    int fork(int i);

    Optional<MetricResult> metric(String name);

    Map<String, String> identity();

    /** As {@link VariantResult#isEvidence}. */
    static boolean isEvidence(String param) {
        return VariantResult.isEvidence(param);
    }
}

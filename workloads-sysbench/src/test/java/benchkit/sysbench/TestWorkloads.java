package benchkit.sysbench;

import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;

import java.util.HashMap;
import java.util.Map;

/** Workloads for tests, configured from option name and value pairs. */
final class TestWorkloads {
    private TestWorkloads() {
    }

    /** {@code f.create} with the options {@code name1, value1, name2, value2, ...}. */
    static Workload workload(WorkloadFactory f, String... kv) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return f.create(m);
    }
}

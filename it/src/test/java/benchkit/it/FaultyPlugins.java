package benchkit.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A plugin jar that fails on purpose, built by the test against the SPI only: the collector
 * {@code faulty} throws in {@code afterIteration} of measurement iteration 2; the workload
 * {@code faulty-session} throws from {@code execute} after {@code --fail-after} events per session.
 */
final class FaultyPlugins {
    static final String COLLECTOR = """
            package com.example.faulty;

            import benchkit.spi.*;
            import java.util.*;

            public final class FaultyCollectorFactory implements CollectorFactory {
                public String name() { return "faulty"; }
                public String description() { return "throws in afterIteration of measurement iteration 2"; }
                public Collector create(Map<String, String> options) {
                    return new Collector() {
                        public String name() { return "faulty"; }
                        public void beforeIteration(TrialInfo t, IterationInfo i) { }
                        public Collection<Metric> afterIteration(TrialInfo t, IterationInfo i) {
                            if (!i.warmup() && i.index() == 2) {
                                throw new IllegalStateException("sensor unplugged");
                            }
                            return List.of(new Metric("faulty.value", 1, "x", Aggregation.AVG));
                        }
                    };
                }
            }
            """;

    static final String WORKLOAD = """
            package com.example.faulty;

            import benchkit.spi.*;
            import java.util.*;

            public final class FaultySessionFactory implements WorkloadFactory {
                private static final List<OptionSpec> OPTIONS =
                        List.of(new OptionSpec("fail-after", "100", "events per session before it throws"));
                public String name() { return "faulty-session"; }
                public String description() { return "a session that throws after --fail-after events"; }
                public List<OptionSpec> options() { return OPTIONS; }
                public Workload create(Map<String, String> given) {
                    int failAfter = OptionValues.parse(name(), OPTIONS, given).intValue("fail-after", 1, 1_000_000);
                    return (target, context) -> new Session() {
                        private int events;
                        public Outcome execute() throws Exception {
                            if (++events > failAfter) {
                                throw new java.io.IOException("lost the device after " + failAfter + " events");
                            }
                            return Outcome.OK;
                        }
                    };
                }
            }
            """;

    private FaultyPlugins() {
    }

    /** A new plugin directory holding the jar. */
    static Path dir(Path workDir) throws Exception {
        Path plugins = Files.createDirectories(workDir.resolve("plugins"));
        PluginJar.build(workDir, plugins.resolve("faulty-plugins.jar"),
                Map.of("com.example.faulty.FaultyCollectorFactory", COLLECTOR,
                        "com.example.faulty.FaultySessionFactory", WORKLOAD),
                Map.of("benchkit.spi.CollectorFactory", "com.example.faulty.FaultyCollectorFactory\n",
                        "benchkit.spi.WorkloadFactory", "com.example.faulty.FaultySessionFactory\n"));
        return plugins;
    }
}

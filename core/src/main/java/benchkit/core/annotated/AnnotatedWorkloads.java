package benchkit.core.annotated;

import benchkit.spi.WorkloadFactory;
import benchkit.spi.annotations.AnnotatedWorkload;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Finds annotated workload classes listed in {@code META-INF/services/benchkit.spi.annotations.AnnotatedWorkload}
 * and adapts each to a {@link WorkloadFactory}. The classes are only read, never instantiated here.
 */
public final class AnnotatedWorkloads {
    private AnnotatedWorkloads() {
    }

    /** The user's class behind an annotated workload, whose jar the results came from; empty for any other workload. */
    public static java.util.Optional<Class<?>> userClass(benchkit.spi.Workload workload) {
        return workload instanceof AnnotatedWorkloadRun run ? java.util.Optional.of(run.userClass()) : java.util.Optional.empty();
    }

    /**
     * One factory per listed class that {@code loader} sees. A class that cannot be loaded or breaks
     * a rule is reported to {@code problems} as one line naming it, and the others still load.
     */
    public static List<AnnotatedWorkloadFactory> factories(ClassLoader loader, Consumer<String> problems) {
        List<AnnotatedWorkloadFactory> factories = new ArrayList<>();
        PluginLoadMessages.forEachProvider(AnnotatedWorkload.class, loader, problems, provider -> {
            Class<?> type = provider.type();
            try {
                factories.add(AnnotatedWorkloadFactory.of(type));
            } catch (RuntimeException | LinkageError e) {
                problems.accept(PluginLoadMessages.problem(type, AnnotatedWorkload.class.getSimpleName(),
                        "failed to load: " + PluginLoadMessages.oneLine(e)));
            }
        });
        return factories;
    }
}

package benchkit.core.annotated;

import benchkit.core.plugin.DuplicatePluginException;
import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Annotated classes are found through ServiceLoader, as a plugin jar lists them. */
class AnnotatedWorkloadDiscoveryTest {
    @TempDir
    Path plugin;

    @Test
    void listedClassesBecomeFactoriesAndBrokenOnesBecomeProblems() throws IOException {
        ClassLoader loader = pluginListing(Workloads.Mix.class.getName(), Workloads.Typed.class.getName(),
                "com.example.Missing", MalformedWorkloads.NoDefaultConstructor.class.getName());
        List<String> problems = new ArrayList<>();
        List<WorkloadFactory> found = AnnotatedWorkloads.factories(loader, problems::add);
        assertEquals(List.of("mix", "typed"), found.stream().map(WorkloadFactory::name).toList());
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("com.example.Missing"), problems.get(0));
        assertTrue(problems.get(1).contains("NoDefaultConstructor"), problems.get(1));
    }

    @Test
    void theRegistryListsAnnotatedWorkloadsBesideTheOthers() throws IOException {
        PluginRegistry registry = PluginRegistry.load(pluginListing(Workloads.Lifecycle.class.getName()));
        WorkloadFactory f = registry.workload("lifecycle");
        assertTrue(f instanceof AnnotatedWorkloadFactory);
        assertEquals(Workloads.Lifecycle.class, ((AnnotatedWorkloadFactory) f).type());
    }

    @Test
    void twoWorkloadsWithOneNameFailLoudly() throws IOException {
        ClassLoader loader = pluginListing(Workloads.Mix.class.getName(), Workloads.Mix.class.getName() + "\n"
                + Workloads.Typed.class.getName());
        // ServiceLoader removes exact duplicates, so the same class listed twice is fine ...
        assertEquals(2, AnnotatedWorkloads.factories(loader, p -> { }).size());
        // ... but a second class claiming an existing name is not.
        Path other = plugin.resolve("other");
        Files.createDirectories(other.resolve("META-INF/services"));
        Files.writeString(other.resolve("META-INF/services/benchkit.spi.WorkloadFactory"), MixFactory.class.getName());
        ClassLoader both = new URLClassLoader(new URL[]{plugin.toUri().toURL(), other.toUri().toURL()},
                getClass().getClassLoader());
        DuplicatePluginException e = assertThrows(DuplicatePluginException.class, () -> PluginRegistry.load(both));
        assertTrue(e.getMessage().startsWith("two WorkloadFactory plugins are named 'mix': "), e.getMessage());
    }

    /** A class loader that sees a services file listing {@code classNames} (loaded from the test classpath). */
    private ClassLoader pluginListing(String... classNames) throws IOException {
        Path services = plugin.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("benchkit.spi.annotations.AnnotatedWorkload"),
                String.join("\n", classNames) + "\n");
        return new URLClassLoader(new URL[]{plugin.toUri().toURL()}, getClass().getClassLoader());
    }

    /** An SPI-path factory that takes the name of {@link Workloads.Mix}. */
    public static final class MixFactory implements WorkloadFactory {
        @Override
        public String name() {
            return "mix";
        }

        @Override
        public String description() {
            return "clashes with the annotated mix";
        }

        @Override
        public benchkit.spi.Workload create(java.util.Map<String, String> options) {
            throw new UnsupportedOperationException();
        }
    }
}

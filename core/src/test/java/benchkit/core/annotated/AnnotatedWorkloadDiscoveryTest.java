package benchkit.core.annotated;

import benchkit.core.plugin.UnknownPluginException;
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
        List<AnnotatedWorkloadFactory> found = AnnotatedWorkloads.factories(loader, problems::add);
        assertEquals(List.of("mix", "typed"), found.stream().map(WorkloadFactory::name).toList());
        assertEquals(2, problems.size(), problems.toString());
        // one format: the jar (here a directory) whose services file lists the class, the class, its kind, the cause
        assertEquals("plugin " + plugin + "/: com.example.Missing (AnnotatedWorkload) not found", problems.get(0));
        assertTrue(problems.get(1).startsWith("plugin ") && problems.get(1).contains(
                MalformedWorkloads.NoDefaultConstructor.class.getName() + " (AnnotatedWorkload) has no public no-arg"
                        + " constructor, which bench creates it with"),
                problems.get(1));
    }

    @Test
    void theRegistryListsAnnotatedWorkloadsBesideTheOthers() throws IOException {
        PluginRegistry registry = PluginRegistry.load(pluginListing(Workloads.Lifecycle.class.getName()));
        WorkloadFactory f = registry.workload("lifecycle");
        assertTrue(f instanceof AnnotatedWorkloadFactory);
        assertEquals(Workloads.Lifecycle.class, ((AnnotatedWorkloadFactory) f).type());
    }

    @Test
    void aNameTwoPluginsClaimIsRefusedWhereItIsUsedAndEverythingElseWorks() throws IOException {
        ClassLoader loader = pluginListing(Workloads.Mix.class.getName(), Workloads.Mix.class.getName() + "\n"
                + Workloads.Typed.class.getName());
        // ServiceLoader removes exact duplicates, so the same class listed twice is fine ...
        assertEquals(2, AnnotatedWorkloads.factories(loader, p -> { }).size());
        // ... but a second class claiming an existing name makes that name ambiguous.
        Path other = plugin.resolve("other");
        Files.createDirectories(other.resolve("META-INF/services"));
        Files.writeString(other.resolve("META-INF/services/benchkit.spi.WorkloadFactory"), MixFactory.class.getName());
        ClassLoader both = new URLClassLoader(new URL[]{plugin.toUri().toURL(), other.toUri().toURL()},
                getClass().getClassLoader());
        PluginRegistry registry = PluginRegistry.load(both);
        assertEquals(1, registry.problems().size(), registry.problems().toString());
        assertTrue(registry.problems().get(0).contains("(WorkloadFactory) is named 'mix', as "), registry.problems().get(0));
        UnknownPluginException e = assertThrows(UnknownPluginException.class, () -> registry.workload("mix"));
        assertTrue(e.getMessage().startsWith("two workload plugins are named 'mix': ") && e.getMessage().endsWith("; remove one"),
                e.getMessage());
        assertEquals("typed", registry.workload("typed").name());
    }

    @Test
    void theRegistrySaysAFactoryItCannotListAndLoadsTheNextOne() throws IOException {
        // the registry and the annotated loader walk the listed providers alike (PluginLoadMessages.forEachProvider)
        Files.createDirectories(plugin.resolve("META-INF/services"));
        Files.writeString(plugin.resolve("META-INF/services/benchkit.spi.WorkloadFactory"),
                "com.example.Missing\n" + MixFactory.class.getName() + "\n");
        PluginRegistry registry = PluginRegistry.load(new URLClassLoader(new URL[]{plugin.toUri().toURL()},
                getClass().getClassLoader()));
        assertEquals(List.of("plugin " + plugin + "/: com.example.Missing (WorkloadFactory) not found"), registry.problems());
        assertEquals("mix", registry.workload("mix").name(), "the factory listed after it");
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

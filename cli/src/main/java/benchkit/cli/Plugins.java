package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.spi.CollectorFactory;
import benchkit.spi.ServerLauncher;
import benchkit.spi.WorkloadFactory;
import benchkit.spi.annotations.AnnotatedWorkload;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/** Loads the plugin registry (bench's own plugins plus a plugin directory) and warns about plugins that could not load. */
final class Plugins {
    private Plugins() {
    }

    /** The services files bench reads plugins from; a jar with none of them provides nothing. */
    private static final List<String> SERVICES = Stream.of(WorkloadFactory.class, AnnotatedWorkload.class,
            CollectorFactory.class, ServerLauncher.class).map(c -> "META-INF/services/" + c.getName()).toList();

    static PluginRegistry load(PrintWriter err, PluginOptions options) {
        ClassLoader own = Plugins.class.getClassLoader();
        List<String> problems = new ArrayList<>();
        ClassLoader loader = options == null || options.pluginDir == null ? own
                : new URLClassLoader("bench-plugins", jars(options.pluginDir, problems), own);
        PluginRegistry registry = PluginRegistry.load(loader, problems);
        for (String problem : registry.problems()) {
            err.println("bench: warning: " + problem);
        }
        err.flush();
        return registry;
    }

    /** The plugin jars in {@code dir}; a file that is not a jar, or a jar that lists no plugin, is a problem. */
    private static URL[] jars(Path dir, List<String> problems) {
        if (!Files.isDirectory(dir)) {
            throw new UsageException("--plugin-dir " + dir + " is not a directory");
        }
        List<URL> urls = new ArrayList<>();
        java.util.Map<String, Path> providers = new java.util.HashMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path jar : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jar")).sorted()::iterator) {
                Optional<String> problem = problemOf(jar);
                if (problem.isPresent()) {
                    problems.add(problem.get());
                    continue;
                }
                // one class from two jars (custom-workload-1.0.jar beside -2.0.jar): the first on the class path
                // would win in silence, so neither is taken
                for (String provider : providersOf(jar)) {
                    Path earlier = providers.putIfAbsent(provider, jar);
                    if (earlier != null) {
                        throw new UsageException("--plugin-dir " + dir + ": " + earlier.getFileName() + " and "
                                + jar.getFileName() + " both provide " + provider + " (two versions of one plugin?); "
                                + "keep one of them there");
                    }
                }
                urls.add(jar.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new UsageException("--plugin-dir " + dir + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UsageException("--plugin-dir " + dir + " cannot be read: " + benchkit.core.run.plan.RunFailure.ioMessage(e));
        }
        if (urls.isEmpty() && problems.isEmpty()) {
            throw new UsageException("--plugin-dir " + dir + " holds no .jar files");
        }
        return urls.toArray(new URL[0]);
    }

    /** The classes {@code jar}'s services files name. */
    private static List<String> providersOf(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (String service : SERVICES) {
                var entry = file.getEntry(service);
                if (entry == null) {
                    continue;
                }
                String text = new String(file.getInputStream(entry).readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                text.lines().map(l -> l.replaceFirst("#.*", "").strip()).filter(l -> !l.isEmpty()).forEach(names::add);
            }
        }
        return names;
    }

    private static Optional<String> problemOf(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            if (SERVICES.stream().noneMatch(service -> file.getEntry(service) != null)) {
                return Optional.of("plugin " + jar.toAbsolutePath() + " provides no plugin: it has none of " + String.join(", ", SERVICES));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("plugin " + jar.toAbsolutePath() + " is not a jar (" + e.getMessage() + ")");
        }
    }
}

package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Loads the plugin registry (bench's own plugins plus a plugin directory) and warns about plugins that could not load. */
final class Plugins {
    private Plugins() {
    }

    static PluginRegistry load(PrintWriter err, PluginOptions options) {
        ClassLoader own = Plugins.class.getClassLoader();
        ClassLoader loader = options == null || options.pluginDir == null ? own
                : new URLClassLoader("bench-plugins", jars(options.pluginDir), own);
        PluginRegistry registry = PluginRegistry.load(loader);
        for (String problem : registry.problems()) {
            err.println("bench: warning: " + problem);
        }
        err.flush();
        return registry;
    }

    private static URL[] jars(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UsageException("--plugin-dir " + dir + " is not a directory");
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path jar : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".jar")).sorted()::iterator) {
                urls.add(jar.toUri().toURL());
            }
        } catch (MalformedURLException e) {
            throw new UsageException("--plugin-dir " + dir + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UsageException("--plugin-dir " + dir + " cannot be read: " + e.getClass().getSimpleName());
        }
        if (urls.isEmpty()) {
            throw new UsageException("--plugin-dir " + dir + " holds no .jar files");
        }
        return urls.toArray(new URL[0]);
    }
}

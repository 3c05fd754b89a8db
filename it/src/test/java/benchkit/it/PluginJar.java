package benchkit.it;

import benchkit.spi.Workload;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Compiles plugin sources against the SPI alone and packs them, with their services files, into a jar. */
final class PluginJar {
    private PluginJar() {
    }

    /**
     * @param workDir  where the sources and classes go (not the plugin directory: bench reads every jar there)
     * @param sources  class name to source text
     * @param services SPI interface name to the implementing class names, one per line
     */
    static Path build(Path workDir, Path jar, Map<String, String> sources, Map<String, String> services)
            throws IOException, URISyntaxException {
        Path work = Files.createTempDirectory(workDir, "plugin-src");
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", work.resolve("classes").toString(),
                "-cp", Path.of(Workload.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString()));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path file = work.resolve("src").resolve(s.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            args.add(Files.writeString(file, s.getValue()).toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        if (javac == null || javac.run(null, errors, errors, args.toArray(String[]::new)) != 0) {
            throw new AssertionError("could not compile the test plugin: " + (javac == null ? "no compiler (a JRE?)" : errors));
        }
        Path classes = work.resolve("classes");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
            for (Map.Entry<String, String> s : services.entrySet()) {
                out.putNextEntry(new JarEntry("META-INF/services/" + s.getKey()));
                out.write(s.getValue().getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
        return jar;
    }
}

package benchkit.core.plugin;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * What the numbers of a run came from besides bench itself: bench's version and SPI version, and each plugin jar whose
 * classes ran (a workload's or a collector's class loaded from another jar than bench's own) with its version and
 * SHA-256, so that a result can be traced to the exact plugin build that produced it.
 */
public final class PluginJars {
    private PluginJars() {
    }

    /**
     * {@code bench.version}, {@code bench.commit}, {@code bench.spi}, and {@code plugin.FILE} = "version V, sha256 H" per
     * plugin jar.
     */
    public static Map<String, String> provenance(Collection<Class<?>> classes) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("bench.version", Optional.ofNullable(PluginJars.class.getPackage().getImplementationVersion())
                .orElse("unknown (not run from bench.jar)"));
        out.put("bench.commit", buildCommit());
        out.put("bench.spi", Integer.toString(benchkit.spi.SpiVersion.CURRENT));
        Optional<Path> own = location(PluginJars.class);
        for (Class<?> c : classes) {
            location(c).filter(p -> !p.equals(own.orElse(null)) && p.toString().endsWith(".jar")
                    && !isBenchs(p, own)).ifPresent(jar -> out.putIfAbsent("plugin." + jar.getFileName(), describe(jar)));
        }
        return out;
    }

    /**
     * The commit bench was built from, e.g. {@code 8b1d5f0}, with {@code -dirty} when the working tree had changes; from
     * the build's {@code benchkit/build-commit.properties} (git-commit-id-maven-plugin).
     */
    static String buildCommit() {
        try (var in = PluginJars.class.getResourceAsStream("/benchkit/build-commit.properties")) {
            java.util.Properties p = new java.util.Properties();
            if (in != null) {
                p.load(in);
            }
            String id = p.getProperty("git.commit.id.abbrev", "");
            return id.isEmpty() ? "unknown (built outside a git checkout)"
                    : id + ("true".equals(p.getProperty("git.dirty")) ? "-dirty" : "");
        } catch (java.io.IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** A jar beside bench's own classes in a build (its modules' jars, on the class path of bench's own tests). */
    private static boolean isBenchs(Path jar, Optional<Path> own) {
        return jar.getFileName().toString().startsWith("benchkit-") && own.map(o -> !o.toString().endsWith(".jar")).orElse(false);
    }

    private static Optional<Path> location(Class<?> c) {
        try {
            CodeSource source = c.getProtectionDomain().getCodeSource();
            return source == null || source.getLocation() == null ? Optional.empty()
                    : Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** "version V, sha256 H, /full/path": V from the manifest or Maven's pom.properties, else "unknown". */
    static String describe(Path jar) {
        return "version " + version(jar).orElse("unknown") + ", sha256 " + sha256(jar).orElse("unreadable") + ", " + jar;
    }

    private static Optional<String> version(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            if (f.getManifest() != null) {
                String v = f.getManifest().getMainAttributes().getValue("Implementation-Version");
                if (v != null && !v.isBlank()) {
                    return Optional.of(v.trim());
                }
            }
            for (JarEntry e : (Iterable<JarEntry>) f.stream()::iterator) {
                if (e.getName().startsWith("META-INF/maven/") && e.getName().endsWith("/pom.properties")) {
                    Properties p = new Properties();
                    try (InputStream in = f.getInputStream(e)) {
                        p.load(in);
                    }
                    if (p.getProperty("version") != null) {
                        return Optional.of(p.getProperty("version"));
                    }
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static Optional<String> sha256(Path jar) {
        try (InputStream in = Files.newInputStream(jar)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                d.update(buffer, 0, n);
            }
            return Optional.of(HexFormat.of().formatHex(d.digest()));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }
}

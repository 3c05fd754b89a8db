package benchkit.collectors;

import benchkit.collectors.process.ProcessCollectorFactory;
import benchkit.spi.CollectorFactory;
import benchkit.spi.SpiVersion;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The collectors are plugins like any other: found by ServiceLoader, built on the public SPI only. */
class PluginRegistrationTest {
    @Test
    void allAreFoundWithTheirDefaults() {
        Map<String, Boolean> enabledByDefault = new TreeMap<>();
        for (CollectorFactory f : ServiceLoader.load(CollectorFactory.class)) {
            enabledByDefault.put(f.name(), f.enabledByDefault());
            assertTrue(SpiVersion.isSupported(f.spiVersion()), f.name());
            assertTrue(!f.description().isBlank() && !f.description().contains("\n"), f.name());
        }
        assertEquals(Map.of("client", true, "cpu-profile", false, "machine", true, "process", true, "status", false),
                enabledByDefault, "the CPU profile costs the server some CPU: only when asked");
    }

    @Test
    void compiledClassesReferNoCoreInternals() throws Exception {
        Path classes = Path.of(ProcessCollectorFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Path> offenders = new ArrayList<>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                checked++;
                // Class names in the constant pool are plain UTF-8, e.g. benchkit/core/plugin/PluginRegistry.
                if (new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).contains("benchkit/core/")) {
                    offenders.add(classes.relativize(p));
                }
            }
        }
        assertTrue(checked >= 10, "found only " + checked + " classes under " + classes);
        assertEquals(List.of(), offenders);
    }
}

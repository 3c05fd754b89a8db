package benchkit.spi;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SPI (with its subpackages, e.g. annotations) is what plugins compile against: it may depend on java.* only. */
class SpiDependsOnJavaOnlyTest {
    @Test
    void spiImportsOnlyJava() throws IOException {
        Path spi = Path.of("src/main/java/benchkit/spi");
        List<String> offending = new ArrayList<>();
        int files = 0;
        try (Stream<Path> sources = Files.walk(spi).filter(p -> p.toString().endsWith(".java"))) {
            for (Path source : (Iterable<Path>) sources::iterator) {
                files++;
                for (String line : Files.readAllLines(source)) {
                    String l = line.strip();
                    if (l.startsWith("import ") && !l.matches("import (static )?java\\..*")) {
                        offending.add(spi.relativize(source) + ": " + l);
                    }
                }
            }
        }
        assertTrue(files > 10, "SPI sources not found under " + spi.toAbsolutePath());
        assertEquals(List.of(), offending);
    }
}

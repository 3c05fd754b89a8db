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

/** The SPI is what plugins compile against: it may depend on java.* only. */
class SpiDependsOnJavaOnlyTest {
    @Test
    void spiImportsOnlyJava() throws IOException {
        Path spi = Path.of("src/main/java/benchkit/spi");
        List<String> offending = new ArrayList<>();
        int files = 0;
        try (Stream<Path> sources = Files.list(spi)) {
            for (Path source : (Iterable<Path>) sources::iterator) {
                files++;
                for (String line : Files.readAllLines(source)) {
                    String l = line.strip();
                    if (l.startsWith("import ") && !l.matches("import (static )?java\\..*")) {
                        offending.add(source.getFileName() + ": " + l);
                    }
                }
            }
        }
        assertTrue(files > 10, "SPI sources not found under " + spi.toAbsolutePath());
        assertEquals(List.of(), offending);
    }
}

package benchkit.launch;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllocatorCatalogTest {
    @TempDir
    Path dir;

    @Test
    void glibcPreloadsNothing() {
        AllocatorSpec spec = new AllocatorCatalog(List.of(dir)).resolve("glibc", Map.of("MALLOC_ARENA_MAX", "4"));
        assertTrue(spec.library().isEmpty());
        assertEquals("4", spec.environment().get("MALLOC_ARENA_MAX"));
    }

    @Test
    void knownNameIsFoundInTheSearchPath() throws Exception {
        Path lib = Files.createFile(dir.resolve("libjemalloc.so.2"));
        AllocatorSpec spec = new AllocatorCatalog(List.of(dir)).resolve("jemalloc", Map.of());
        assertEquals(lib.toString(), spec.library().orElseThrow());
        assertTrue(new AllocatorCatalog(List.of(dir)).availability().get("jemalloc").isPresent());
    }

    @Test
    void missingLibraryNamesThePackage() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> new AllocatorCatalog(List.of(dir)).resolve("tcmalloc", Map.of()));
        assertTrue(e.getMessage().contains("libtcmalloc-minimal4"), e.getMessage());
        assertTrue(e.getMessage().contains("libtcmalloc_minimal.so.4"), e.getMessage());
    }

    @Test
    void explicitPathNeedsAnExistingFile() throws Exception {
        Path lib = Files.createFile(dir.resolve("libmy.so"));
        assertEquals("je51", new AllocatorCatalog(List.of(dir)).resolve("je51=" + lib, Map.of()).name());
        assertThrows(InvalidOptionException.class,
                () -> new AllocatorCatalog(List.of(dir)).resolve("x=" + dir.resolve("nope.so"), Map.of()));
    }

    @Test
    void unknownNameListsTheValidOnes() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> new AllocatorCatalog(List.of(dir)).resolve("hoard", Map.of()));
        assertTrue(e.getMessage().contains("glibc, jemalloc, tcmalloc, mimalloc"), e.getMessage());
    }
}

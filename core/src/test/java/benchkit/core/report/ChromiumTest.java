package benchkit.core.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChromiumTest {
    @Test
    void missingChromiumSkipsOutsideCiAndFailsInCi(@TempDir Path emptyDir) {
        Map<String, String> local = Map.of("PATH", emptyDir.toString());
        var skipped = assertThrows(TestAbortedException.class, () -> Chromium.requireOrSkip(local));
        assertTrue(skipped.getMessage().contains(Chromium.MISSING), skipped.getMessage());

        Map<String, String> ci = Map.of("PATH", emptyDir.toString(), "CI", "true");
        var failed = assertThrows(AssertionFailedError.class, () -> Chromium.requireOrSkip(ci));
        assertTrue(failed.getMessage().contains("required in CI"), failed.getMessage());
    }

    @Test
    void findsAnExecutableOnThePath(@TempDir Path dir) throws Exception {
        Path fake = Files.createFile(dir.resolve("chromium"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwxr-xr-x")));
        assertEquals(fake, Chromium.requireOrSkip(Map.of("PATH", "/nonexistent:" + dir, "CI", "1")));
    }
}

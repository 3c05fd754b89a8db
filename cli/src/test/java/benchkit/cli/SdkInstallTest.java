package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** bench new's artifacts in ~/.m2 (sweep 5, case 130): the mode a plain file gets, and a replaced one counted. */
class SdkInstallTest {
    @TempDir
    Path tmp;

    @Test
    void anArtifactGetsThePlainModeAndAReplacedOneIsCounted() throws Exception {
        Path jar = Files.writeString(tmp.resolve("bench.jar"), "new build");
        Path target = tmp.resolve("repo/dev/benchkit/benchkit-bench/0.1.0/benchkit-bench-0.1.0.jar");
        int[] counts = new int[3];
        SdkInstall.putFile(jar, target, counts);
        // what the umask gives a file made plainly (0644 under the usual 022), not createTempFile's 0600
        Path plain = Files.createFile(tmp.resolve("plain"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(target));
        assertArrayEquals(new int[] {1, 0, 0}, counts);

        SdkInstall.putFile(jar, target, counts);
        assertArrayEquals(new int[] {1, 1, 0}, counts, "the same bytes are left alone");
        SdkInstall.putFile(Files.writeString(jar, "another build"), target, counts);
        assertArrayEquals(new int[] {2, 1, 1}, counts, "a different file of the same version is replaced, and counted");
        assertEquals("another build", Files.readString(target));
        try (var left = Files.list(target.getParent())) {
            assertEquals(1, left.count(), "no .part file left");
        }
    }
}

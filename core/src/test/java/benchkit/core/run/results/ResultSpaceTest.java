package benchkit.core.run.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultSpaceTest {
    @TempDir
    Path tmp;

    /** A write that failed with next to no space left is named a full disk in bench's words (sweep 7, case 63). */
    @Test
    void aFailedWriteWithNoSpaceLeftIsAFullDisk() {
        assertEquals(Optional.of("its disk is full (0 KB free)"), ResultSpace.whyFull(0));
        assertEquals(Optional.of("its disk is full (12 KB free)"), ResultSpace.whyFull(12 * 1024 + 5));
        assertEquals(Optional.empty(), ResultSpace.whyFull(ResultSpace.FULL_BELOW), "room left: another cause");
        assertEquals(Optional.empty(), ResultSpace.whyFull(-1), "unknown: the system's words stand");
        assertTrue(ResultSpace.usable(tmp.resolve("not/yet")) >= 0, "of the nearest existing parent");
        if (java.nio.file.Files.isDirectory(Path.of("/proc/self"))) {
            assertEquals(Optional.empty(), ResultSpace.whyFull(Path.of("/proc/x")), "a pseudo file system is never full");
        }
    }

    /** A full disk names the remedy: another --out, or for a run without result files another temporary directory (sweep 9). */
    @Test
    void tooLittleSpaceNamesWhereElseToWrite() {
        assertEquals("not enough free space for the results in /r: 10 bytes usable, at least 99 needed; free space there, or"
                + " give another --out", ResultSpace.tooLittle(Path.of("/r"), 10, 99, true).getMessage());
        assertTrue(ResultSpace.tooLittle(Path.of("/tmp/bench-run-1"), 0, 99, false).getMessage().endsWith("; free space"
                + " there, or name another temporary directory: BENCH_JAVA_OPTS=-Djava.io.tmpdir=DIR"));
    }
}

package benchkit.core.run.results;


import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultDirectoryTest {
    @TempDir
    Path tmp;

    @Test
    void aDirectoryWithAnEarlierRunIsRefusedAndForceRemovesOnlyBenchsFiles() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        ResultDirectory.requireFresh(out, false, "--out");              // empty: fine
        Files.writeString(out.resolve("notes.txt"), "mine");
        ResultDirectory.requireFresh(out, false, "--out");              // the user's own files are no run
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        Files.writeString(out.resolve("jmh-result.json"), "[]");
        Files.createDirectories(out.resolve("latency")).resolve("a.hlog").toFile().createNewFile();
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> ResultDirectory.requireFresh(out, false, "--out"));
        assertEquals("--out " + out + " holds the results of an earlier run (" + out.resolve("journal.jsonl")
                + "), which bench does not overwrite: give another directory, or --force to replace them", e.getMessage());

        ResultDirectory.requireFresh(out, true, "--out");
        assertFalse(Files.exists(out.resolve("journal.jsonl")));
        assertFalse(Files.exists(out.resolve("latency")));
        assertEquals("mine", Files.readString(out.resolve("notes.txt")), "nothing but bench's own files goes");
        ResultDirectory.requireFresh(out, false, "--out");
    }

    @Test
    void aRunOfSeveralWorkloadsIsFoundInItsSubdirectoriesExceptForAMerge() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("combined/point-select"));
        Files.writeString(out.resolve("journal.jsonl"), "{}\n");
        assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(tmp.resolve("combined"), false, "--out"));
        ResultDirectory.requireFresh(tmp.resolve("combined"), false, "--out", false); // workers' dirs inside a merge's
    }

    @Test
    void anEmptyPathOrAFileIsBadInputAndDefaultNamesAreMadeUnique() throws Exception {
        assertTrue(assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(Path.of(""), false, "--out"))
                .getMessage().startsWith("--out needs a directory"));
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertThrows(InvalidOptionException.class, () -> ResultDirectory.requireFresh(file, false, "--out"));
        Path dir = tmp.resolve("20261125-101010-point-select");
        assertEquals(dir, ResultDirectory.unique(dir));
        Files.createDirectories(dir);
        assertEquals(tmp.resolve("20261125-101010-point-select-2"), ResultDirectory.unique(dir));
    }
}

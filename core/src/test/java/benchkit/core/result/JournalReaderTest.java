package benchkit.core.result;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading a run's journal back: what a journal bench wrote holds, and what no run writes. */
class JournalReaderTest {
    @TempDir
    Path dir;

    /**
     * A count below 0 is a damaged journal, said so with its line, not taken as the iteration's and then met as a
     * latency log holding "44981 of the -100 events" (issue #51).
     */
    @Test
    void aCountNoRunWritesIsADamagedLine() throws Exception {
        Files.writeString(dir.resolve(Journal.FILE_NAME), """
                {"event":"start","workload":"point-select","threads":[2],"forks":1}
                {"event":"iteration","variant":"external","threads":2,"fork":1,"iteration":1,"durationSec":1.0,"events":-100}
                """);
        IOException e = assertThrows(IOException.class, () -> JournalReader.read(dir));
        assertEquals(dir.resolve(Journal.FILE_NAME) + " line 2 is damaged: \"events\": -100, which no run writes; the "
                + "journal was edited or corrupted", e.getMessage());
        Files.writeString(dir.resolve(Journal.FILE_NAME), """
                {"event":"start","workload":"point-select","threads":[2],"forks":1}
                {"event":"iteration","variant":"external","threads":2,"fork":1,"iteration":1,"durationSec":1.0,"events":100}
                """);
        assertEquals(100, JournalReader.read(dir).trials().get(0).iterations().get(0).events());
    }

    /** A line after the end line (sweep 6, case 66) was read as part of the run: damaged, as a repeated line is. */
    @Test
    void aLineAfterTheEndLineIsDamaged() throws Exception {
        String start = "{\"event\":\"start\",\"workload\":\"point-select\",\"threads\":[2],\"forks\":1}\n";
        String end = "{\"event\":\"end\",\"complete\":true}\n";
        Files.writeString(dir.resolve(Journal.FILE_NAME), start + end + "\n{\"event\":\"iteration\",\"bogus\":1}\n");
        IOException e = assertThrows(IOException.class, () -> JournalReader.read(dir));
        assertEquals(dir.resolve(Journal.FILE_NAME) + " line 4 is damaged: it follows the journal's end line (line 2), after "
                + "which no run writes; the journal was edited or corrupted", e.getMessage());
        Files.writeString(dir.resolve(Journal.FILE_NAME), start + end + "\n");
        assertTrue(JournalReader.read(dir).complete(), "a blank line after it is no line");
    }

    /** A repeated iteration line would count as a second iteration, as if measured: a damaged journal, with its line. */
    @Test
    void aRepeatedIterationIsADamagedLine() throws Exception {
        String iteration = "{\"event\":\"iteration\",\"variant\":\"external\",\"threads\":2,\"fork\":1,"
                + "\"warmup\":false,\"iteration\":1,\"durationSec\":1.0,\"events\":100}\n";
        String start = "{\"event\":\"start\",\"workload\":\"point-select\",\"threads\":[2],\"forks\":1}\n";
        Files.writeString(dir.resolve(Journal.FILE_NAME), start + iteration + iteration);
        IOException e = assertThrows(IOException.class, () -> JournalReader.read(dir));
        assertEquals(dir.resolve(Journal.FILE_NAME) + " line 3 is damaged: it repeats line 2 (iteration 1 of variant external,"
                + " 2 threads, fork 1), which no run writes; the journal was edited or corrupted", e.getMessage());
        Files.writeString(dir.resolve(Journal.FILE_NAME), start + iteration + iteration.replace("\"iteration\":1", "\"iteration\":2"));
        assertEquals(2, JournalReader.read(dir).trials().get(0).iterations().size(), "the next index is a new iteration");
    }
}

package benchkit.core.run;

import benchkit.core.result.Journal;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The records a run wrote to its journal, one JSON object per line: what tests of a run (core's, a console's) check. */
public final class JournalLines {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JournalLines() {
    }

    /** Every record of the journal in result directory {@code dir}, in order. */
    public static List<JsonNode> read(Path dir) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String l : Files.readAllLines(dir.resolve(Journal.FILE_NAME))) {
            lines.add(JSON.readTree(l));
        }
        return lines;
    }
}

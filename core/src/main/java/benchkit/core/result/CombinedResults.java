package benchkit.core.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Joins the result directories of several workloads run by one command into the parent directory:
 * one {@code jmh-result.json} (JMH's format is an array of entries, so entries simply follow each
 * other) and one {@code results.csv}. Each workload's own directory keeps its journal.
 */
public final class CombinedResults {
    private CombinedResults() {
    }

    /**
     * @param dir              the parent directory
     * @param workloadDirs     each workload's result directory (those that wrote a jmh-result.json are joined)
     * @param scoresByWorkload each workload's results, in run order
     */
    public static void write(Path dir, List<Path> workloadDirs, Map<String, List<BenchmarkResult>> scoresByWorkload)
            throws IOException {
        ObjectMapper json = new ObjectMapper();
        ArrayNode all = json.createArrayNode();
        for (Path d : workloadDirs) {
            Path file = d.resolve(JmhJsonWriter.FILE_NAME);
            if (Files.isRegularFile(file)) {
                for (JsonNode entry : json.readTree(file.toFile())) {
                    all.add(entry);
                }
            }
        }
        AtomicFiles.write(dir.resolve(JmhJsonWriter.FILE_NAME), json.writerWithDefaultPrettyPrinter().writeValueAsString(all));
        AtomicFiles.write(dir.resolve(CsvWriter.FILE_NAME), CsvWriter.render(scoresByWorkload));
    }
}

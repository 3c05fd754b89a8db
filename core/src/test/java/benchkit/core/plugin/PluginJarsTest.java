package benchkit.core.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class PluginJarsTest {
    /** Built from a git checkout (as the README builds it), run.json names the commit: the one checked out here. */
    @Test
    void aRunNamesTheCommitBenchWasBuiltFrom() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        Assumptions.assumeTrue(Files.exists(root.resolve(".git")), "built outside a git checkout");
        Process git = new ProcessBuilder("git", "rev-parse", "--short=7", "HEAD").directory(root.toFile()).start();
        String head = new String(git.getInputStream().readAllBytes()).strip();
        assertEquals(0, git.waitFor());
        Map<String, String> provenance = PluginJars.provenance(List.of());
        String commit = provenance.get("bench.commit");
        assertTrue(commit.equals(head) || commit.equals(head + "-dirty"), commit + " for HEAD " + head);
    }
}

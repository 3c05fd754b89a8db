package benchkit.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code compare --fail-on-regression} as a CI gate: what it cannot judge is said, never passed in silence. */
class CompareGateTest {
    @TempDir
    Path tmp;

    private Path run(String name, double level) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("jmh-result.json"), "[{\"benchmark\":\"benchkit.point-select\",\"mode\":\"thrpt\","
                + "\"threads\":8,\"primaryMetric\":{\"score\":" + level + ",\"scoreUnit\":\"ops/s\",\"rawData\":[["
                + level + "," + (level + 1) + "]]}}]");
        return dir;
    }

    @Test
    void aGateOfOneForkSaysItCannotTellARegressionOfNinetyPercent() throws Exception {
        Path a = run("a", 1000);
        Path b = run("b", 100);
        CliRun.Outcome ran = CliRun.run("compare", a.toString(), b.toString(), "--fail-on-regression");
        int exit = ran.exit();
        String said = ran.err();
        assertEquals(0, exit, said);
        assertTrue(said.contains("bench: warning: 1 comparison inconclusive, e.g. tps at 8 threads")
                && said.contains("--fail-on-regression cannot tell them and passes them"), said);
    }

    /** A run that did not complete (its journal ends without the end line, or says it was interrupted) is said so. */
    @Test
    void anInterruptedRunIsSaidToBeOne() throws Exception {
        Path a = run("a", 1000);
        Path b = run("b", 990);
        Files.writeString(b.resolve("journal.jsonl"), "{\"event\":\"start\",\"time\":\"2026-11-29T00:00:00Z\","
                + "\"benchmark\":\"benchkit.point-select\",\"workload\":\"point-select\"}\n"
                + "{\"event\":\"end\",\"time\":\"2026-11-29T00:00:09Z\",\"complete\":false,"
                + "\"error\":\"interrupted by SIGHUP\"}\n");
        CliRun.Outcome ran = CliRun.run("compare", a.toString(), b.toString(), "--fail-on-regression");
        String said = ran.err();
        assertTrue(said.contains("bench: warning: " + b + " is a run that did not complete (interrupted by SIGHUP): its "
                + "scores hold only the iterations that finished, which --fail-on-regression judges as they are"), said);
        assertTrue(!said.contains("bench: warning: " + a + " "), "a complete run (no journal) is not: " + said);
    }
}

package benchkit.core.report;

import benchkit.core.result.VariantResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine's business during a run: stated under the effects, never compared, blamed only when it fits. */
class MachineNoiseTest {
    private static final Map<String, String> A = Map.of("allocator", "glibc");
    private static final Map<String, String> B = Map.of("allocator", "jemalloc");
    /** Throughput that varies a lot from fork to fork: an inconclusive tps. */
    private static final double[][] TPS_A = {{100, 100}, {100, 100}, {100, 100}};
    private static final double[][] TPS_B = {{120, 120}, {85, 85}, {104, 104}};

    private static List<VariantResult> run(Path dir, double[][] other, double[][] steal) throws Exception {
        Map<String, double[][]> a = Map.of("tps", TPS_A, MachineNoise.OTHER, other, MachineNoise.STEAL, steal);
        Map<String, double[][]> b = Map.of("tps", TPS_B, MachineNoise.OTHER, other, MachineNoise.STEAL, steal);
        return JmhResultReader.readDirectory(new JmhFixture().rawEntry("benchkit.oltp", 8, A, a)
                .rawEntry("benchkit.oltp", 8, B, b).writeTo(dir));
    }

    @Test
    void aBusyMachineIsNamedBesideInconclusiveVerdicts(@TempDir Path dir) throws Exception {
        List<VariantResult> results = run(dir, new double[][] {{80, 90}, {95, 100}, {85, 90}}, new double[][] {{0, 0}, {0, 0}, {0, 0}});
        List<Comparison> comparisons = Compare.againstBaseline(results, Optional.empty(), Compare.Settings.DEFAULT);
        assertTrue(comparisons.stream().flatMap(c -> c.rows().stream()).noneMatch(r -> MachineNoise.isCondition(r.metric())),
                "the machine is not an effect of the variant");
        List<String> lines = MachineNoise.lines(results, comparisons);
        assertEquals("# Machine while measuring: other processes 90.0% of a core on average (100.0% at most in an "
                + "iteration), CPU steal 0.0%", lines.get(0));
        assertEquals("# Warning: the machine was busy with other work while this run measured, which widens intervals: its 1 "
                + "inconclusive verdict may settle on a quiet machine, or with more forks", lines.get(1));
    }

    @Test
    void aQuietMachineIsStatedWithoutBlame(@TempDir Path dir) throws Exception {
        List<VariantResult> results = run(dir, new double[][] {{2, 3}, {1, 2}, {4, 3}}, new double[][] {{0, 0}, {0, 0}, {0, 0}});
        List<String> lines = MachineNoise.lines(results, Compare.againstBaseline(results, Optional.empty(), Compare.Settings.DEFAULT));
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("other processes 2.5% of a core"), lines.toString());
    }

    @Test
    void stealAloneMakesTheMachineBusy(@TempDir Path dir) throws Exception {
        List<VariantResult> results = run(dir, new double[][] {{2, 3}, {1, 2}, {4, 3}}, new double[][] {{10, 12}, {8, 9}, {11, 10}});
        List<String> lines = MachineNoise.lines(results, Compare.againstBaseline(results, Optional.empty(), Compare.Settings.DEFAULT));
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).endsWith("CPU steal 10.0%"), lines.toString());
    }
}

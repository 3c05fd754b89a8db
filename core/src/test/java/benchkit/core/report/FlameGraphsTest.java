package benchkit.core.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlameGraphsTest {
    @TempDir
    Path dir;

    private void trial(String variant, int fork, String folded) throws Exception {
        Path profiles = Files.createDirectories(dir.resolve(FlameGraphs.DIR));
        String name = variant + "-t4-f" + fork;
        Files.writeString(profiles.resolve(name + ".folded"), folded);
        Files.writeString(profiles.resolve(name + ".json"),
                "{\"workload\":\"w\",\"variant\":\"" + variant + "\",\"threads\":4,\"fork\":" + fork + "}");
    }

    @Test
    void forksAreAddedAndTheDifferentialIsScaledToTheVariantsSamples() throws Exception {
        trial("glibc", 1, "mysqld;run;malloc 30\nmysqld;run;parse 70\n");
        trial("glibc", 2, "mysqld;run;malloc 10\nmysqld;run;parse 90\n");
        trial("jemalloc", 1, "mysqld;run;malloc 10\nmysqld;run;parse 80\nmysqld;run;je_arena 10\n");

        List<FlameGraphs.Profile> profiles = FlameGraphs.read(dir);
        assertEquals(List.of("glibc @ 4", "jemalloc @ 4"), profiles.stream().map(FlameGraphs.Profile::key).toList());
        assertEquals(200, profiles.get(0).samples(), "two forks of glibc added");

        Map<String, Object> data = FlameGraphs.data(profiles, Optional.of("glibc"));
        List<?> graphs = (List<?>) data.get("graphs");
        Map<?, ?> glibc = (Map<?, ?>) graphs.get(0);
        assertFalse(glibc.containsKey("diff"), "the baseline has no differential graph");
        Map<?, ?> jemalloc = (Map<?, ?>) graphs.get(1);
        Map<?, ?> run = child(child((Map<?, ?>) jemalloc.get("diff"), "mysqld"), "run");
        // glibc scaled to jemalloc's 100 samples: malloc 40/200 -> 20, parse 160/200 -> 80
        assertEquals(10L, ((Number) child(run, "malloc").get("value")).longValue());
        assertEquals(-10L, ((Number) child(run, "malloc").get("delta")).longValue(), "less time in malloc: blue");
        assertEquals(0L, ((Number) child(run, "parse").get("delta")).longValue());
        assertEquals(10L, ((Number) child(run, "je_arena").get("delta")).longValue(), "only in jemalloc: all of it new");
        Map<?, ?> plain = (Map<?, ?>) jemalloc.get("tree");
        assertEquals(100L, ((Number) plain.get("value")).longValue());
        assertFalse(plain.containsKey("delta"));
    }

    @Test
    void framesUnderATenthOfAPercentAreLeftOutButTheirSamplesStay() throws Exception {
        trial("glibc", 1, "mysqld;work 9990\nmysqld;rare 5\nmysqld;rarer 5\n");
        Map<?, ?> tree = (Map<?, ?>) ((Map<?, ?>) ((List<?>) FlameGraphs.data(FlameGraphs.read(dir), Optional.empty())
                .get("graphs")).get(0)).get("tree");
        Map<?, ?> mysqld = child(tree, "mysqld");
        assertEquals(10000L, ((Number) mysqld.get("value")).longValue());
        assertEquals(1, ((List<?>) mysqld.get("children")).size(), "only work is drawn");
    }

    @Test
    void noProfilesNoSection() throws Exception {
        assertTrue(FlameGraphs.read(dir).isEmpty());
    }

    private static Map<?, ?> child(Map<?, ?> node, String name) {
        return ((List<?>) node.get("children")).stream().map(c -> (Map<?, ?>) c).filter(c -> name.equals(c.get("name")))
                .findFirst().orElseThrow(() -> new AssertionError("no " + name + " under " + node.get("name")));
    }
}

package benchkit.sysbench;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OltpScriptTest {
    private static OltpOptions options(OltpScript script, Map<String, String> given) {
        return ((OltpWorkload) factory(script).create(given)).options();
    }

    private static OltpWorkloadFactory factory(OltpScript script) {
        for (OltpWorkloadFactory f : List.of(new OltpWorkloadFactory.PointSelect(), new OltpWorkloadFactory.ReadOnly(),
                new OltpWorkloadFactory.ReadWrite(), new OltpWorkloadFactory.WriteOnly())) {
            if (f.name().equals(script.workloadName())) {
                return f;
            }
        }
        throw new IllegalArgumentException(script.toString());
    }

    private static List<Step> steps(OltpScript script, Map<String, String> given) {
        return script.steps(options(script, given));
    }

    @Test
    void pointSelectRunsOneSelectWhateverPointSelectsSays() {
        assertEquals(List.of(new Step(Block.POINT_SELECTS, 1)), steps(OltpScript.POINT_SELECT, Map.of("point-selects", "10")));
    }

    @Test
    void readOnlyIsATransactionOfPointAndRangeSelects() {
        assertEquals(List.of(new Step(Block.BEGIN, 1), new Step(Block.POINT_SELECTS, 10), new Step(Block.SIMPLE_RANGES, 1),
                new Step(Block.SUM_RANGES, 1), new Step(Block.ORDER_RANGES, 1), new Step(Block.DISTINCT_RANGES, 1),
                new Step(Block.COMMIT, 1)), steps(OltpScript.READ_ONLY, Map.of()));
        assertEquals(List.of(new Step(Block.POINT_SELECTS, 1)),
                steps(OltpScript.READ_ONLY, Map.of("skip-trx", "on", "range-selects", "off", "point-selects", "1")));
    }

    @Test
    void readWriteAddsTheWritesBeforeCommit() {
        List<Step> s = steps(OltpScript.READ_WRITE, Map.of("index-updates", "2"));
        assertEquals(List.of(new Step(Block.INDEX_UPDATES, 2), new Step(Block.NON_INDEX_UPDATES, 1),
                new Step(Block.DELETE_INSERTS, 1), new Step(Block.COMMIT, 1)), s.subList(6, 10));
    }

    @Test
    void writeOnlyHasNoSelects() {
        assertEquals(List.of(new Step(Block.BEGIN, 1), new Step(Block.INDEX_UPDATES, 1), new Step(Block.NON_INDEX_UPDATES, 1),
                new Step(Block.DELETE_INSERTS, 1), new Step(Block.COMMIT, 1)), steps(OltpScript.WRITE_ONLY, Map.of()));
    }

    @Test
    void randomPointQueriesHaveOnePlaceholderPerPoint() {
        assertEquals("SELECT id, k, c, pad FROM sbtest1 WHERE k IN (?, ?, ?)", RandomPoints.sql("sbtest1", false, 3));
        assertEquals("SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?", RandomPoints.sql("sbtest1", true, 2));
    }
}

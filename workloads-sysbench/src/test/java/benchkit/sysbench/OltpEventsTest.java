package benchkit.sysbench;

import benchkit.mysql.script.Request;
import benchkit.mysql.script.RequestScript;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * An oltp_* event is written once and sent by either driver, so what it sends must be what
 * oltp_common.lua sends: the same statements, in order, with the random values drawn in the Lua's
 * order from sysbench's generator. The expected lists below follow the Lua by hand.
 */
class OltpEventsTest {
    private static OltpWorkload workload(OltpWorkloadFactory f, Map<String, String> given) {
        return (OltpWorkload) f.create(given);
    }

    /** One event's requests as text: "sql | parameters | kind" ({@link Request#toString()}). */
    private static List<String> oneEvent(RequestScript script) {
        Request r = new Request(script.statements());
        List<String> sent = new ArrayList<>();
        script.startEvent();
        while (script.next(r)) {
            sent.add(r.toString());
        }
        return sent;
    }

    @Test
    void readWriteSendsTheLuaStatementsWithTheLuaDraws() {
        OltpOptions o = workload(new OltpWorkloadFactory.ReadWrite(),
                Map.of("tables", "3", "table-size", "1000", "point-selects", "2", "range-size", "5", "rand-seed", "7")).options();
        OltpEvents events = new OltpEvents(o, OltpScript.READ_WRITE.steps(o), 0);

        SbRandom random = new SbRandom(o.rand(), 0);
        RowValues values = new RowValues(random);
        List<String> expected = new ArrayList<>();
        expected.add("BEGIN | BEGIN");                                    // begin() draws nothing
        int t = random.uniform(1, 3);                                     // execute_point_selects: one table
        for (int i = 0; i < 2; i++) {
            expected.add("SELECT c FROM sbtest" + t + " WHERE id=? | " + random.next(1, 1000) + " | READ");
        }
        for (String q : List.of("SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ?", "SELECT SUM(k) FROM sbtest%d WHERE id BETWEEN ? AND ?",
                "SELECT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c", "SELECT DISTINCT c FROM sbtest%d WHERE id BETWEEN ? AND ? ORDER BY c")) {
            t = random.uniform(1, 3);
            int id = random.next(1, 1000);
            expected.add(String.format(q, t) + " | " + id + "," + (id + 4) + " | READ");
        }
        t = random.uniform(1, 3);
        expected.add("UPDATE sbtest" + t + " SET k=k+1 WHERE id=? | " + random.next(1, 1000) + " | WRITE");
        t = random.uniform(1, 3);
        String c = values.nextCString();
        expected.add("UPDATE sbtest" + t + " SET c=? WHERE id=? | " + c + "," + random.next(1, 1000) + " | WRITE");
        t = random.uniform(1, 3);
        int id = random.next(1, 1000);
        int k = random.next(1, 1000);
        expected.add("DELETE FROM sbtest" + t + " WHERE id=? | " + id + " | WRITE");
        expected.add("INSERT INTO sbtest" + t + " (id, k, c, pad) VALUES (?, ?, ?, ?) | " + id + "," + k + ","
                + values.nextCString() + "," + values.nextPadString() + " | WRITE");
        expected.add("COMMIT | COMMIT");

        assertEquals(expected, oneEvent(events));
        // the next event goes on with the same generator, from BEGIN again
        assertEquals("BEGIN | BEGIN", oneEvent(events).get(0));
    }

    @Test
    void eachStatementIsPreparedOncePerTable() {
        OltpOptions o = workload(new OltpWorkloadFactory.ReadWrite(), Map.of("tables", "2")).options();
        List<RequestScript.Prepared> prepared = new OltpEvents(o, OltpScript.READ_WRITE.steps(o), 0).statements();
        assertEquals(prepared.stream().map(RequestScript.Prepared::sql).distinct().count(), prepared.size());
        assertEquals(9 * 2 + 2, prepared.size(), "9 statements of oltp_common.lua on each of 2 tables, BEGIN and COMMIT");
        assertEquals(List.of("BEGIN", "COMMIT"), prepared.subList(0, 2).stream().map(RequestScript.Prepared::sql).toList());
        OltpOptions noTrx = workload(new OltpWorkloadFactory.ReadWrite(), Map.of("tables", "2", "skip-trx", "on")).options();
        assertEquals(9 * 2, new OltpEvents(noTrx, OltpScript.READ_WRITE.steps(noTrx), 0).statements().size(),
                "--skip-trx: no BEGIN or COMMIT, none prepared (as oltp_common.lua)");
    }

    @Test
    void theOneRequestScriptsSendOneRequestPerEvent() {
        OltpOptions o = workload(new OltpWorkloadFactory.ReadWrite(), Map.of("table-size", "1000")).options();
        RandomPoints points = new RandomPoints(false, o, 0, 1);
        List<String> event = oneEvent(points);
        assertEquals(1, event.size());
        assertEquals(o.randomPoints(), event.get(0).split(" \\| ")[1].split(",").length, event.get(0));
        assertEquals(1, oneEvent(new InsertEvents(o, 0, new UniqueIds(0, 1))).size());
        assertFalse(oneEvent(new InsertEvents(o, 0, new UniqueIds(0, 1))).get(0).contains("?"));
    }
}

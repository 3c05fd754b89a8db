package benchkit.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import benchkit.mysql.script.Request;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bulk_insert.lua's statements: one row per event, INSERTs of at most 512 KiB, every row sent once, in order. */
class BulkInsertEventsTest {
    /** The INSERTs the script sends over {@code events} events and its close, as SQL. */
    private static List<String> sent(BulkInsertEvents script, int events) {
        List<String> inserts = new ArrayList<>();
        Request r = new Request(List.of());
        for (int e = 0; e < events; e++) {
            script.startEvent();
            while (script.next(r)) {
                inserts.add(sql(r));
            }
        }
        while (script.finish(r)) {
            inserts.add(sql(r));
        }
        return inserts;
    }

    private static String sql(Request r) {
        String s = r.toString();
        assertTrue(s.endsWith(" | WRITE"), s);
        return s.substring(0, s.length() - " | WRITE".length());
    }

    @Test
    void rowsGoOutInInsertsOfAtMost512KiBAndTheRestWhenTheSessionCloses() {
        int events = 120_000;
        List<String> inserts = sent(new BulkInsertEvents("sbtest2", 0), events);
        assertTrue(inserts.size() > 2, "several full INSERTs and the rest: " + inserts.size());
        long next = 1;
        for (String insert : inserts) {
            assertTrue(insert.length() <= BulkInsertEvents.PACKET_BYTES, "at most 512 KiB: " + insert.length());
            assertTrue(insert.startsWith("INSERT INTO sbtest2 VALUES(" + next + "," + next + "),"), insert.substring(0, 40));
            for (String row : insert.substring("INSERT INTO sbtest2 VALUES".length()).split(",(?=\\()")) {
                assertEquals("(" + next + "," + next + ")", row);
                next++;
            }
        }
        assertEquals(events + 1, next, "each event's row, once");
        // a full INSERT is full: the next row would not have fitted
        String first = inserts.get(0);
        assertTrue(first.length() + ",(N,N)".length() + String.valueOf(next).length() > BulkInsertEvents.PACKET_BYTES - 20,
                first.length() + "");
    }

    @Test
    void rowsGoOnAfterTheHighestIdAndNothingIsSentWithoutEvents() {
        assertEquals(List.of("INSERT INTO sbtest1 VALUES(42,42),(43,43)"), sent(new BulkInsertEvents("sbtest1", 41), 2));
        assertFalse(new BulkInsertEvents("sbtest1", 0).finish(new Request(List.of())));
    }
}

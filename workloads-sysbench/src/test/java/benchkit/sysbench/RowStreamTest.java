package benchkit.sysbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RowStreamTest {
    private static RowWriter writer(boolean withId) {
        return new RowWriter(new RowValues(new SbRandom(RandParams.DEFAULTS, 3)), 1000, withId);
    }

    @Test
    void streamsEveryRowInLoadDataTextFormat() throws IOException {
        List<Long> reports = new ArrayList<>();
        RowStream in = new RowStream(writer(false), 1, 10_000, reports::add);
        String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        String[] lines = text.split("\n", -1);
        assertEquals(10_001, lines.length, "10000 lines, each ended by a newline");
        assertEquals("", lines[10_000]);
        for (int i = 0; i < 10_000; i++) {
            assertTrue(lines[i].matches("\\d{1,4}\t(\\d{11}-){9}\\d{11}\t(\\d{11}-){4}\\d{11}"), lines[i]);
            int k = Integer.parseInt(lines[i].substring(0, lines[i].indexOf('\t')));
            assertTrue(k >= 1 && k <= 1000, lines[i]);
        }
        assertEquals(10_000, in.rows());
        assertEquals(-1, in.read());
        assertTrue(!reports.isEmpty() && reports.get(reports.size() - 1) <= 10_000, reports.toString());
    }

    @Test
    void explicitIdsComeFirstAndInOrder() throws IOException {
        RowStream in = new RowStream(writer(true), 998, 1002, n -> { });
        String[] lines = new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n");
        assertEquals(5, lines.length);
        for (int i = 0; i < 5; i++) {
            assertTrue(lines[i].startsWith((998 + i) + "\t"), lines[i]);
        }
    }

    @Test
    void insertTupleHasSysbenchsQuoting() {
        byte[] buf = new byte[RowWriter.MAX_ROW_BYTES];
        int n = writer(true).tuple(42, buf, 0);
        String t = new String(buf, 0, n, StandardCharsets.US_ASCII);
        assertTrue(t.matches("\\(42, \\d{1,4}, '(\\d{11}-){9}\\d{11}', '(\\d{11}-){4}\\d{11}'\\)"), t);
        n = writer(false).tuple(42, buf, 0);
        t = new String(buf, 0, n, StandardCharsets.US_ASCII);
        assertTrue(t.matches("\\(\\d{1,4}, '(\\d{11}-){9}\\d{11}', '(\\d{11}-){4}\\d{11}'\\)"), t);
    }

    @Test
    void decimals() {
        byte[] buf = new byte[20];
        for (long v : new long[] {0, 7, 10, 99, 100, 123456789, Integer.MAX_VALUE, Long.MAX_VALUE}) {
            int end = RowWriter.decimal(v, buf, 0);
            assertEquals(Long.toString(v), new String(buf, 0, end, StandardCharsets.US_ASCII));
        }
    }
}

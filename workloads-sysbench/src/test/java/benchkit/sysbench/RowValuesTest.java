package benchkit.sysbench;

import org.junit.jupiter.api.Test;

import java.util.BitSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RowValuesTest {
    private final RowValues values = new RowValues(new SbRandom(RandParams.DEFAULTS, 7));

    @Test
    void cIsTenGroupsOfElevenDigits() {
        String c = values.nextCString();
        assertEquals(119, c.length());
        assertTrue(c.matches("(\\d{11}-){9}\\d{11}"), c);
        assertNotEquals(c, values.nextCString());
    }

    @Test
    void padIsFiveGroupsOfElevenDigits() {
        String pad = values.nextPadString();
        assertEquals(59, pad.length());
        assertTrue(pad.matches("(\\d{11}-){4}\\d{11}"), pad);
    }

    @Test
    void everyDigitAppears() {
        BitSet seen = new BitSet();
        for (int i = 0; i < 20; i++) {
            for (byte b : values.nextC()) {
                if (b != '-') {
                    seen.set(b - '0');
                }
            }
        }
        assertEquals(10, seen.cardinality());
    }

    @Test
    void kStaysWithinOneToTableSize() {
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < 100_000; i++) {
            int k = values.nextK(1000);
            min = Math.min(min, k);
            max = Math.max(max, k);
        }
        assertTrue(min >= 1, "min " + min);
        assertTrue(max <= 1000, "max " + max);
        assertTrue(max > 700 && min < 300, "k should spread over the range: " + min + ".." + max);
    }
}

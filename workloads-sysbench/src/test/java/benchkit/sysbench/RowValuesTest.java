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
    void digitsAndAdjacentDigitPairsAreUniform() {
        int[] digits = new int[10];
        int[] pairs = new int[100];
        int draws = 20_000;
        for (int i = 0; i < draws; i++) {
            byte[] c = values.nextC();
            for (int g = 0; g < 10; g++) {
                for (int j = 0; j < 11; j++) {
                    int d = c[g * 12 + j] - '0';
                    digits[d]++;
                    if (j > 0) {
                        pairs[(c[g * 12 + j - 1] - '0') * 10 + d]++;
                    }
                }
            }
        }
        // 2.2M digits and 2M pairs: each count is within 5 standard deviations of its expectation
        for (int d = 0; d < 10; d++) {
            double expected = draws * 110 / 10.0;
            assertEquals(expected, digits[d], 5 * Math.sqrt(expected * 0.9), "digit " + d);
        }
        for (int p = 0; p < 100; p++) {
            double expected = draws * 100 / 100.0;
            assertEquals(expected, pairs[p], 5 * Math.sqrt(expected * 0.99), "pair " + p);
        }
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

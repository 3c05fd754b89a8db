package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueSizesTest {
    @Test
    void fixedSizeIsAlwaysThatSize() {
        ValueSizes s = ValueSizes.parse("value-size", "1024");
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            assertEquals(1024, s.next(r));
        }
        assertEquals(1024.0, s.mean());
    }

    @Test
    void rangeCoversBothEndsUniformly() {
        ValueSizes s = ValueSizes.parse("value-size", "100-103");
        SplittableRandom r = new SplittableRandom(2);
        int[] seen = new int[4];
        for (int i = 0; i < 40_000; i++) {
            int v = s.next(r);
            assertTrue(v >= 100 && v <= 103, "out of range: " + v);
            seen[v - 100]++;
        }
        for (int c : seen) {
            assertEquals(10_000, c, 500, "each size about a quarter");
        }
        assertEquals(101.5, s.mean());
    }

    @Test
    void weightedListFollowsItsWeights() {
        ValueSizes s = ValueSizes.parse("value-size", "100:0.8,1000:0.2");
        SplittableRandom r = new SplittableRandom(3);
        int small = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            int v = s.next(r);
            assertTrue(v == 100 || v == 1000);
            if (v == 100) {
                small++;
            }
        }
        assertEquals(0.8, (double) small / n, 0.01);
        assertEquals(280.0, s.mean(), 1e-9);
        assertEquals(100, s.min());
        assertEquals(1000, s.max());
    }

    @Test
    void weightsNeedNotSumToOne() {
        ValueSizes s = ValueSizes.parse("value-size", "10:3, 20:1");
        assertEquals(12.5, s.mean(), 1e-9);
    }

    @Test
    void badValuesSayWhatIsExpected() {
        for (String bad : new String[]{"", "abc", "0", "2000000", "500-100", "100:0", "100:x", "100:0.5,200", "-5"}) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ValueSizes.parse("value-size", bad), bad);
            assertTrue(e.getMessage().startsWith("--value-size=" + bad), e.getMessage());
            assertTrue(e.getMessage().contains("expected SIZE"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"));
        }
    }
}

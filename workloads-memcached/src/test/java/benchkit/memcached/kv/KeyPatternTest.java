package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeyPatternTest {
    private static final int KEYS = 1000;

    private static long[] histogram(KeyPattern p, int draws) {
        KeyPattern.Chooser c = p.chooser(KEYS, 0, 1, new SplittableRandom(7), p.zipfFor(KEYS));
        long[] h = new long[KEYS];
        for (int i = 0; i < draws; i++) {
            long k = c.next();
            assertTrue(k >= 0 && k < KEYS, p + " gave " + k);
            h[(int) k]++;
        }
        return h;
    }

    @Test
    void uniformSpreadsEvenly() {
        long[] h = histogram(KeyPattern.UNIFORM, 1_000_000);
        for (long c : h) {
            assertEquals(1000, c, 200);
        }
    }

    @Test
    void gaussianCentresOnTheMiddle() {
        long[] h = histogram(KeyPattern.GAUSSIAN, 1_000_000);
        long middle = 0;
        for (int i = 333; i < 667; i++) {
            middle += h[i];
        }
        // within one sd (keys/6) of the mean: about 68%
        assertEquals(0.68, middle / 1e6, 0.02);
        assertTrue(h[500] > 5 * h[10], "centre much hotter than the edge");
    }

    @Test
    void zipfianMakesTheFirstKeysHot() {
        long[] h = histogram(KeyPattern.ZIPFIAN, 1_000_000);
        assertTrue(h[0] > h[1] && h[1] > h[10] && h[10] > h[500], "decreasing popularity");
        // theta 0.99 over 1000 keys: key 0 gets 1/zeta(1000) ~ 13%
        assertEquals(0.13, h[0] / 1e6, 0.02);
    }

    @Test
    void sequentialGivesEachThreadItsOwnSliceAndWraps() {
        KeyPattern.Chooser t0 = KeyPattern.SEQUENTIAL.chooser(10, 0, 2, new SplittableRandom(1), null);
        KeyPattern.Chooser t1 = KeyPattern.SEQUENTIAL.chooser(10, 1, 2, new SplittableRandom(1), null);
        assertEquals(0, t0.next());
        assertEquals(1, t0.next());
        assertEquals(5, t1.next());
        for (int i = 0; i < 4; i++) {
            t1.next();
        }
        assertEquals(0, t1.next(), "wraps at the end of the key space");
    }

    @Test
    void unknownPatternListsTheValidOnes() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> KeyPattern.parse("key-pattern", "pareto"));
        assertEquals("--key-pattern=pareto is not valid; expected one of uniform, gaussian, zipfian, sequential", e.getMessage());
        assertEquals(KeyPattern.ZIPFIAN, KeyPattern.parse("key-pattern", " Zipfian "));
    }
}

package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeySpaceTest {
    @Test
    void keysHaveTheExactSizeAndAreDistinct() {
        KeySpace ks = new KeySpace(100_000, 20);
        assertEquals("k0000000000000000000", ks.key(0));
        assertEquals("k0000000000000099999", ks.key(99_999));
        assertEquals(20, ks.key(12345).length());
        assertSame(ks.key(42), ks.key(42), "cached: no allocation per event");
    }

    @Test
    void uncachedKeySpacesBuildTheSameKeys() {
        KeySpace big = new KeySpace(KeySpace.CACHED_KEYS + 1, 12);
        assertEquals("k00000000042", big.key(42));
        assertEquals("k00001000000", big.key(KeySpace.CACHED_KEYS));
    }

    @Test
    void keySizeMustHoldTheIndex() {
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> new KeySpace(100_000, 5));
        assertTrue(e.getMessage().contains("--key-size=5 is not valid for --keys=100000; expected 6 to 250"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> new KeySpace(10, 251));
    }
}

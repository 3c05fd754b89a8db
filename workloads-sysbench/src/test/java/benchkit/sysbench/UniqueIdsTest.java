package benchkit.sysbench;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertTrue;

class UniqueIdsTest {
    @Test
    void valuesAreUnsigned32BitAndNeverRepeat() {
        UniqueIds ids = new UniqueIds(123456789L, 987654321L);
        Set<Long> seen = new HashSet<>();
        boolean high = false;
        for (int i = 0; i < 200_000; i++) {
            long v = ids.next();
            assertTrue(v >= 0 && v <= 0xFFFFFFFFL, "out of range: " + v);
            assertTrue(seen.add(v), "repeated: " + v);
            high |= v > 0x7FFFFFFFL;
        }
        assertTrue(high, "the whole 32-bit range should be used");
    }
}

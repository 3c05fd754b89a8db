package benchkit.collectors;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SampleStatsTest {
    @Test
    void meanAndMax() {
        SampleStats s = new SampleStats();
        assertTrue(Double.isNaN(s.mean()));
        s.add(100);
        s.add(300);
        s.add(200);
        assertEquals(3, s.count());
        assertEquals(200.0, s.mean(), 1e-9);
        assertEquals(300.0, s.max(), 1e-9);
    }
}

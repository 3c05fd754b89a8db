package benchkit.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EstimateTest {
    @Test
    void matchesHandComputedStudentTInterval() {
        // s = sqrt(2.5) = 1.5811, t(0.9995, 4) = 8.6103 -> 8.6103 * 1.5811 / sqrt(5) = 6.0884
        Estimate e = Estimate.of(1, 2, 3, 4, 5);
        assertEquals(5, e.n());
        assertEquals(3.0, e.mean(), 1e-12);
        assertEquals(6.0884, e.error(), 1e-3);
        assertEquals(3.0 - 6.0884, e.lower(), 1e-3);
        assertEquals(3.0 + 6.0884, e.upper(), 1e-3);
    }

    @Test
    void constantSampleHasNoError() {
        Estimate e = Estimate.of(7, 7, 7);
        assertEquals(7.0, e.mean(), 1e-12);
        assertEquals(0.0, e.error(), 1e-12);
    }

    @Test
    void tooFewValuesGiveNaNErrorAsJmhDoes() {
        Estimate e = Estimate.of(4, 6);
        assertEquals(5.0, e.mean(), 1e-12);
        assertTrue(Double.isNaN(e.error()));
    }

    /** A 2-fork compare printed latency.p95 +707% [-100.0, +47703651694234]: digits that only mean "unbounded". */
    @Test
    void percentagesBeyondAHundredfoldAreShownAsUnbounded() {
        assertEquals("+707", Effect.percent(707.3));
        assertEquals("-100.0", Effect.percent(-99.99));
        assertEquals("+9999", Effect.percent(9999));
        assertEquals(">+9999", Effect.percent(47703651694234.0));
        assertEquals("n/a", Effect.percent(Double.POSITIVE_INFINITY));
    }
}

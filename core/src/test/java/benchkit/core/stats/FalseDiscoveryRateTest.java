package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FalseDiscoveryRateTest {
    @Test
    void selectsTheLargestRankUnderItsThreshold() {
        // thresholds k q / m at q = 5%, m = 4: 1.25%, 2.5%, 3.75%, 5%
        assertArrayEquals(new boolean[] {true, true, true, false},
                FalseDiscoveryRate.selected(new double[] {0.01, 0.02, 0.03, 0.5}, 0.05));
        assertArrayEquals(new boolean[] {false, false, false, false},
                FalseDiscoveryRate.selected(new double[] {0.02, 0.2, 0.3, 0.5}, 0.05), "0.02 is above 1.25%");
    }

    @Test
    void stepsUpPastAPValueAboveItsOwnThreshold() {
        // 0.02 > 1.67% alone, but 0.021 <= 3.33% at rank 2 takes both
        assertArrayEquals(new boolean[] {true, true, false},
                FalseDiscoveryRate.selected(new double[] {0.02, 0.021, 0.9}, 0.05));
    }

    @Test
    void nanIsNoTestAndDoesNotCountInM() {
        double[] p = {Double.NaN, 0.04, Double.NaN};
        assertEquals(1, FalseDiscoveryRate.tests(p));
        assertArrayEquals(new boolean[] {false, true, false}, FalseDiscoveryRate.selected(p, 0.05),
                "one test: the plain 5% level");
    }

    @Test
    void selectedIntervalsWidenWithFewerClaims() {
        assertEquals(0.9975, FalseDiscoveryRate.selectedConfidence(1, 20, 0.05), 1e-12);
        assertEquals(0.95, FalseDiscoveryRate.selectedConfidence(20, 20, 0.05), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> FalseDiscoveryRate.selected(new double[] {0.1}, 1.5));
    }
}

package benchkit.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The rates bench calibrate prints carry their Clopper-Pearson interval, also at 0 of n and n of n. */
class CalibrateRateTest {
    @Test
    void ratesWithTheirInterval() {
        // 0 of 20: upper bound 1 - 0.025^(1/20) = 16.8%
        assertEquals("0 of 20 runs (0.0%, 95% interval 0.0-16.8%, Clopper-Pearson)", CalibrateCommand.rate(0, 20, "runs"));
        assertEquals("4 of 60 A/A comparisons (6.7%, 95% interval 1.8-16.2%, Clopper-Pearson)",
                CalibrateCommand.rate(4, 60, "A/A comparisons"));
        assertEquals("1 of 1 runs (100.0%, 95% interval 2.5-100.0%, Clopper-Pearson)", CalibrateCommand.rate(1, 1, "runs"));
        assertEquals("0 of 0 runs", CalibrateCommand.rate(0, 0, "runs"));
    }
}

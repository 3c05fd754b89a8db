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

    /** One fork measures no fork-to-fork spread: said so, not NaN% (sweep 6 case 92). */
    @Test
    void aSpreadOneForkCannotMeasureIsSaidSo() {
        var oneFork = benchkit.core.stats.NestedSample.of(java.util.List.of(new double[]{100, 110}));
        assertEquals("replica 1 fork-to-fork unknown (one fork; --forks 2 or more measures it), iteration 6.7%",
                CalibrateCommand.spread("1", oneFork));
        var twoForks = benchkit.core.stats.NestedSample.of(java.util.List.of(new double[]{100}, new double[]{120}));
        assertEquals("replica 2 fork-to-fork 12.9%, iteration unknown (one iteration a fork)",
                CalibrateCommand.spread("2", twoForks));
    }
}

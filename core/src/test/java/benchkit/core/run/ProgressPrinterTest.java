package benchkit.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import benchkit.spi.IterationInfo;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {
    @Test
    void reportLineHasSysbenchFormat() {
        // 10 s interval: 43105 events, 43105 reads, 7 errors, 0 reconnects
        Counts delta = new Counts(43105, 7, 0, 43105, 0, 0);
        assertEquals("[ 10s ] thds: 8 tps: 4310.50 qps: 4310.50 (r/w/o: 4310.50/0.00/0.00) lat (ms,95%): 2.30 "
                        + "err/s: 0.70 reconn/s: 0.00",
                ProgressPrinter.reportLine(10.0, 8, delta, 10.0, 2.3, false));
        assertEquals("[ 2s ] thds: 1 tps: 1.00 qps: 3.00 (r/w/o: 1.00/1.00/1.00) lat (ms,95%): 0.00 err/s: 0.00 "
                        + "reconn/s: 1.00 (warmup)",
                ProgressPrinter.reportLine(2.0, 1, new Counts(1, 0, 1, 1, 1, 1), 1.0, 0, true));
    }

    @Test
    void iterationLineHasJmhFormat() {
        assertEquals("Iteration   1: 4310.510 ops/s", ProgressPrinter.iterationLine(new IterationInfo(1, false, 10), 4310.51));
        assertEquals("# Warmup Iteration  12: 0.500 ops/s",
                ProgressPrinter.iterationLine(new IterationInfo(12, true, 10), 0.5));
    }
}

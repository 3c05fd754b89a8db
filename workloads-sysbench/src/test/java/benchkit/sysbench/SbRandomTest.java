package benchkit.sysbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SbRandomTest {
    private static final int N = 200_000;

    private static SbRandom random(RandType type) {
        RandParams d = RandParams.DEFAULTS;
        return new SbRandom(new RandParams(type, 42, d.specIter(), d.specPct(), d.specRes(), d.paretoH(), d.zipfianExp()), 0);
    }

    @Test
    void uniformCoversTheRangeEvenly() {
        SbRandom r = random(RandType.UNIFORM);
        int[] counts = new int[10];
        for (int i = 0; i < N; i++) {
            int v = r.uniform(1, 10);
            assertTrue(v >= 1 && v <= 10, "out of range: " + v);
            counts[v - 1]++;
        }
        for (int c : counts) {
            assertEquals(N / 10.0, c, N / 10.0 * 0.05, "uneven bucket");
        }
    }

    @Test
    void specialPutsAbout75PercentInTheMiddlePercent() {
        SbRandom r = random(RandType.SPECIAL);
        int a = 1;
        int b = 10_000;
        // sysbench's special values fall in [a + t/2 - t/200, a + t/2 + t/200 + 1), t = b - a.
        double t = b - a;
        double lo = a + t / 2 - t * 0.005;
        double hi = a + t / 2 + t * 0.005 + 1;
        int inside = 0;
        for (int i = 0; i < N; i++) {
            int v = r.next(a, b);
            assertTrue(v >= a && v <= b, "out of range: " + v);
            if (v >= lo && v < hi) {
                inside++;
            }
        }
        double share = (double) inside / N;
        // 75% special plus the gaussian quarter's small share of that 1% window.
        assertTrue(share > 0.75 && share < 0.78, "share in the special 1%: " + share);
    }

    @Test
    void gaussianIsCentredAndInRange() {
        SbRandom r = random(RandType.GAUSSIAN);
        double sum = 0;
        int nearCentre = 0;
        for (int i = 0; i < N; i++) {
            int v = r.next(1, 10_000);
            assertTrue(v >= 1 && v <= 10_000, "out of range: " + v);
            sum += v;
            if (v > 4000 && v <= 6000) {
                nearCentre++;
            }
        }
        assertEquals(5000.5, sum / N, 50);
        // 12-sample mean: sd = range/12, so +-1000 is +-1.2 sd, about 77%.
        assertTrue(nearCentre > 0.7 * N, "near centre: " + nearCentre);
    }

    @Test
    void paretoAndZipfianFavourLowValues() {
        for (RandType type : new RandType[] {RandType.PARETO, RandType.ZIPFIAN}) {
            SbRandom r = random(type);
            int low = 0;
            for (int i = 0; i < N; i++) {
                int v = r.next(1, 10_000);
                assertTrue(v >= 1 && v <= 10_000, type + " out of range: " + v);
                if (v <= 2000) {
                    low++;
                }
            }
            assertTrue(low > 0.5 * N, type + " low share: " + low);
        }
    }

    @Test
    void sameSeedAndStreamRepeatDifferentStreamsDiffer() {
        SbRandom a = random(RandType.UNIFORM);
        SbRandom b = random(RandType.UNIFORM);
        SbRandom c = new SbRandom(new RandParams(RandType.UNIFORM, 42, 12, 1, 75, 0.2, 0.8), 1);
        boolean differs = false;
        for (int i = 0; i < 100; i++) {
            int x = a.uniform(1, 1_000_000);
            assertEquals(x, b.uniform(1, 1_000_000));
            differs |= x != c.uniform(1, 1_000_000);
        }
        assertTrue(differs);
    }
}

package benchkit.sql;

import java.util.SplittableRandom;

/**
 * Zipf-distributed ranks 1..n with P(k) proportional to 1/k^exponent, by rejection-inversion
 * (Hörmann and Derflinger, 1996, as in Apache Commons RNG): constant time per draw and no
 * table, so n can be large. Immutable, shared by all sessions.
 */
final class ZipfianLongs {
    private final long n;
    private final double exponent;
    private final double hIntegralX1;
    private final double hIntegralN;
    private final double s;

    ZipfianLongs(long n, double exponent) {
        if (n < 1 || !(exponent > 0)) {
            throw new IllegalArgumentException("zipf needs at least one value and an exponent above 0");
        }
        this.n = n;
        this.exponent = exponent;
        this.hIntegralX1 = hIntegral(1.5) - 1;
        this.hIntegralN = hIntegral(n + 0.5);
        this.s = 2 - hIntegralInverse(hIntegral(2.5) - h(2));
    }

    /** A rank from 1 (the most frequent) to n. */
    long next(SplittableRandom random) {
        while (true) {
            double u = hIntegralN + random.nextDouble() * (hIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u);
            long k = (long) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
                return k;
            }
        }
    }

    private double h(double x) {
        return Math.exp(-exponent * Math.log(x));
    }

    private double hIntegral(double x) {
        double logX = Math.log(x);
        return helper2((1 - exponent) * logX) * logX;
    }

    private double hIntegralInverse(double x) {
        double t = x * (1 - exponent);
        if (t < -1) {
            t = -1;
        }
        return Math.exp(helper1(t) * x);
    }

    /** log(1+x)/x, continuous at 0. */
    private static double helper1(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    /** (exp(x)-1)/x, continuous at 0. */
    private static double helper2(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}

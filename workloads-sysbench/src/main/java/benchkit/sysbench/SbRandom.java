package benchkit.sysbench;

/**
 * sysbench 1.0.20's random numbers ({@code sb_rand.c}) for one thread: xoroshiro128+ and the
 * uniform, gaussian, special, pareto and zipfian distributions, plus {@code sysbench.rand.string}.
 * Not thread-safe; each session owns one.
 */
public final class SbRandom {
    private final RandParams params;
    private final double iterMult;
    private final double pctMult;
    private final double pct2Mult;
    private final double resMult;
    private final double paretoPower;
    private final double zipfS;
    private final double zipfHIntegralX1;
    private long s0;
    private long s1;
    /** fillTemplate's digit source: unused 32-bit halves of one output, and the second digit of a pair. */
    private long digitBits;
    private int digitHalves;
    private int spareDigit = -1;

    /**
     * @param params the --rand-* settings
     * @param stream which stream of numbers (e.g. the thread index); with a non-zero seed the same
     *               (seed, stream) always gives the same numbers
     */
    public SbRandom(RandParams params, long stream) {
        this.params = params;
        this.iterMult = params.iterMult();
        this.pctMult = params.pctMult();
        this.pct2Mult = params.pct2Mult();
        this.resMult = params.resMult();
        this.paretoPower = params.paretoPower();
        double e = params.zipfianExp();
        this.zipfS = 2 - hIntegralInverse(hIntegral(2.5, e) - h(2, e), e);
        this.zipfHIntegralX1 = hIntegral(1.5, e) - 1;
        long seed = params.seed() != 0 ? params.seed() : System.nanoTime() ^ Thread.currentThread().getId() * 0x9E3779B97F4A7C15L;
        long x = splitMix(seed ^ splitMix(stream + 0x632BE59BD9B4E019L));
        s0 = splitMix(x);
        s1 = splitMix(s0 + 0x9E3779B97F4A7C15L);
        if (s0 == 0 && s1 == 0) {
            s1 = 1;
        }
    }

    private static long splitMix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** xoroshiro128+, as sysbench uses. */
    private long nextLong() {
        long a = s0;
        long b = s1;
        long result = a + b;
        b ^= a;
        s0 = Long.rotateLeft(a, 24) ^ b ^ (b << 16);
        s1 = Long.rotateLeft(b, 37);
        return result;
    }

    /** A double in [0, 1). */
    public double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** sysbench.rand.default: the distribution chosen with --rand-type. */
    public int next(int a, int b) {
        switch (params.type()) {
            case UNIFORM: return uniform(a, b);
            case GAUSSIAN: return gaussian(a, b);
            case SPECIAL: return special(a, b);
            case PARETO: return pareto(a, b);
            case ZIPFIAN: return zipfian(a, b);
            default: throw new IllegalStateException(params.type().toString());
        }
    }

    /**
     * sb_rand_uniform: every value in [a, b] equally likely. In uint32_t, as sysbench computes it: bounds given
     * reversed (10, 1) make a span that wraps (2^32 - 8) and values far outside them, which a script ported from
     * sysbench gets there too; the int returned holds the uint32_t's bits.
     */
    public int uniform(int a, int b) {
        return (int) (long) (Integer.toUnsignedLong(a) + nextDouble() * Integer.toUnsignedLong(b - a + 1));
    }

    /** sb_rand_gaussian: the mean of --rand-spec-iter uniform values. */
    public int gaussian(int a, int b) {
        double t = (long) b - a + 1;
        double sum = 0;
        for (int i = 0; i < params.specIter(); i++) {
            sum += nextDouble() * t;
        }
        return a + (int) (long) (sum * iterMult);
    }

    /**
     * sb_rand_special: --rand-spec-res percent of values fall uniformly in --rand-spec-pct percent
     * of the range around its middle; the rest are gaussian over the whole range.
     */
    public int special(int a, int b) {
        double t = (long) b - a;
        double rangeSize = t * resMult;
        double rnd = nextDouble();
        double res = rnd * rangeSize;
        if (res < t) {
            double sum = 0;
            for (int i = 0; i < params.specIter(); i++) {
                sum += nextDouble();
            }
            return (int) (long) (a + sum * t * iterMult);
        }
        double d = t * pctMult;
        res = rnd * (d + 1);
        res += t / 2 - t * pct2Mult;
        return a + (int) (long) res;
    }

    /** sb_rand_pareto with shape --rand-pareto-h. */
    public int pareto(int a, int b) {
        return a + (int) (long) (((long) b - a + 1) * Math.pow(nextDouble(), paretoPower));
    }

    /** sb_rand_zipfian (rejection-inversion, as sysbench ports it from Apache Commons RNG). */
    public int zipfian(int a, int b) {
        return a + zipfianInt((long) b - a + 1) - 1;
    }

    private int zipfianInt(long n) {
        double e = params.zipfianExp();
        double hIntegralN = hIntegral(n + 0.5, e);
        while (true) {
            double u = hIntegralN + nextDouble() * (zipfHIntegralX1 - hIntegralN);
            double x = hIntegralInverse(u, e);
            long k = (long) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            if (k - x <= zipfS || u >= hIntegral(k + 0.5, e) - h(k, e)) {
                return (int) k;
            }
        }
    }

    private static double hIntegral(double x, double e) {
        double logX = Math.log(x);
        return helper2((1 - e) * logX) * logX;
    }

    private static double h(double x, double e) {
        return Math.exp(-e * Math.log(x));
    }

    private static double hIntegralInverse(double x, double e) {
        double t = x * (1 - e);
        if (t < -1) {
            t = -1;
        }
        return Math.exp(helper1(t) * x);
    }

    private static double helper1(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (0.33333333333333333 - 0.25 * x));
    }

    private static double helper2(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x * 0.33333333333333333 * (1 + 0.25 * x));
    }

    /**
     * sysbench.rand.string for the digit templates of oltp_common.lua: copies {@code template} into
     * {@code out}, each '#' replaced by a uniform random digit. The digits are drawn as pairs, two
     * pairs per xoroshiro128+ output (each 32-bit half picks one of 100 pairs by multiply-shift,
     * bias below 3e-8), so a 119-character c value costs 28 draws instead of sysbench's 110.
     */
    public void fillTemplate(byte[] template, byte[] out) {
        for (int i = 0; i < template.length; i++) {
            byte ch = template[i];
            out[i] = ch == '#' ? (byte) ('0' + nextDigit()) : ch;
        }
    }

    private int nextDigit() {
        int d = spareDigit;
        if (d >= 0) {
            spareDigit = -1;
            return d;
        }
        if (digitHalves == 0) {
            digitBits = nextLong();
            digitHalves = 2;
        }
        int pair = (int) (((digitBits & 0xFFFF_FFFFL) * 100) >>> 32);
        digitBits >>>= 32;
        digitHalves--;
        spareDigit = pair % 10;
        return pair / 10;
    }
}

package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/** How sessions pick key indexes in {@code [0, keys)}. */
public enum KeyPattern {
    /** Every key equally likely. */
    UNIFORM,
    /** Normal around the middle of the key space, sd = keys/6 (so ~99.7% fall inside); outliers redrawn. */
    GAUSSIAN,
    /** Zipf with theta 0.99 as YCSB: key 0 hottest, key i about 1/(i+1) as hot. */
    ZIPFIAN,
    /** Each session walks its own slice (thread * keys / threads, then +1, wrapping), as memslap's sets do. */
    SEQUENTIAL;

    public static final List<String> NAMES = Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).toList();

    public static KeyPattern parse(String option, String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (KeyPattern p : values()) {
            if (p.name().toLowerCase(Locale.ROOT).equals(t)) {
                return p;
            }
        }
        throw new InvalidOptionException("--" + option + "=" + text + " is not valid; expected one of " + String.join(", ", NAMES));
    }

    /** Chooses key indexes for one session. */
    public interface Chooser {
        long next();
    }

    /**
     * A chooser for one session. {@code zipf} must come from {@link #zipfFor} when this is
     * {@link #ZIPFIAN} (its constant is costly, so a workload computes it once), else may be null.
     */
    public Chooser chooser(long keys, int thread, int threads, SplittableRandom random, Zipf zipf) {
        switch (this) {
            case UNIFORM:
                return () -> random.nextLong(keys);
            case GAUSSIAN: {
                double mean = (keys - 1) / 2.0;
                double sd = Math.max(keys / 6.0, 1e-9);
                return () -> {
                    while (true) {
                        long k = Math.round(mean + sd * gaussian(random));
                        if (k >= 0 && k < keys) {
                            return k;
                        }
                    }
                };
            }
            case ZIPFIAN:
                if (zipf == null || zipf.items != keys) {
                    throw new IllegalArgumentException("zipfian chooser needs the Zipf constants for " + keys + " keys");
                }
                return () -> zipf.next(random);
            case SEQUENTIAL: {
                long[] next = {threads <= 0 ? 0 : (long) ((double) thread * keys / threads) % keys};
                return () -> {
                    long k = next[0];
                    next[0] = k + 1 == keys ? 0 : k + 1;
                    return k;
                };
            }
            default:
                throw new AssertionError(this);
        }
    }

    /** The Zipf constants for {@code keys} when this pattern is zipfian, else null. */
    public Zipf zipfFor(long keys) {
        return this == ZIPFIAN ? new Zipf(keys, Zipf.THETA) : null;
    }

    /** Box-Muller without caching the second value, so a chooser holds no extra state. */
    private static double gaussian(SplittableRandom r) {
        double u1 = r.nextDouble();
        double u2 = r.nextDouble();
        return Math.sqrt(-2.0 * Math.log(1.0 - u1)) * Math.cos(2.0 * Math.PI * u2);
    }

    /** Zipf generator constants (Gray et al., "Quickly generating billion-record synthetic databases"), as YCSB. */
    public static final class Zipf {
        static final double THETA = 0.99;
        final long items;
        private final double theta;
        private final double zetan;
        private final double alpha;
        private final double eta;
        private final double half;

        Zipf(long items, double theta) {
            this.items = items;
            this.theta = theta;
            double z = 0;
            for (long i = 1; i <= items; i++) {
                z += 1.0 / Math.pow(i, theta);
            }
            this.zetan = z;
            double zeta2 = 1.0 + 1.0 / Math.pow(2, theta);
            this.alpha = 1.0 / (1.0 - theta);
            this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
            this.half = 1.0 + Math.pow(0.5, theta);
        }

        long next(SplittableRandom r) {
            double u = r.nextDouble();
            double uz = u * zetan;
            if (uz < 1.0) {
                return 0;
            }
            if (uz < half || items < 3) {
                return Math.min(1, items - 1);
            }
            long k = (long) (items * Math.pow(eta * u - eta + 1, alpha));
            return Math.min(k, items - 1);
        }
    }
}

package benchkit.core.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The order in which the variants of one fork get their time slices at one thread count: round by
 * round, every variant one warmup iteration, then round by round one measurement iteration each, the
 * order inside each round shuffled. Neighbouring slices of different variants are seconds apart, so
 * what a shared machine does over minutes (another tenant, a cron job, thermal drift) lands on every
 * variant alike instead of on whichever ran first, and no variant is always first after another.
 * The shuffle is seeded from the fork and thread count, so a run's order can be reproduced.
 */
final class Interleaving {
    /** One time slice: which instance, which iteration. */
    record Slice<T>(T instance, boolean warmup, int index) {
    }

    private Interleaving() {
    }

    static <T> List<Slice<T>> slices(List<T> instances, int warmups, int measurements, long seed) {
        Random random = new Random(seed);
        List<Slice<T>> slices = new ArrayList<>();
        List<T> order = new ArrayList<>(instances);
        for (int round = 1; round <= warmups + measurements; round++) {
            Collections.shuffle(order, random);
            boolean warmup = round <= warmups;
            for (T instance : order) {
                slices.add(new Slice<>(instance, warmup, warmup ? round : round - warmups));
            }
        }
        return slices;
    }

    static long seed(int fork, int threads) {
        return 0x5EEDL * 1_000_003L + fork * 10_007L + threads;
    }
}

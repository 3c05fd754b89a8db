package benchkit.memcached.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Loads keys k0..k(N-1) in contiguous ranges on parallel daemon threads, range {@code i} with value seed {@code i},
 * so a store's initial load is the same whichever store takes it.
 */
public final class KvLoad {
    private KvLoad() {
    }

    /** Stores keys {@code from} (inclusive) to {@code to} (exclusive), values drawn from a random seeded {@code seed}. */
    @FunctionalInterface
    public interface Range {
        void load(long from, long to, long seed) throws Exception;
    }

    /** Loads k0..k(n-1) in {@code parts} ranges at once; the first range that fails fails the load with its cause. */
    public static void inParts(long n, int parts, String threadName, Range range) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(parts, r -> {
            Thread th = new Thread(r, threadName);
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < parts; i++) {
                long from = n * i / parts;
                long to = n * (i + 1) / parts;
                long seed = i;
                futures.add(pool.submit(() -> {
                    range.load(from, to, seed);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception ex ? ex : e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}

package benchkit.memcached.kv;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Value buffers by size, filled with random printable bytes once and shared (read-only) by all
 * sessions, so an event allocates no value. Past {@link #BUDGET_BYTES} of cached buffers
 * (wide ranges of large values) a buffer is made per call instead.
 */
public final class ValuePool {
    static final long BUDGET_BYTES = 256L * 1024 * 1024;

    private final int min;
    private final AtomicReferenceArray<byte[]> bySize;
    private final AtomicLong cachedBytes = new AtomicLong();

    public ValuePool(ValueSizes sizes) {
        this.min = sizes.min();
        this.bySize = new AtomicReferenceArray<>(sizes.max() - min + 1);
    }

    /** A buffer of exactly {@code size} bytes; callers must not change it. */
    public byte[] value(int size) {
        int i = size - min;
        byte[] b = bySize.get(i);
        if (b != null) {
            return b;
        }
        b = fill(size);
        if (cachedBytes.addAndGet(size) <= BUDGET_BYTES) {
            if (!bySize.compareAndSet(i, null, b)) {
                cachedBytes.addAndGet(-size);
                return bySize.get(i);
            }
        }
        return b;
    }

    private static byte[] fill(int size) {
        byte[] b = new byte[size];
        SplittableRandom r = new SplittableRandom(size);
        for (int i = 0; i < size; i++) {
            b[i] = (byte) ('a' + r.nextInt(26));
        }
        return b;
    }
}

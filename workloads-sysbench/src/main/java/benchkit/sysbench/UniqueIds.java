package benchkit.sysbench;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * sysbench.rand.unique(): a permutation of the 32-bit integers (Preshing's quadratic-residue
 * sequence), so values never repeat within 2^32 calls. Shared by all sessions of a workload.
 */
final class UniqueIds {
    private static final long PRIME = 4294967291L;
    private final AtomicInteger index;
    private final int offset;

    UniqueIds(long seedIndex, long seedOffset) {
        index = new AtomicInteger((int) permute((permute(seedIndex & 0xFFFFFFFFL) + 0x682f0161L) & 0xFFFFFFFFL));
        offset = (int) permute((permute(seedOffset & 0xFFFFFFFFL) + 0x46790905L) & 0xFFFFFFFFL);
    }

    private static long permute(long x) {
        if (x >= PRIME) {
            return x;
        }
        // x * x fits in 64 unsigned bits (x < 2^32), as in sysbench's uint64_t arithmetic.
        long residue = Long.remainderUnsigned(x * x, PRIME);
        return x <= PRIME / 2 ? residue : PRIME - residue;
    }

    /** The next value, as an unsigned 32-bit number. */
    long next() {
        long i = index.getAndIncrement() & 0xFFFFFFFFL;
        return permute(((permute(i) + (offset & 0xFFFFFFFFL)) & 0xFFFFFFFFL) ^ 0x5bf03635L);
    }
}

package benchkit.sysbench.lua;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code sysbench.rand.unique()}: 32-bit numbers that do not repeat within 2^32 draws of a process, from all threads
 * (sb_rand.c's sb_rand_unique: a counter put through a permutation of the 32-bit integers built from quadratic
 * residues modulo the prime 4294967291, with a random start and offset).
 */
final class UniqueNumbers {
    private static final long PRIME = 4294967291L;
    private static final AtomicInteger INDEX;
    private static final int OFFSET;

    static {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        INDEX = new AtomicInteger((int) permute(permute(r.nextInt() & 0xFFFF_FFFFL) + 0x682f0161L));
        OFFSET = (int) permute(permute(r.nextInt() & 0xFFFF_FFFFL) + 0x46790905L);
    }

    private UniqueNumbers() {
    }

    /** The next number, 0 to 2^32-1. */
    static long next() {
        long index = INDEX.getAndIncrement() & 0xFFFF_FFFFL;
        return permute(((permute(index) + (OFFSET & 0xFFFF_FFFFL)) & 0xFFFF_FFFFL) ^ 0x5bf03635L);
    }

    /** A bijection of the 32-bit integers; {@code x} is taken modulo 2^32. */
    static long permute(long x) {
        x &= 0xFFFF_FFFFL;
        if (x >= PRIME) {
            return x;       // the 5 integers out of range are mapped to themselves
        }
        long residue = Long.remainderUnsigned(x * x, PRIME);     // x * x < 2^64: exact as an unsigned long
        return x <= PRIME / 2 ? residue : PRIME - residue;
    }
}

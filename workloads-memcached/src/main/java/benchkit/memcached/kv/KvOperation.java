package benchkit.memcached.kv;

import java.util.SplittableRandom;

/** What a key-value workload's events are: all sets, all gets, or a random mix by {@link Ratio}. */
public enum KvOperation {
    SET, GET, MIXED;

    /** Whether the next event is a set; for {@link #MIXED} drawn with the ratio's set share. */
    public boolean nextIsSet(SplittableRandom random, double setShare) {
        switch (this) {
            case SET:
                return true;
            case GET:
                return false;
            default:
                return random.nextDouble() < setShare;
        }
    }
}

package benchkit.memcached.kv;

import java.util.SplittableRandom;

/**
 * What one session's events do, shared by the memcached and SQL key-value sessions: set or get
 * (by the operation and {@code --ratio}), which key (by the key pattern), which value. One per
 * session thread; not thread-safe. Call in event order: {@link #nextIsSet}, {@link #nextKey}, then
 * {@link #nextValue} for a set, so a seed gives the same sequence as before.
 */
public final class KvEvents {
    private final KvOperation operation;
    private final double setShare;
    private final KeySpace keys;
    private final KeyPattern.Chooser chooser;
    private final ValueSizes sizes;
    private final ValuePool values;
    private final SplittableRandom random;

    KvEvents(KvOperation operation, double setShare, KeySpace keys, KeyPattern.Chooser chooser, ValueSizes sizes,
             ValuePool values, SplittableRandom random) {
        this.operation = operation;
        this.setShare = setShare;
        this.keys = keys;
        this.chooser = chooser;
        this.sizes = sizes;
        this.values = values;
        this.random = random;
    }

    public boolean nextIsSet() {
        return operation.nextIsSet(random, setShare);
    }

    public String nextKey() {
        return keys.key(chooser.next());
    }

    public byte[] nextValue() {
        return values.value(sizes.next(random));
    }

    /** The largest value {@link #nextValue} returns, in bytes. */
    public int maxValueSize() {
        return sizes.max();
    }
}

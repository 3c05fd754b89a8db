package benchkit.memcached.kv;

import java.util.SplittableRandom;

/** A key-value workload's keys and values, built once from its options, and each session's {@link KvEvents}. */
public final class KvData {
    private final KvOptions kv;
    private final KeySpace keys;
    private final ValuePool values;
    private final KeyPattern.Zipf zipf;

    public KvData(KvOptions kv) {
        this.kv = kv;
        this.keys = new KeySpace(kv.keys(), kv.keySize());
        this.values = new ValuePool(kv.valueSizes());
        this.zipf = kv.keyPattern().zipfFor(kv.keys());
    }

    public KeySpace keys() {
        return keys;
    }

    public ValuePool values() {
        return values;
    }

    /** Session {@code thread} of {@code threads}: its own seeded random and share of the keys. */
    public KvEvents events(int thread, int threads) {
        SplittableRandom random = new SplittableRandom(0x9E3779B97F4A7C15L * (thread + 1));
        KeyPattern.Chooser chooser = kv.keyPattern().chooser(kv.keys(), thread, threads, random, zipf);
        return new KvEvents(kv.operation(), kv.setShare(), keys, chooser, kv.valueSizes(), values, random);
    }
}

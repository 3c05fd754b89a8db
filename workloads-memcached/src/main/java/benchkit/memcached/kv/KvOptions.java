package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The options every key-value workload shares (memcached and the SQL baseline), so both run
 * exactly the same keys, values and mix. Defaults follow memslap (libmemcached 1.0/1.1 memcslap):
 * 20-byte keys and 4096-byte values.
 */
public record KvOptions(KvOperation operation, long keys, int keySize, ValueSizes valueSizes, KeyPattern keyPattern,
                        long initialLoad, boolean flush, long executeNumber, Ratio ratio) {
    public static final String KEYS = "keys";
    public static final String KEY_SIZE = "key-size";
    public static final String VALUE_SIZE = "value-size";
    public static final String KEY_PATTERN = "key-pattern";
    public static final String INITIAL_LOAD = "initial-load";
    public static final String FLUSH = "flush";
    public static final String EXECUTE_NUMBER = "execute-number";
    public static final String RATIO = "ratio";

    /** A key-value workload's whole options: these shared ones plus its own. */
    public interface Part {
        KvOptions kv();
    }

    /** The shared option specs for a workload of this operation. */
    public static List<OptionSpec> specs(KvOperation op) {
        List<OptionSpec> s = new ArrayList<>();
        s.add(new OptionSpec(KEYS, "100000", "key space: keys k0..k(N-1)"));
        s.add(new OptionSpec(KEY_SIZE, "20", "key length in bytes (memslap: 20), up to 250"));
        s.add(new OptionSpec(VALUE_SIZE, "4096",
                "value bytes (memslap: 4096): SIZE, MIN-MAX uniform, or SIZE:WEIGHT,... e.g. 100:0.8,1000:0.2"));
        s.add(new OptionSpec(KEY_PATTERN, "uniform", "key choice: " + String.join(", ", KeyPattern.NAMES)));
        s.add(new OptionSpec(INITIAL_LOAD, op == KvOperation.SET ? "0" : "all",
                "keys k0..k(N-1) stored before the run (N or 'all' = --keys)"));
        s.add(new OptionSpec(FLUSH, "off", "empty the store (flush_all / TRUNCATE) before each trial, then load --initial-load"));
        s.add(new OptionSpec(EXECUTE_NUMBER, "0",
                "events per thread as memslap's --execute-number (0 = by time); the runner stops at N x threads events"));
        if (op == KvOperation.MIXED) {
            s.add(new OptionSpec(RATIO, "1:9", "sets:gets"));
        }
        return s;
    }

    public static KvOptions from(KvOperation op, OptionValues v) {
        long keys = v.longValue(KEYS, 1, Long.MAX_VALUE / 2);
        int keySize = v.intValue(KEY_SIZE, 1, KeySpace.MAX_KEY_SIZE);
        ValueSizes sizes = ValueSizes.parse(VALUE_SIZE, v.string(VALUE_SIZE));
        KeyPattern pattern = KeyPattern.parse(KEY_PATTERN, v.string(KEY_PATTERN));
        String load = v.string(INITIAL_LOAD).strip();
        long initialLoad = load.equalsIgnoreCase("all") ? keys : v.longValue(INITIAL_LOAD, 0, Long.MAX_VALUE);
        if (initialLoad > keys) {
            throw new InvalidOptionException("--" + INITIAL_LOAD + "=" + load + " is more than --" + KEYS + "=" + keys
                    + "; the loaded keys are k0..k(N-1) of the key space");
        }
        boolean flush = v.bool(FLUSH);
        long exec = v.longValue(EXECUTE_NUMBER, 0, Long.MAX_VALUE);
        Ratio ratio = op == KvOperation.MIXED ? Ratio.parse(RATIO, v.string(RATIO)) : null;
        return new KvOptions(op, keys, keySize, sizes, pattern, initialLoad, flush, exec, ratio);
    }

    /** The share of events that are sets. */
    public double setShare() {
        switch (operation) {
            case SET:
                return 1.0;
            case GET:
                return 0.0;
            default:
                return ratio.setShare();
        }
    }
}

package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;

import java.util.Arrays;

/**
 * The keys {@code 0 .. keys-1} as fixed-width ASCII strings of {@code keySize} bytes:
 * {@code k} followed by the zero-padded index ({@code k0000000000000000042}). Deterministic, so a
 * get finds what any earlier set (or another tool run with the same options) stored. Up to
 * {@link #CACHED_KEYS} keys are built once and shared, so an event allocates no key.
 */
public final class KeySpace {
    /** Key spaces up to this size are cached (about 60 MB at 20-byte keys). */
    public static final long CACHED_KEYS = 1_000_000;
    /** memcached's key length limit. */
    public static final int MAX_KEY_SIZE = 250;

    private final long keys;
    private final int keySize;
    private final String[] cache;

    public KeySpace(long keys, int keySize) {
        if (keys < 1) {
            throw new InvalidOptionException("--keys=" + keys + " is not valid; expected at least 1");
        }
        int digits = Long.toString(keys - 1).length();
        if (keySize < digits + 1 || keySize > MAX_KEY_SIZE) {
            throw new InvalidOptionException("--key-size=" + keySize + " is not valid for --keys=" + keys
                    + "; expected " + (digits + 1) + " to " + MAX_KEY_SIZE + " (a 'k' and " + digits + " digits fit)");
        }
        this.keys = keys;
        this.keySize = keySize;
        if (keys <= CACHED_KEYS) {
            cache = new String[(int) keys];
            for (int i = 0; i < keys; i++) {
                cache[i] = build(i);
            }
        } else {
            cache = null;
        }
    }

    public long size() {
        return keys;
    }

    public int keySize() {
        return keySize;
    }

    public String key(long index) {
        if (cache != null) {
            return cache[(int) index];
        }
        return build(index);
    }

    private String build(long index) {
        char[] c = new char[keySize];
        Arrays.fill(c, '0');
        c[0] = 'k';
        String digits = Long.toString(index);
        digits.getChars(0, digits.length(), c, keySize - digits.length());
        return new String(c);
    }
}

package benchkit.spi;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * File names made from names a user gave, such as a variant's ({@code mysql-8.0}, {@code report_host=a<b}): each name
 * maps to a file name no other name maps to, on any file system, so that no variant's file replaces another's.
 */
public final class FileNames {
    /** Hex digits of the name's SHA-256 added where the name had to change: 40 bits, no clash among a run's variants. */
    private static final int HASH_DIGITS = 10;

    private FileNames() {
    }

    /**
     * {@code name} itself when it holds only small letters, digits and {@code . _ = + -}; else with every other
     * character replaced by {@code _}, then {@code ~} and the first digits of the SHA-256 of the exact name (in UTF-8):
     * {@code a<b} and {@code a>b} become {@code a_b~…} with different digits, {@code Glibc} and {@code glibc} differ on
     * a file system that ignores case, and no name kept as it is holds a {@code ~}.
     */
    public static String of(String name) {
        StringBuilder b = new StringBuilder(name.length() + HASH_DIGITS + 1);
        boolean changed = name.isEmpty();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean kept = c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '=' || c == '+'
                    || c == '-';
            b.append(kept ? c : c >= 'A' && c <= 'Z' ? c : '_');
            changed |= !kept;
        }
        if (!changed) {
            return name;
        }
        return b.append('~').append(sha256Hex(name), 0, HASH_DIGITS).toString();
    }

    private static String sha256Hex(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(d.length * 2);
            for (byte x : d) {
                hex.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}

package benchkit.launcher.mysql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Generated passwords and their mysql_native_password hash, so the launcher can create accounts with
 * {@code IDENTIFIED WITH mysql_native_password AS '*HASH'}: the clear password never goes into SQL text.
 */
final class NativePassword {
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private NativePassword() {
    }

    static String generate() {
        StringBuilder sb = new StringBuilder(24);
        for (int i = 0; i < 24; i++) {
            sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }

    /** {@code '*' + HEX(SHA1(SHA1(password)))}, as the server stores it. */
    static String hash(String password) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] once = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
            byte[] twice = sha1.digest(once);
            return "*" + HexFormat.of().withUpperCase().formatHex(twice);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

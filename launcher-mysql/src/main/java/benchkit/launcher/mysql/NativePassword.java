package benchkit.launcher.mysql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A password's mysql_native_password hash, so the launcher can create accounts with
 * {@code IDENTIFIED WITH mysql_native_password AS '*HASH'}: the clear password never goes into SQL text.
 */
final class NativePassword {
    private NativePassword() {
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

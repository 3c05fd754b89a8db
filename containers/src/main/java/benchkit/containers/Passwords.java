package benchkit.containers;

import java.security.SecureRandom;

/** Random passwords for servers we launch; letters and digits only, so they need no quoting in SQL. */
final class Passwords {
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {
    }

    static String generate() {
        StringBuilder s = new StringBuilder(24);
        for (int i = 0; i < 24; i++) {
            s.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }
}

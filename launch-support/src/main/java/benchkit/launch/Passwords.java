package benchkit.launch;

import java.security.SecureRandom;

/**
 * Random passwords for the servers bench launches (a process or a container): letters and digits only, so they need
 * no quoting in SQL or an option file, and none that are easily confused (no 0/O, 1/l/I).
 */
public final class Passwords {
    private static final String ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Passwords() {
    }

    public static String generate() {
        StringBuilder s = new StringBuilder(24);
        for (int i = 0; i < 24; i++) {
            s.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }
}

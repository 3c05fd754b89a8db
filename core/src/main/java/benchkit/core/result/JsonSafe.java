package benchkit.core.result;

import java.util.regex.Pattern;

/** Keeps names that JMH's JSON writer prints unescaped within characters it cannot break on. */
final class JsonSafe {
    private static final Pattern UNSAFE = Pattern.compile("[^A-Za-z0-9._%/+\\- ]");

    private JsonSafe() {
    }

    static String label(String s) {
        return UNSAFE.matcher(s).replaceAll("_");
    }
}

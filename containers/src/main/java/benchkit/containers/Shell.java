package benchkit.containers;

/** Quoting for the POSIX shell scripts we write into containers. */
final class Shell {
    private Shell() {
    }

    /** {@code s} as one single-quoted shell word. */
    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** Rejects control characters (newlines could smuggle lines into a script or config file). */
    static String plain(String what, String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isISOControl(s.charAt(i))) {
                throw new benchkit.spi.InvalidOptionException(what + " must not contain control characters");
            }
        }
        return s;
    }
}

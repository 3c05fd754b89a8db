package benchkit.core.result;

import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/** File names as the user writes them, refused in one line that says why and what to do. */
public final class FileNames {
    private FileNames() {
    }

    /**
     * The path {@code name} names. One the JVM cannot name (a non-ASCII name under {@code LC_ALL=C}, where the JVM
     * encodes file names in ASCII) is refused with the locale to use, not {@code InvalidPathException}'s text.
     */
    public static Path path(String name) {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            String encoding = System.getProperty("sun.jnu.encoding", "");
            boolean unencodable = !encoding.isEmpty() && Charset.isSupported(encoding)
                    && !Charset.forName(encoding).newEncoder().canEncode(name);
            throw new IllegalArgumentException(unencodable
                    ? "'" + name + "' cannot be a file name here: the locale (" + encoding + ") cannot encode it; "
                            + "run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8"
                    : "'" + name + "' is not a valid path: " + e.getReason());
        }
    }
}

package benchkit.core.util;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads the JSON files bench keeps (run.json, jmh-result.json, a journal, an experiment file) so that a damaged one is
 * named and said what it is, in one line, where the JDK says "Input length = 4" and names no file, and a FIFO in
 * place of one would make the read wait for ever.
 */
public final class TextFiles {
    private TextFiles() {
    }

    /**
     * The text of {@code file}, UTF-8, without a leading byte-order mark.
     *
     * @throws java.nio.file.NoSuchFileException when it is not there, as {@link Files#readString} says it
     * @throws IllegalArgumentException one line naming the file, when it is a FIFO or device, or not UTF-8 text
     */
    public static String readJson(Path file) throws IOException {
        // a directory fails below as ever (its callers say so in their words); a FIFO or device would be read for ever
        if (Files.exists(file) && !Files.isRegularFile(file) && !Files.isDirectory(file)) {
            throw new Unreadable(file + " is not a regular file (a FIFO or a device), which bench does not read",
                    ": put the file itself there");
        }
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            String text = utf8.decode(bytes).toString();
            // a byte-order mark, as Windows editors save UTF-8: not part of the JSON (sweep 6, case 85)
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        } catch (CharacterCodingException e) {
            // decode leaves the buffer at the byte it could not read
            throw new Unreadable(file + " is not UTF-8 text, so not JSON (byte " + bytes.position()
                    + " is not UTF-8): it is damaged or another kind of file", "; restore it from a copy");
        }
    }

    /** A file {@link #readJson} cannot read: what is wrong and what to do, in one line. */
    public static final class Unreadable extends IllegalArgumentException {
        private final String finding;

        Unreadable(String finding, String remedy) {
            super(finding + remedy);
            this.finding = finding;
        }

        /** What is wrong without the remedy, for a caller that says its own (a journal: restore the run's copy). */
        public String finding() {
            return finding;
        }
    }
}

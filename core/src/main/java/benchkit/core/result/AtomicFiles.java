package benchkit.core.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes a file whole or not at all: into a temporary file beside it, then renamed over it. */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void write(Path file, byte[] content) throws IOException {
        write(file, content, false);
    }

    public static void write(Path file, String content) throws IOException {
        write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Same as {@link #write(Path, String)}, but the file is readable by all (0644): temp files are
     * private (0600), and a report is meant to be shared like any other output file.
     */
    public static Path writeReadableByAll(Path file, String content) throws IOException {
        write(file, content.getBytes(StandardCharsets.UTF_8), true);
        return file;
    }

    private static void write(Path file, byte[] content, boolean readableByAll) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.write(tmp, content);
            if (readableByAll) {
                readableByAll(tmp);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void readableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: keep its default permissions
        }
    }
}

package benchkit.core.result;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file whole or not at all: into a temporary file beside it, then renamed over it. The file gets the
 * permissions any file the user makes gets ({@code rw-r--r--} less the umask: 0644 under umask 022): a result holds
 * no secret, and a dashboard or CI step running as another user reads it (a JDK temporary file alone would be 0600).
 */
public final class AtomicFiles {
    private static final java.util.Set<java.nio.file.attribute.PosixFilePermission> SHARED =
            PosixFilePermissions.fromString("rw-r--r--");

    private AtomicFiles() {
    }

    public static Path write(Path file, byte[] content) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp;
        try {
            tmp = createTemp(dir, "." + file.getFileName());
        } catch (FileSystemException e) {
            throw naming(file, e);
        }
        try {
            Files.write(tmp, content);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return file;
    }

    public static Path write(Path file, String content) throws IOException {
        return write(file, content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code e}, about the temporary file that could not be made, as about {@code file}: the user asked for that one and
     * never saw the other ({@code .x.html9323881124136929642.tmp: Read-only file system}). Its kind is kept, for callers
     * that tell a missing directory from a refused one.
     */
    private static FileSystemException naming(Path file, FileSystemException e) {
        String name = file.toString();
        FileSystemException renamed = e instanceof NoSuchFileException ? new NoSuchFileException(name, null, e.getReason())
                : e instanceof AccessDeniedException ? new AccessDeniedException(name, null, e.getReason())
                : new FileSystemException(name, null, e.getReason());
        renamed.initCause(e);
        return renamed;
    }

    /** A temporary file made with {@code rw-r--r--}, which the umask then narrows as for any new file. */
    private static Path createTemp(Path dir, String prefix) throws IOException {
        try {
            return Files.createTempFile(dir, prefix, ".tmp", PosixFilePermissions.asFileAttribute(SHARED));
        } catch (UnsupportedOperationException notPosix) {
            return Files.createTempFile(dir, prefix, ".tmp");
        }
    }
}

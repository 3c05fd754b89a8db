package benchkit.launcher.mysql;

import benchkit.launch.PrivateTempDir;

import benchkit.launch.SnapshotCopyException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Copies a stopped server's datadir: directories, regular files with their modes, symbolic links as
 * links. Anything else (a stray socket) is skipped. A failed copy (disk full) removes what it wrote and
 * throws {@link SnapshotCopyException}, so the caller can fall back to preparing afresh.
 */
final class DatadirCopy {
    private DatadirCopy() {
    }

    /** Copies {@code from} to {@code to} (which must not exist; created 0700) and returns the bytes copied. */
    static long copy(Path from, Path to) throws SnapshotCopyException {
        long[] bytes = {0};
        try {
            Files.createDirectory(to, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwx------"));
            Files.walkFileTree(from, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    if (!dir.equals(from)) {
                        Path target = to.resolve(from.relativize(dir));
                        Files.createDirectory(target);
                        Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(dir));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Path target = to.resolve(from.relativize(file));
                    if (attrs.isSymbolicLink()) {
                        Files.createSymbolicLink(target, Files.readSymbolicLink(file));
                    } else if (attrs.isRegularFile()) {
                        bytes[0] += copyFile(file, target);
                        Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return bytes[0];
        } catch (IOException | RuntimeException e) {
            SnapshotCopyException failure = new SnapshotCopyException("copying " + from + " to " + to + " failed: "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + " " + e.getMessage()), e);
            try {
                PrivateTempDir.deleteRecursively(to);
            } catch (IOException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
    }

    /** In-kernel copy (sendfile/copy_file_range) where the JDK can; InnoDB's files are hundreds of MB. */
    private static long copyFile(Path from, Path to) throws IOException {
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = in.size();
            long done = 0;
            while (done < size) {
                long n = in.transferTo(done, size - done, out);
                if (n <= 0) {
                    break; // the file shrank meanwhile (it should not: the server is stopped)
                }
                done += n;
            }
            return done;
        }
    }
}

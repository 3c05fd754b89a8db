package benchkit.launcher.mysql;

import benchkit.core.launch.PrivateTempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Predicate;

/**
 * One entry of bench's cache ({@code ~/.cache/benchkit/NAME}): made at most once, and never seen half made.
 * It is filled in a {@code NAME.partial-*} sibling and renamed into place atomically, under a file lock so
 * that two bench processes racing to make it are safe. Whoever holds the lock also removes the
 * {@code NAME.partial-*} left by a process that was killed while filling (SIGKILL runs no cleanup), so a crash
 * costs disk only until the next run that needs the entry.
 */
public final class CacheEntry {
    /** What fills a fresh partial directory or file; it may throw, and then nothing is kept. */
    @FunctionalInterface
    public interface Filler {
        void fill(Path partial) throws IOException;
    }

    private final Path cacheDir;
    private final String name;

    public CacheEntry(Path cacheDir, String name) {
        this.cacheDir = cacheDir;
        this.name = name;
    }

    /** Where the entry lives once made. */
    public Path path() {
        return cacheDir.resolve(name);
    }

    /**
     * The entry, made first by {@code filler} when {@code complete} does not accept what is there. A directory
     * entry ({@code directory}) is filled in a fresh partial directory, a file entry into a partial file.
     */
    public Path obtain(Predicate<Path> complete, boolean directory, Filler filler) throws IOException {
        Path target = path();
        if (complete.test(target)) {
            return target;
        }
        Files.createDirectories(cacheDir);
        synchronized (CacheEntry.class) { // FileLock only excludes other processes, not other threads
            try (FileChannel lockFile = FileChannel.open(cacheDir.resolve(name + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = lockFile.lock()) {
                if (complete.test(target)) {
                    return target; // another process finished while we waited for the lock
                }
                removeLeftovers();
                Path partial = directory ? Files.createTempDirectory(cacheDir, name + ".partial-")
                        : Files.createTempFile(cacheDir, name + ".partial-", "");
                try {
                    filler.fill(partial);
                    if (Files.exists(target)) {
                        PrivateTempDir.deleteRecursively(target); // a broken leftover the predicate refused
                    }
                    Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                    deleteQuietly(partial, e);
                    throw new IOException("cannot move the new " + name + " into " + target + ": " + e);
                } catch (IOException | RuntimeException e) {
                    deleteQuietly(partial, e);
                    throw e;
                }
            }
        }
        return target;
    }

    /** Partial entries of this name: only a process killed while filling leaves one, since we hold the lock. */
    private void removeLeftovers() throws IOException {
        try (DirectoryStream<Path> partials = Files.newDirectoryStream(cacheDir, name + ".partial-*")) {
            for (Path p : partials) {
                PrivateTempDir.deleteRecursively(p);
            }
        }
    }

    private static void deleteQuietly(Path partial, Exception failure) {
        try {
            PrivateTempDir.deleteRecursively(partial);
        } catch (UncheckedIOException | IOException suppressed) {
            failure.addSuppressed(suppressed);
        }
    }
}

package benchkit.launcher.mysql;

import benchkit.launch.PrivateTempDir;

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
 * costs disk only until the next run that needs the entry. A directory entry records its files' sizes and checksums
 * ({@link CacheManifest}) and is checked against them before each use: a damaged one is made again, with a line.
 */
public final class CacheEntry {
    /** What fills a fresh partial directory or file; it may throw, and then nothing is kept. */
    @FunctionalInterface
    public interface Filler {
        void fill(Path partial) throws IOException;
    }

    /** The directory entries this process has checked against their manifests and found whole. */
    private static final java.util.Set<Path> CHECKED = java.util.concurrent.ConcurrentHashMap.newKeySet();

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
        if (complete.test(target) && intact(target, directory, true)) {
            return target;
        }
        requireUsable(cacheDir);
        synchronized (CacheEntry.class) { // FileLock only excludes other processes, not other threads
            try (FileChannel lockFile = FileChannel.open(cacheDir.resolve(name + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = lockFile.lock()) {
                if (complete.test(target) && intact(target, directory, false)) {
                    return target; // another process finished while we waited for the lock
                }
                removeLeftovers();
                Path partial = directory ? Files.createTempDirectory(cacheDir, name + ".partial-")
                        : Files.createTempFile(cacheDir, name + ".partial-", "");
                try {
                    filler.fill(partial);
                    if (directory) {
                        CacheManifest.write(partial);
                    }
                    if (Files.exists(target)) {
                        PrivateTempDir.deleteRecursively(target); // a broken leftover the predicate refused
                    }
                    Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
                    if (directory) {
                        CHECKED.add(target);  // just made and recorded
                    }
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

    /**
     * Whether a directory entry is as its manifest recorded it (a file entry is whole by its atomic rename); when it
     * is not, one line says why ({@code say}) and it is made again.
     */
    private boolean intact(Path target, boolean directory, boolean say) throws IOException {
        if (!directory || CHECKED.contains(target)) {
            return true;
        }
        java.util.Optional<String> problem = CacheManifest.problem(target);
        if (problem.isEmpty()) {
            CHECKED.add(target);      // once a process: a run launches its server once per fork and variant
        }
        if (problem.isPresent() && say && !problem.get().equals(CacheManifest.UNRECORDED)) {
            System.err.println("bench: note: the cached " + name + " (" + target + ") is damaged: " + problem.get()
                    + "; extracting it again");
        }
        return problem.isEmpty();
    }

    /**
     * Makes the cache directory, or says in one line why it cannot be one and what to set: a read-only home, a
     * {@code BENCHKIT_CACHE} that names a file.
     */
    private static void requireUsable(Path cacheDir) {
        String remedy = "; set BENCHKIT_CACHE to a writable directory";
        if (Files.exists(cacheDir) && !Files.isDirectory(cacheDir)) {
            throw new benchkit.spi.InvalidOptionException("bench's cache " + cacheDir + " is a file, not a directory" + remedy);
        }
        try {
            Files.createDirectories(cacheDir);
            Path probe = Files.createTempFile(cacheDir, ".write-test", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                    : e.getClass().getSimpleName();
            throw new benchkit.spi.InvalidOptionException("bench's cache " + cacheDir + " cannot be written (" + why + ")"
                    + remedy);
        }
    }

    /** Forgets which entries this process found whole (a test that damages one after it was used). */
    static void forgetChecks() {
        CHECKED.clear();
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

package benchkit.core.run.results;


import benchkit.core.run.plan.RunFailure;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * A result directory belongs to the one run that writes it: the run holds an operating-system lock on
 * {@value #FILE} in it from before it looks at the directory until its files are written. A second run meets the
 * lock and is refused as bad input (exit 2), naming the run that holds it; a run that died left a file whose lock
 * the system released with the process, and the next run takes it over. The file stays (removing it would let two
 * runs lock two different files of that name).
 */
public final class ResultLock implements AutoCloseable {
    /** The lock file in a result directory. */
    public static final String FILE = ".bench-run.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private ResultLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Locks {@code dir} (made if it is not there) for this run.
     *
     * @param option how the user named the directory, for messages, e.g. {@code --out}
     * @throws InvalidOptionException when another run holds it, or the directory cannot be made or locked
     */
    public static ResultLock take(Path dir, String option) {
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(dir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            FileLock lock = tryLock(channel);
            if (lock == null) {
                String holder = holder(channel);
                channel.close();
                throw busy(dir, option, holder);
            }
            byte[] who = ("pid " + ProcessHandle.current().pid() + ", started " + Instant.now() + "\n")
                    .getBytes(StandardCharsets.UTF_8);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(who), 0);
            return new ResultLock(channel, lock);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new InvalidOptionException("cannot write " + option + " " + dir + ": " + ResultSpace.whyFull(dir)
                    .map(full -> full + "; free space there, or give another directory") // sweep 7, case 63
                    .orElseGet(() -> RunFailure.ioMessage(e)));
        }
    }

    /**
     * Refuses {@code dir} when a run holds it now (before its earlier results may be replaced); a directory that is not
     * there, or not locked, passes.
     */
    public static void requireFree(Path dir, String option) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return;
        }
        // read-only, with a shared lock, which a writer's exclusive one excludes: a run on a read-only mount (archived
        // results) is read without a lock file to write
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            FileLock lock = tryLock(channel, true);
            if (lock == null) {
                throw busy(dir, option, holder(channel));
            }
            lock.release();
        } catch (IOException e) {
            throw new InvalidOptionException("cannot tell whether a run is writing " + option + " " + dir + ": "
                    + RunFailure.ioMessage(e));
        }
    }

    /** The lock, or null when another process (or this one, elsewhere) holds it. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        return tryLock(channel, false);
    }

    private static FileLock tryLock(FileChannel channel, boolean shared) throws IOException {
        try {
            return channel.tryLock(0, Long.MAX_VALUE, shared);
        } catch (OverlappingFileLockException heldHere) {
            return null;
        }
    }

    private static String holder(FileChannel channel) {
        try {
            ByteBuffer b = ByteBuffer.allocate(200);
            int n = channel.read(b, 0);
            return n <= 0 ? "" : " (" + new String(b.array(), 0, n, StandardCharsets.UTF_8).strip() + ")";
        } catch (IOException e) {
            return "";
        }
    }

    private static InvalidOptionException busy(Path dir, String option, String holder) {
        return new InvalidOptionException(option + " " + dir + " is being written by another run" + holder
                + ": give another directory, or wait until that run ends");
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing was locked through it
            }
        }
    }

    /** Releases the lock: the run's files are written. */
    @Override
    public void close() {
        try {
            lock.release();
        } catch (IOException ignored) {
            // the channel's close below releases it too
        }
        closeQuietly(channel);
    }
}

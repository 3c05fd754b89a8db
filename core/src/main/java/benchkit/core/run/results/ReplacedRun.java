package benchkit.core.run.results;

import benchkit.core.run.plan.RunFailure;
import benchkit.launch.PrivateTempDir;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The earlier run that {@code --force} replaces, set aside in {@value #DIR} inside its result directory (a rename on
 * the same file system) until the new run has measured: then deleted, else put back. A run that ends with nothing
 * measured (it could not connect, a signal in the warm-up) thus leaves the earlier results as they were. The run holds
 * a {@link ResultLock} on {@value #DIR} while its files are there; a process killed with them aside leaves that lock
 * free, and the next bench command that meets the directory ({@link #recover}) puts them back, or names them when the
 * new run had measured: never deletes them unsaid.
 */
public final class ReplacedRun {
    /** Where the earlier run's files wait, inside its result directory. */
    public static final String DIR = ".bench-replaced";

    /**
     * In the aside directory of a run that replaced only the directory's own files (bench merge, whose workers' runs
     * may be in subdirectories): the new run is then looked for, and cleared, there alone.
     */
    private static final String DIRECTORY_ONLY = ".directory-only";

    private final Path dir;
    private final ResultLock lock;      // null: nothing was set aside
    private final boolean withSubdirectories;
    private boolean settled;

    private ReplacedRun(Path dir, ResultLock lock, boolean withSubdirectories) {
        this.dir = dir;
        this.lock = lock;
        this.withSubdirectories = withSubdirectories;
        this.settled = lock == null;
    }

    /** Nothing set aside: a directory that held no earlier run. */
    static ReplacedRun none(Path dir) {
        return new ReplacedRun(dir, null, true);
    }

    /**
     * Moves {@code files} (bench's own, in {@code dir} or below it) aside into {@code dir}/{@value #DIR}, keeping their
     * paths; on a failure midway those moved are moved back, so the directory is as it was. Without
     * {@code withSubdirectories} the new run is the directory's own files alone (see {@link #DIRECTORY_ONLY}).
     */
    static ReplacedRun moveAside(Path dir, List<Path> files, boolean withSubdirectories, String option)
            throws IOException {
        if (files.isEmpty()) {
            return none(dir);
        }
        Path aside = dir.resolve(DIR);
        if (Files.exists(aside, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new InvalidOptionException(option + " " + dir + " holds " + aside + ", the files of a run an earlier"
                    + " --force replaced: move them out of it (or delete it), then run again");
        }
        Files.createDirectory(aside);
        ResultLock lock = ResultLock.take(aside, option);
        List<Path> moved = new ArrayList<>();
        try {
            if (!withSubdirectories) {
                Files.createFile(aside.resolve(DIRECTORY_ONLY));
            }
            for (Path f : files) {
                Path to = aside.resolve(dir.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.move(f, to, StandardCopyOption.ATOMIC_MOVE);
                moved.add(f);
            }
        } catch (IOException e) {
            for (Path f : moved) {
                try {
                    Files.move(aside.resolve(dir.relativize(f).toString()), f, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException stays) {
                    // left in the aside directory, which then stays too, for the next command to put back
                }
            }
            Files.deleteIfExists(aside.resolve(DIRECTORY_ONLY));
            lock.close();
            deleteIfOnlyLock(aside);
            throw e;
        }
        return new ReplacedRun(dir, lock, withSubdirectories);
    }

    /** The new run has measured: the earlier run's files go. Once; later calls do nothing. */
    public synchronized void discard() {
        if (settled) {
            return;
        }
        settled = true;
        Path aside = dir.resolve(DIR);
        try {
            try (Stream<Path> files = Files.list(aside)) {
                for (Path f : files.filter(f -> !isOwn(aside, f)).toList()) {
                    PrivateTempDir.deleteRecursively(f);
                }
            }
            lock.close();
            PrivateTempDir.deleteRecursively(aside);
        } catch (IOException e) {
            lock.close();      // what is left stays aside, and the next command that meets the directory names it
        }
    }

    /**
     * The end of the new run: unless it measured (in {@code dir}, or a workload's or worker's directory in it), its
     * files go and the earlier run's come back. Returns the line that says so; empty when nothing was set aside, or the
     * earlier run was replaced.
     */
    public synchronized Optional<String> settle() {
        if (settled) {
            return Optional.empty();
        }
        if (ResultDirectory.holdsMeasuredRun(dir, withSubdirectories)) {
            discard();
            return Optional.empty();
        }
        settled = true;
        try {
            putBack(dir, withSubdirectories);
        } finally {
            lock.close();
        }
        deleteIfOnlyLock(dir.resolve(DIR));
        return Optional.of("the earlier run in " + dir + " is kept: --force replaces it only once the new run has measured");
    }

    /**
     * Puts back what a killed {@code --force} run left aside in {@code dir}, when the run there measured nothing, and
     * says so on standard error; when it measured, names the files left, which only the user deletes.
     *
     * @throws InvalidOptionException when a run that is still going holds them aside
     */
    public static void recover(Path dir, String option) {
        Path aside = dir.resolve(DIR);
        if (!Files.isDirectory(aside, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (ResultLock held = ResultLock.take(aside, option)) {
            if (nothingIn(aside)) {
                held.close();
                deleteIfOnlyLock(aside);      // a discard cut short: nothing of the earlier run is left to keep
                return;
            }
            boolean withSubdirectories = !Files.exists(aside.resolve(DIRECTORY_ONLY));
            if (ResultDirectory.holdsMeasuredRun(dir, withSubdirectories)) {
                System.err.println("bench: " + aside + " holds the files of the run a --force run in " + dir + " replaced"
                        + " (it was killed before it deleted them): the new run measured, so delete " + aside
                        + " when you no longer need them");
                return;
            }
            putBack(dir, withSubdirectories);
        }
        deleteIfOnlyLock(aside);
        System.err.println("bench: the earlier run in " + dir + " is restored: a --force run that was killed before it"
                + " measured had set it aside");
    }

    /** Removes the new run's files in {@code dir} and moves the earlier run's back from the aside directory. */
    private static void putBack(Path dir, boolean withSubdirectories) {
        Path aside = dir.resolve(DIR);
        try {
            ResultDirectory.removeRuns(dir, withSubdirectories);
            List<Path> files;
            try (Stream<Path> walk = Files.walk(aside)) {
                files = walk.filter(f -> Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        || Files.isSymbolicLink(f)).filter(f -> !isOwn(aside, f)).toList();
            }
            for (Path f : files) {
                Path to = dir.resolve(aside.relativize(f).toString());
                Files.createDirectories(to.getParent());
                Files.move(f, to, StandardCopyOption.ATOMIC_MOVE);
            }
            // the directories the files were in (latency/, a workload's), deepest first, now empty
            try (Stream<Path> walk = Files.walk(aside)) {
                for (Path d : walk.filter(Files::isDirectory).filter(d -> !d.equals(aside))
                        .sorted(java.util.Comparator.reverseOrder()).toList()) {
                    deleteIfEmpty(d);
                }
            }
        } catch (IOException e) {
            throw new InvalidOptionException("cannot put back the earlier run set aside in " + aside + ": "
                    + RunFailure.ioMessage(e) + "; its files are still there: move them back into " + dir);
        }
    }

    /** Whether {@code f} is the aside directory's own (its lock, its marker), not one of the earlier run's files. */
    private static boolean isOwn(Path aside, Path f) {
        return f.equals(aside.resolve(ResultLock.FILE)) || f.equals(aside.resolve(DIRECTORY_ONLY));
    }

    /** Whether {@code aside} holds nothing of the earlier run. */
    private static boolean nothingIn(Path aside) {
        try (Stream<Path> files = Files.list(aside)) {
            return files.allMatch(f -> isOwn(aside, f));
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteIfOnlyLock(Path aside) {
        if (nothingIn(aside)) {
            try {
                Files.deleteIfExists(aside.resolve(DIRECTORY_ONLY));
                Files.deleteIfExists(aside.resolve(ResultLock.FILE));
                Files.deleteIfExists(aside);
            } catch (IOException e) {
                // left: an empty aside directory the next command clears
            }
        }
    }

    private static void deleteIfEmpty(Path d) {
        try {
            Files.deleteIfExists(d);
        } catch (IOException notEmpty) {
            // holds something: stays
        }
    }
}

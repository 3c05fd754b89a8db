package benchkit.core.run.results;


import benchkit.core.run.plan.RunFailure;
import benchkit.core.result.Journal;
import benchkit.core.result.LatencyLog;
import benchkit.launch.PrivateTempDir;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A run's result directory never holds another run's results: an earlier run's are never overwritten, nor mixed
 * with the new ones (a journal with two runs, a jmh-result.json of the second beside a report of the first). A
 * directory that holds a run is refused, as bad input, before anything starts — unless the user asks to replace
 * it, and then only bench's own files go, never anything else in the directory; they go aside first
 * ({@link ReplacedRun}), and only once the new run has measured for good.
 */
public final class ResultDirectory {
    /**
     * What bench writes into a result directory: what --force removes, and nothing else. Of {@link LatencyLog#DIR} only
     * the latency logs bench wrote go (see {@link #removeLatencyLogs}), never a user's file or a directory in it.
     */
    static final List<String> FILES = List.of(Journal.FILE_NAME, "jmh-result.json", "results.csv", "report.html", "run.json",
            "study.json");

    private ResultDirectory() {
    }

    /**
     * A run's directory a command reads must be there: one that is not is most likely a typo in its path, and is said
     * so, not that it holds no run (sweep 10, case N29).
     */
    public static void requireExisting(Path dir) {
        if (!Files.exists(dir)) {
            throw new InvalidOptionException(dir + " does not exist; check the path, and name a run's result directory"
                    + " (e.g. bench-results/*)");
        }
        if (!Files.isDirectory(dir)) {
            throw new InvalidOptionException(dir + " is a file, not a result directory; name the run's directory (the one"
                    + " that holds jmh-result.json)");
        }
    }

    /**
     * The run directory {@code file} belongs to, if it is one bench writes in a run ({@link #FILES}, or a latency log in
     * its {@link LatencyLog#DIR}) and a run's files are there: a command that writes one file a user names must not
     * write it there, or the run's results are gone (sweep 10, case N58).
     */
    public static Optional<Path> runOf(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (absolute.getFileName() == null || parent == null) {
            return Optional.empty();
        }
        Path run = FILES.contains(absolute.getFileName().toString()) ? parent
                : LatencyLog.isNamedAsBench(absolute) && parent.getFileName() != null
                        && parent.getFileName().toString().equals(LatencyLog.DIR) ? parent.getParent() : null;
        if (run == null || FILES.stream().noneMatch(f -> Files.exists(run.resolve(f), LinkOption.NOFOLLOW_LINKS))) {
            return Optional.empty();
        }
        return Optional.of(run);
    }

    /**
     * Checks that {@code dir} can take a new run: a path, not a file, and no earlier run in it (nor in a workload's
     * subdirectory, as a run of several workloads leaves). With {@code replace} an earlier run's files are set aside:
     * the caller {@link ReplacedRun#settle settles} them when the new run ends.
     *
     * @param option how the user named it, for messages, e.g. {@code --out}
     */
    public static ReplacedRun requireFresh(Path dir, boolean replace, String option) {
        return requireFresh(dir, replace, option, true);
    }

    /**
     * The same, looking at {@code dir} alone when {@code withSubdirectories} is false: where the runs to merge may
     * be subdirectories of the merged run's directory ({@code bench merge}, the {@code --clients} layout).
     */
    public static ReplacedRun requireFresh(Path dir, boolean replace, String option, boolean withSubdirectories) {
        return requireFresh(dir, replace, option, withSubdirectories, true);
    }

    /** As {@link #requireFresh(Path, boolean, String)} for the run that holds {@code lock} on the directory. */
    public static void requireFresh(ResultLock lock, Path dir, String option) {
        requireFresh(dir, false, option, true, false);
    }

    /**
     * A {@code ..} after a directory that does not exist ({@code runs/x/../y}, x missing): the system cannot walk it, and
     * the directory was made (as runs/y) where its lock file then could not be (sweep 9).
     */
    private static void requireWalkable(Path dir, String option) {
        Path walked = dir.getRoot();
        for (Path element : dir) {
            if (element.toString().equals("..") && walked != null && !Files.isDirectory(walked)) {
                throw new InvalidOptionException(option + " " + dir + " goes through " + walked + ", which does not exist,"
                        + " before its '..'; name the directory without '..'");
            }
            walked = walked == null ? element : walked.resolve(element);
        }
    }

    private static ReplacedRun requireFresh(Path dir, boolean replace, String option, boolean withSubdirectories,
                                            boolean unlocked) {
        if (dir == null || dir.toString().isBlank()) {
            throw new InvalidOptionException(option + " needs a directory; an empty path would write the results into "
                    + "the current directory");
        }
        if (dir.toAbsolutePath().normalize().getParent() == null) {
            // what --out "$EMPTY/" gives: the run's files among the system's folders
            throw new InvalidOptionException(option + " " + dir + " is the root of the file system; name a directory of"
                    + " the run's own, e.g. bench-results/run1");
        }
        if (Files.isSymbolicLink(dir) && !Files.exists(dir)) {
            throw new InvalidOptionException(option + " " + dir + " is a link that leads nowhere (a loop, or its target is"
                    + " gone); name a directory");
        }
        requireWalkable(dir, option);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InvalidOptionException(option + " " + dir + " is a file, not a directory");
        }
        Path nested = dir.resolve(LatencyLog.DIR);
        if (Files.isRegularFile(marker(nested))) {
            // a run an older bench let write there: not this directory's to replace, nor to write latency logs beside
            throw new InvalidOptionException(option + " " + dir + " holds another run in " + nested + " (" + marker(nested)
                    + "), where bench writes its latency logs: move that run out of it first");
        }
        if (unlocked) {
            requireOutsideRuns(dir, option);
            ResultLock.requireFree(dir, option);
            ReplacedRun.recover(dir, option);     // what a --force run killed before it measured set aside
        }
        List<Path> runs = runsIn(dir).stream().filter(d -> withSubdirectories || d.equals(dir)).toList();
        List<Path> others = runs.stream().filter(r -> !r.equals(dir) && !partOfTheRunIn(r)).toList();
        if (!others.isEmpty()) {
            // a folder that holds runs is not a run: --force replaces only the run in it, never theirs (sweep 7, case 47)
            throw new InvalidOptionException(option + " " + dir + " holds " + others.size() + (others.size() == 1
                    ? " run" : " runs") + " in its subfolders (" + named(others.stream().map(Path::normalize).toList())
                    + "): --force replaces only a run in " + dir + " itself, never theirs; choose another "
                    + (option.startsWith("--") ? option : "directory"));
        }
        if (runs.isEmpty()) {
            return unlocked ? requireNoStrayFiles(dir, replace, option) : ReplacedRun.none(dir);
        }
        if (!replace) {
            Optional<String> unmeasured = benchkit.core.result.JournalReader.endedBeforeMeasuring(runs.get(0));
            if (runs.size() == 1 && unmeasured.isPresent()) {
                // no result to point bench report at (sweep 7, case 89)
                throw new InvalidOptionException(option + " " + dir + " holds an earlier run that ended before any measured"
                        + " iteration finished (" + unmeasured.get() + "; " + marker(runs.get(0)) + "), so it holds no"
                        + " result, but bench does not overwrite it: --force to replace it, or give another directory");
            }
            throw new InvalidOptionException(option + " " + dir + " holds the results of an earlier run ("
                    + marker(runs.get(0)) + "), which bench does not overwrite: give another directory, or --force to replace them"
                    + benchkit.core.result.JournalReader.rebuildHint(runs.get(0))
                            .map(h -> " (--force deletes it; " + h + ")").orElse(""));
        }
        try {
            List<Path> files = new java.util.ArrayList<>();
            for (Path run : runs) {
                files.addAll(filesOf(run));
                if (isWorker(dir, run)) {
                    files.add(dir.resolve(run.getFileName() + ".log"));
                }
            }
            ReplacedRun aside = ReplacedRun.moveAside(dir, files.stream()
                    .filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS)).toList(), withSubdirectories, option);
            for (Path run : runs) {
                // the directories bench made for the files, when nothing else is left in them
                removeLatencyLogs(run.resolve(LatencyLog.DIR));
                if (isWorker(dir, run)) {
                    removeIfOnlyLock(run);
                }
            }
            return aside;
        } catch (IOException e) {
            throw new InvalidOptionException("cannot set aside the earlier run in " + dir + ": " + RunFailure.ioMessage(e));
        }
    }

    private static boolean isWorker(Path dir, Path run) {
        return !run.equals(dir) && run.getFileName().toString().matches("worker-\\d+");
    }

    /** Bench's own files in {@code dir}: {@link #FILES} and the latency logs bench wrote, nothing else. */
    private static List<Path> filesOf(Path dir) throws IOException {
        List<Path> files = new java.util.ArrayList<>(FILES.stream().map(dir::resolve).toList());
        Path latency = dir.resolve(LatencyLog.DIR);
        if (Files.isDirectory(latency, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> logs = Files.list(latency)) {
                logs.filter(LatencyLog::isWrittenByBench).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** Removes bench's own files from {@code dir}: {@link #FILES} and the latency logs bench wrote, nothing else. */
    private static void removeFiles(Path dir) throws IOException {
        for (String name : FILES) {
            PrivateTempDir.deleteRecursively(dir.resolve(name));
        }
        removeLatencyLogs(dir.resolve(LatencyLog.DIR));
    }

    /**
     * Removes the run in {@code dir} (its own files, and with {@code withSubdirectories} those of its workloads' and
     * workers' directories in it), and the directories bench made for them once they hold nothing else: what --force
     * replaces, nothing of the user's.
     */
    static void removeRuns(Path dir, boolean withSubdirectories) throws IOException {
        removeFiles(dir);
        List<Path> parts = !withSubdirectories ? List.of()
                : runsIn(dir).stream().filter(r -> !r.equals(dir) && partOfTheRunIn(r)).toList();
        for (Path run : parts) {
            removeFiles(run);
            if (isWorker(dir, run)) {
                removeWorkerLeftovers(dir, run);
            }
        }
    }

    /**
     * Whether a run in {@code dir} (with {@code withSubdirectories}, or in a workload's or worker's directory in it)
     * finished a measured iteration, by its journal.
     */
    static boolean holdsMeasuredRun(Path dir, boolean withSubdirectories) {
        return runsIn(dir).stream().filter(run -> run.equals(dir) || withSubdirectories && partOfTheRunIn(run)).anyMatch(run -> {
            try {
                return benchkit.core.result.JournalReader.read(run).measured() > 0;
            } catch (IOException | RuntimeException unreadable) {
                return false;
            }
        });
    }

    /**
     * Files of bench's names with no run beside them (a run.json or results.csv of the user's, a report.html and latency
     * logs copied from a run) would be overwritten by the new run's: refused unless replaced (sweep 7, case 81).
     */
    private static ReplacedRun requireNoStrayFiles(Path dir, boolean replace, String option) {
        List<Path> stray = new java.util.ArrayList<>(FILES.stream().map(dir::resolve)
                .filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS)).toList());
        Path latency = dir.resolve(LatencyLog.DIR);
        if (Files.isDirectory(latency, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> files = Files.list(latency)) {
                files.filter(LatencyLog::isNamedAsBench).sorted().forEach(stray::add);
            } catch (IOException e) {
                // unreadable: the run's own write will say so
            }
        }
        if (stray.isEmpty()) {
            return ReplacedRun.none(dir);
        }
        if (!replace) {
            throw new InvalidOptionException(option + " " + dir + " holds " + named(stray) + ", which bench would "
                    + "overwrite: give another directory, or --force to replace " + (stray.size() == 1 ? "it" : "them"));
        }
        try {
            ReplacedRun aside = ReplacedRun.moveAside(dir, filesOf(dir).stream()
                    .filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS)).toList(), false, option);
            removeFiles(dir);       // an empty latency/ left
            return aside;
        } catch (IOException e) {
            throw new InvalidOptionException("cannot set aside the earlier files in " + dir + ": " + RunFailure.ioMessage(e));
        }
    }

    /** The first three of {@code paths}, and how many more. */
    private static String named(List<Path> paths) {
        return String.join(", ", paths.stream().limit(3).map(Path::toString).toList())
                + (paths.size() > 3 ? " and " + (paths.size() - 3) + " more" : "");
    }

    /**
     * Whether the run in subdirectory {@code sub} is part of the run around it: a --clients run's worker
     * ({@code worker-N}), or a workload of a run of several ({@code <workload>/}, named so in its journal).
     */
    private static boolean partOfTheRunIn(Path sub) {
        String name = sub.getFileName().toString();
        if (name.matches("worker-\\d+")) {
            return true;
        }
        try {
            return name.equals(benchkit.core.result.JournalReader.read(sub).run().workload());
        } catch (IOException | RuntimeException unreadable) {
            return false;       // not known to be this run's: never removed with it
        }
    }

    /**
     * A new run's directory inside an earlier run's (its {@code latency/}, say) would be removed with it by a later
     * {@code --force} on that run, and would read as part of it: refused.
     */
    private static void requireOutsideRuns(Path dir, String option) {
        for (Path up = dir.toAbsolutePath().normalize().getParent(); up != null; up = up.getParent()) {
            if (Files.isRegularFile(up.resolve(Journal.FILE_NAME)) || Files.isRegularFile(up.resolve("jmh-result.json"))) {
                throw new InvalidOptionException(option + " " + dir + " lies inside the directory of an earlier run ("
                        + marker(up) + "), whose files it would mix with: give a directory outside " + up);
            }
        }
    }

    /**
     * A --clients run's worker directory, once its files are gone, and the coordinator's log of that worker beside it:
     * left, they mixed an earlier run's leftovers into the new one's directory (sweep 6, case 109). A worker directory
     * that still holds anything (a user's file) stays.
     */
    private static void removeWorkerLeftovers(Path dir, Path worker) throws IOException {
        Files.deleteIfExists(dir.resolve(worker.getFileName() + ".log"));
        removeIfOnlyLock(worker);
    }

    /** Removes a worker's directory that holds nothing but its lock file; one that holds anything else stays. */
    private static void removeIfOnlyLock(Path worker) throws IOException {
        try (Stream<Path> files = Files.list(worker)) {
            if (files.allMatch(f -> f.getFileName().toString().equals(ResultLock.FILE))) {
                Files.deleteIfExists(worker.resolve(ResultLock.FILE));
                Files.deleteIfExists(worker);
            }
        }
    }

    /** The latency logs bench wrote in {@code latency}: by their name and first line; the directory too once empty. */
    private static void removeLatencyLogs(Path latency) throws IOException {
        if (!Files.isDirectory(latency, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.list(latency)) {
            for (Path f : files.filter(LatencyLog::isWrittenByBench).toList()) {
                Files.delete(f);
            }
        }
        try {
            Files.delete(latency);
        } catch (DirectoryNotEmptyException kept) {
            // the user's own files (or a directory) in it stay, and so does it
        }
    }

    /**
     * {@code dir}, or {@code dir-2}, {@code dir-3}... when it exists: a default name that two runs in one second share.
     * The directory is made here, atomically, so that two runs that pick a name at once never get the same one.
     */
    public static Path unique(Path dir) {
        try {
            Files.createDirectories(dir.toAbsolutePath().getParent());
            Path candidate = dir;
            for (int n = 2; ; n++) {
                try {
                    Files.createDirectory(candidate);
                    return candidate;
                } catch (FileAlreadyExistsException taken) {
                    candidate = dir.resolveSibling(dir.getFileName() + "-" + n);
                }
            }
        } catch (IOException e) {
            throw new InvalidOptionException("cannot make the result directory " + dir + ": " + RunFailure.ioMessage(e)
                    + "; give a directory you can write with --out");
        }
    }

    /** The file that says {@code dir} holds a run: its journal, or the JMH results of an older or merged run. */
    private static Path marker(Path dir) {
        Path journal = dir.resolve(Journal.FILE_NAME);
        return Files.isRegularFile(journal) ? journal : dir.resolve("jmh-result.json");
    }

    /** The directories, {@code dir} and its immediate subdirectories, that hold a run's journal or JMH results. */
    private static List<Path> runsIn(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            // a workload's subdirectory holds its run; bench's own latency/ never does (a run nested there is not this one)
            return Stream.concat(Stream.of(dir), children.filter(Files::isDirectory)
                            .filter(d -> !d.getFileName().toString().equals(LatencyLog.DIR))
                            .filter(d -> !d.getFileName().toString().equals(ReplacedRun.DIR)).sorted())
                    .filter(d -> Files.isRegularFile(marker(d))).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}

package benchkit.core.run.results;


import benchkit.core.run.plan.RunFailure;
import benchkit.core.result.Journal;
import benchkit.launch.PrivateTempDir;
import benchkit.spi.InvalidOptionException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * A run's result directory never holds another run's results: an earlier run's are never overwritten, nor mixed
 * with the new ones (a journal with two runs, a jmh-result.json of the second beside a report of the first). A
 * directory that holds a run is refused, as bad input, before anything starts — unless the user asks to replace
 * it, and then only bench's own files go, never anything else in the directory.
 */
public final class ResultDirectory {
    /** What bench writes into a result directory: what --force removes, and nothing else. */
    static final List<String> FILES = List.of(Journal.FILE_NAME, "jmh-result.json", "results.csv", "report.html", "run.json",
            "study.json", "latency");

    private ResultDirectory() {
    }

    /**
     * Checks that {@code dir} can take a new run: a path, not a file, and no earlier run in it (nor in a workload's
     * subdirectory, as a run of several workloads leaves). With {@code replace} an earlier run's files are removed.
     *
     * @param option how the user named it, for messages, e.g. {@code --out}
     */
    public static void requireFresh(Path dir, boolean replace, String option) {
        requireFresh(dir, replace, option, true);
    }

    /**
     * The same, looking at {@code dir} alone when {@code withSubdirectories} is false: where the runs to merge may
     * be subdirectories of the merged run's directory ({@code bench merge}, the {@code --clients} layout).
     */
    public static void requireFresh(Path dir, boolean replace, String option, boolean withSubdirectories) {
        requireFresh(dir, replace, option, withSubdirectories, true);
    }

    /** As {@link #requireFresh(Path, boolean, String)} for the run that holds {@code lock} on the directory. */
    public static void requireFresh(ResultLock lock, Path dir, String option) {
        requireFresh(dir, false, option, true, false);
    }

    private static void requireFresh(Path dir, boolean replace, String option, boolean withSubdirectories,
                                     boolean unlocked) {
        if (dir == null || dir.toString().isBlank()) {
            throw new InvalidOptionException(option + " needs a directory; an empty path would write the results into "
                    + "the current directory");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new InvalidOptionException(option + " " + dir + " is a file, not a directory");
        }
        if (unlocked) {
            ResultLock.requireFree(dir, option);
        }
        List<Path> runs = runsIn(dir).stream().filter(d -> withSubdirectories || d.equals(dir)).toList();
        if (runs.isEmpty()) {
            return;
        }
        if (!replace) {
            throw new InvalidOptionException(option + " " + dir + " holds the results of an earlier run ("
                    + marker(runs.get(0)) + "), which bench does not overwrite: give another directory, or --force to replace them");
        }
        try {
            for (Path run : runs) {
                for (String name : FILES) {
                    PrivateTempDir.deleteRecursively(run.resolve(name));
                }
            }
        } catch (IOException e) {
            throw new InvalidOptionException("cannot remove the earlier run in " + dir + ": " + RunFailure.ioMessage(e));
        }
    }

    /** {@code dir}, or {@code dir-2}, {@code dir-3}... when it exists: a default name that two runs in one second share. */
    public static Path unique(Path dir) {
        Path candidate = dir;
        for (int n = 2; Files.exists(candidate); n++) {
            candidate = dir.resolveSibling(dir.getFileName() + "-" + n);
        }
        return candidate;
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
            return Stream.concat(Stream.of(dir), children.filter(Files::isDirectory).sorted())
                    .filter(d -> Files.isRegularFile(marker(d))).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}

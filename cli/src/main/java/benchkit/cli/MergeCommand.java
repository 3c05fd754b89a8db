package benchkit.cli;

import benchkit.core.merge.WorkerMerge;
import benchkit.core.result.SummaryTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bench merge DIR...}: the workers' results of one run as one run. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = "Join the result directories of the workers of one run (bench --worker I/N) into one run: "
                + "counts summed per iteration, latency percentiles from the added histograms, client CPU per worker "
                + "and in total, params clients=N.")
final class MergeCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The workers' result directories.")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Where to write the merged run; one that holds a run already is refused unless --force.")
    Path out;

    @Option(names = "--force", description = "Replace the run already in --out (only bench's own files).")
    boolean force;

    @Option(names = "--allow-missing",
            description = "Merge even when a worker or some of its iterations are missing (run.json names them); "
                    + "by default the merge refuses a total that lacks load.")
    boolean allowMissing;

    @Override
    public Integer call() throws Exception {
        dirs.forEach(ReportCommand::requireNamed);
        requireOutApart(dirs, out);
        // the workers' directories may sit inside --out, as --clients leaves them
        benchkit.core.run.results.ReplacedRun replaced = benchkit.core.run.results.ResultDirectory.requireFresh(out,
                force, "--out", false);
        try {
            return merge(dirs, out, allowMissing);
        } catch (IllegalArgumentException e) {
            // an input bench cannot read (a run.json that is not JSON): bad input, and nothing was written
            throw new UsageException(e.getMessage());
        } finally {
            // the run --force replaces goes once the merge has written its own; else it comes back
            replaced.settle().ifPresent(line -> System.err.println("bench: " + line));
        }
    }

    /**
     * Refuses an {@code --out} that is one of the workers' directories: with --force the merge would first clear the
     * very results it was to read (a worker's directory emptied, nothing merged). A directory inside one, or around
     * them (as --clients leaves them), holds other files than the ones read.
     */
    static void requireOutApart(List<Path> dirs, Path out) {
        Path o = real(out);
        for (Path d : dirs) {
            if (o.equals(real(d))) {
                throw new UsageException("--out " + out + " is " + d + ", one of the directories to merge: write the "
                        + "merged run elsewhere");
            }
        }
    }

    /** The path with links resolved as far as it exists (--out often does not yet). */
    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !java.nio.file.Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return existing == null ? abs : existing.toRealPath().resolve(existing.relativize(abs));
        } catch (java.io.IOException e) {
            return abs;
        }
    }

    /** Removes {@code dir} when it holds nothing but its lock file. */
    private static void removeIfNothingIn(Path dir) {
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
            if (files.allMatch(f -> f.getFileName().toString().equals(benchkit.core.run.results.ResultLock.FILE))) {
                java.nio.file.Files.deleteIfExists(dir.resolve(benchkit.core.run.results.ResultLock.FILE));
                java.nio.file.Files.deleteIfExists(dir);
            }
        } catch (java.io.IOException e) {
            // an empty directory left behind is no loss
        }
    }

    /** The files in {@code dir} and in its latency/ now: what a merge that fails leaves as it found. */
    static java.util.Set<Path> listing(Path dir) {
        java.util.Set<Path> files = new java.util.HashSet<>();
        for (Path d : List.of(dir, dir.resolve(benchkit.core.result.LatencyLog.DIR))) {
            try (java.util.stream.Stream<Path> in = java.nio.file.Files.list(d)) {
                in.forEach(files::add);
            } catch (java.io.IOException none) {
                // not there: nothing in it to keep
            }
        }
        return files;
    }

    /**
     * A merge that met a full disk removes what it wrote in {@code out} (an empty journal left there blocked the same
     * merge as an earlier run, sweep 7 case 63), and the line says so in bench's words, with the remedy.
     */
    static String undoOnFullDisk(Path out, java.util.Set<Path> before, boolean made, String full) {
        List<Path> created = listing(out).stream().filter(f -> !before.contains(f))
                .filter(f -> !f.getFileName().toString().equals(benchkit.core.run.results.ResultLock.FILE))
                .sorted(java.util.Comparator.reverseOrder()).toList();     // latency/'s logs before latency/ itself
        List<String> kept = new java.util.ArrayList<>();
        for (Path f : created) {
            try {
                java.nio.file.Files.deleteIfExists(f);
            } catch (java.io.IOException e) {
                kept.add(f.toString());     // latency/ with a file the merge did not write (none), or not removable
            }
        }
        if (made) {
            removeIfNothingIn(out);
        }
        return "cannot write the merge in " + out + ": " + full + "; "
                + (kept.isEmpty() ? "nothing of it is left there" : "left there: " + String.join(", ", kept))
                + "; free space there, then run the same bench merge again";
    }

    /** Merges, prints the summary table and says where; exit 1 when the merge was refused or a file not written. */
    static int merge(List<Path> dirs, Path out, boolean allowMissing) throws Exception {
        return merge(dirs, out, allowMissing, WorkerMerge.IncompleteMergeException::getMessage);
    }

    /** The same, {@code refusal} wording the line of a merge refused for load missing (the coordinator's names its workers). */
    static int merge(List<Path> dirs, Path out, boolean allowMissing,
                     java.util.function.Function<WorkerMerge.IncompleteMergeException, String> refusal) throws Exception {
        return StopLine.around(() -> stopped(out), () -> mergeAndSay(dirs, out, allowMissing, refusal));
    }

    /** What a signal during a merge leaves: the workers' directories as they were, and --out perhaps part-written. */
    static String stopped(Path out) {
        boolean part;
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(out)) {
            part = files.map(f -> f.getFileName().toString()).anyMatch(f -> !f.equals(benchkit.core.run.results.ResultLock.FILE)
                    && !f.equals(benchkit.core.run.results.ReplacedRun.DIR));
        } catch (java.io.IOException e) {
            part = false;      // no --out yet: nothing written
        }
        return "merge stopped by " + benchkit.core.run.SignalGuard.lastSignal() + "; the workers' directories are as they"
                + " were" + (part ? ", and " + out + " holds part of the merge: run the same bench merge again with --force"
                        : ": run the same bench merge again");
    }

    /**
     * The merge's last line. With load missing (--allow-missing) "Merged 2 workers" alone read as a whole run, though
     * both may have been interrupted: it says the total lacks load, as the merged journal does.
     */
    static String doneLine(int workers, List<String> missing, Path out) {
        return "# Merged " + workers + " workers" + (missing.isEmpty() ? ""
                : ", with load missing (" + missing.size() + " gap" + (missing.size() == 1 ? "" : "s")
                        + " named above; the merged run is marked incomplete)") + ": " + out;
    }

    private static int mergeAndSay(List<Path> dirs, Path out, boolean allowMissing,
                                   java.util.function.Function<WorkerMerge.IncompleteMergeException, String> refusal) throws Exception {
        WorkerMerge.Result r;
        boolean made = !java.nio.file.Files.exists(out);
        java.util.Set<Path> before = listing(out);
        try (benchkit.core.run.results.ResultLock lock = benchkit.core.run.results.ResultLock.take(out, "--out")) {
            try {
                r = WorkerMerge.merge(dirs, benchkit.core.run.Runner.prepareOutDir(out), allowMissing, System.out::println);
            } catch (java.io.IOException e) {
                java.util.Optional<String> full = benchkit.core.run.results.ResultSpace.whyFull(out);
                if (full.isEmpty()) {
                    if (made) {
                        removeIfNothingIn(out);   // a worker's log that cannot be read (sweep 9, case 34): no empty --out left
                    }
                    throw e;
                }
                System.err.println("bench: error: " + undoOnFullDisk(out, before, made, full.get()));
                return Cli.EXIT_FAILURE;
            } catch (RuntimeException e) {
                if (made) {
                    removeIfNothingIn(out);   // a refused merge leaves no directory it made
                }
                if (e instanceof WorkerMerge.IncompleteMergeException refused) {
                    System.err.println("bench: error: " + refusal.apply(refused));
                    return Cli.EXIT_FAILURE;
                }
                throw e;
            }
        }
        java.util.Optional<String> full = r.failures().isEmpty() ? java.util.Optional.empty()
                : benchkit.core.run.results.ResultSpace.whyFull(out);
        if (full.isPresent()) {
            // part of the merged files written: none kept, so the same merge runs again as it is
            System.err.println("bench: error: " + undoOnFullDisk(out, before, made, full.get()));
            return Cli.EXIT_FAILURE;
        }
        if (!r.results().isEmpty()) {
            SummaryTable.print(r.results(), System.out, r::mark);
        }
        r.merged().forEach(m -> System.out.println("# Merged from " + m));
        r.missing().forEach(m -> System.out.println("# Missing: " + m));
        System.out.println(doneLine(dirs.size(), r.missing(), out));
        r.failures().forEach(f -> System.err.println("bench: error: " + f));
        return r.failures().isEmpty() ? 0 : Cli.EXIT_FAILURE;
    }
}

package benchkit.cli;

import benchkit.core.report.HtmlReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bench report DIR}: redraw a result directory's report.html from its jmh-result.json. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Redraw report.html of a result directory from its jmh-result.json.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", description = "A result directory written by 'bench run'.")
    Path dir;

    @Option(names = "--study", paramLabel = "FILE",
            description = "Put this study file's published findings beside the measured ones (kept as study.json).")
    Path study;

    /** Whether this report writes a killed run's result files from its journal, and whether it has written them. */
    private volatile boolean rebuilding;
    private final java.util.concurrent.CountDownLatch written = new java.util.concurrent.CountDownLatch(1);

    @Override
    public Integer call() throws Exception {
        requireNamed(dir);
        return StopLine.around(() -> {
            try {
                // the three small files take milliseconds: waited for, so that the line tells a whole state
                written.await(rebuilding ? 5 : 0, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return stopped(dir, rebuilding, written.getCount() == 0);
        }, this::report);
    }

    /** What a signal leaves of a report (sweep 7, case 83: exit 130 and no line, though files were rewritten). */
    static String stopped(Path dir, boolean rebuilding, boolean written) {
        String by = "report stopped by " + benchkit.core.run.SignalGuard.lastSignal();
        if (rebuilding && !written) {
            return by + " while it wrote the result files of " + dir + " from its journal: remove those written there"
                    + " (jmh-result.json, results.csv, run.json), then the same bench report " + dir + " writes them again";
        }
        return by + ": " + (rebuilding ? "jmh-result.json, results.csv and run.json in " + dir + " are written from its "
                + "journal, report.html is not drawn" : "report.html in " + dir + " is as it was (it is written whole or "
                + "not at all)") + "; the same bench report " + dir + " draws it";
    }

    private Integer report() throws Exception {
        if (Files.isDirectory(dir.resolve(benchkit.core.run.results.ReplacedRun.DIR))) {
            // a killed --force run's: the earlier run comes back before anything is read
            benchkit.core.run.results.ResultLock.requireFree(dir, "the run directory");
            benchkit.core.run.results.ReplacedRun.recover(dir, "the run directory");
        }
        if (!Files.isRegularFile(dir.resolve("jmh-result.json"))
                && Files.isRegularFile(dir.resolve(benchkit.core.result.Journal.FILE_NAME))) {
            benchkit.core.run.results.ResultLock.requireFree(dir, "the run directory");
            requireNotEnded(dir, null);
            writeFromJournal(dir);
        }
        requireResultDir(dir);
        requireOwnResults(dir);
        RunCommand.readStudy(study).ifPresent(s -> {
            try {
                s.writeTo(dir);
            } catch (java.io.IOException e) {
                throw new UsageException("cannot write " + dir.resolve(benchkit.core.report.Study.FILE_NAME) + ": " + Cli.describe(e));
            }
        });
        benchkit.core.report.ReportInput input;
        try {
            input = benchkit.core.report.ReportInput.read(dir, benchkit.core.plugin.PluginRegistry.loadDefault()
                    .baselineWorkloads());
        } catch (java.io.IOException e) {
            throw new UsageException("cannot read the run in " + dir + " (" + benchkit.core.run.plan.RunFailure.ioMessage(e)
                    + ")");
        }
        // a damaged latency log costs the over-time chart its trial, not the report: said, and the report drawn
        input.damagedLogs().forEach(d -> System.err.println("bench: warning: " + Cli.shown(d)));
        Path written;
        try {
            written = HtmlReport.write(dir, input);
        } catch (java.io.IOException e) {
            // a read-only result directory: the reason, not a temporary file's name
            throw new UsageException("cannot write the report in " + dir + " (" + benchkit.core.run.plan.RunFailure.ioMessage(e)
                    + "); copy the directory somewhere you can write, and report that");
        }
        System.out.println("Wrote " + written);
        return 0;
    }

    /**
     * A run killed before it wrote its results (kill -9, a lost machine) left its journal, which holds every iteration
     * that finished: the result files are written from it, as bench merge writes a merged run's, and the line says so.
     */
    private void writeFromJournal(Path dir) throws java.io.IOException {
        benchkit.core.result.JournalReader.Contents journal;
        try {
            journal = benchkit.core.result.JournalReader.read(dir);
        } catch (java.io.IOException e) {
            throw new UsageException(dir + " holds no results and its journal cannot be read: " + Cli.describe(e));
        }
        requireNotEnded(dir, journal);
        long measured = journal.measured();
        long invalid = journal.trials().stream().flatMap(t -> t.iterations().stream())
                .filter(i -> !i.warmup() && !i.valid()).count();
        if (measured == 0) {
            throw new UsageException(dir + " holds a run that ended before any measured iteration finished ("
                    + journal.error().orElse("its journal has no end line: killed?") + "): nothing to report");
        }
        var entries = benchkit.core.result.JmhResults.build(journal.run(), journal.trials().stream()
                .filter(t -> t.iterations().stream().anyMatch(i -> !i.warmup())).toList());
        var run = benchkit.core.result.RunRecord.of(dir, journal.run().workload(), entries,
                benchkit.core.result.RunInfo.endingNow(null, java.util.Map.of("workload", journal.run().workload(),
                        benchkit.core.result.RunInfo.INCOMPLETE, journal.error().orElse("its journal has no end line (killed?)")
                                + "; these files were written from its journal afterwards")));
        // report.html is drawn after, as for any run (from the files written here)
        List<String> failures;
        rebuilding = true;
        try {
            failures = benchkit.core.run.results.ResultFiles.writeData(run, System.out::println);
        } finally {
            written.countDown();
        }
        // a run that wrote its end line (incomplete, e.g. the disk full) ended: said so, not that it did not end (N9)
        System.err.println("bench: warning: " + dir + " holds a run that " + (journal.ended() ? "ended incomplete: "
                : "did not end: ") + journal.error().orElse("its journal has no end line (killed?)") + "; its " + measured + " finished measurement iteration"
                + (measured == 1 ? " is" : "s are") + " written from its journal now"
                + (invalid == 0 ? "" : " (" + invalid + " of them invalid, left out of the scores)")
                + ", as jmh-result.json, results.csv, run.json and report.html");
        failures.forEach(f -> System.err.println("bench: error: " + f));
    }

    /**
     * A run that ended wrote its result files, and its run.json holds its settings: a jmh-result.json gone from it is
     * lost, not to be rebuilt from the journal over that run.json (whose settings the journal does not hold).
     *
     * @param journal the journal read, or null to look at run.json alone
     */
    private static void requireNotEnded(Path dir, benchkit.core.result.JournalReader.Contents journal) {
        Path results = dir.resolve("jmh-result.json");
        // as ResultFiles.rebuiltFromJournal, which tells a run whose files were not written to come here
        boolean described = Files.isRegularFile(dir.resolve(benchkit.core.result.RunInfo.FILE_NAME), java.nio.file.LinkOption.NOFOLLOW_LINKS);
        if (described || journal != null && journal.complete()) {
            throw new UsageException(results + (Files.exists(results, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    ? " is not a regular file" : " is missing") + ", though the run ended and wrote its result files ("
                    + (described ? "its run.json is there" : "its journal's end line says it completed")
                    + "): restore jmh-result.json from a copy of the run; bench report rebuilds from the journal only a run "
                    + "killed before it wrote them");
        }
    }

    /** A jmh-result.json copied from another run, or edited, would be reported as this run's: checked against its journal. */
    private static void requireOwnResults(Path dir) throws java.io.IOException {
        if (!Files.isRegularFile(dir.resolve(benchkit.core.result.Journal.FILE_NAME))) {
            return;     // results copied by hand, or a merge's inputs: nothing to tell by
        }
        benchkit.core.result.JournalReader.Contents journal;
        try {
            journal = benchkit.core.result.JournalReader.read(dir);
        } catch (java.io.IOException e) {
            return;     // a damaged journal does not stop the report of the results
        }
        try {
            benchkit.core.result.JournalReader.requireOwn(dir.resolve("jmh-result.json"),
                    benchkit.core.report.JmhResultReader.readDirectory(dir), journal);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** An empty argument ('') names the working directory to Path, and showed as nothing in the refusal (sweep 6, case 72). */
    static void requireNamed(Path dir) {
        if (dir.toString().isBlank()) {
            throw new UsageException("an empty directory name ('') is not a result directory; name one, e.g. bench-results/*");
        }
    }

    /** A directory whose jmh-result.json is there and reads as JMH results: else bad input, as for compare. */
    static void requireResultDir(Path dir) {
        requireNamed(dir);
        benchkit.core.run.results.ResultDirectory.requireExisting(dir);
        // a run still writing it: say so, rather than that it is no result directory
        benchkit.core.run.results.ResultLock.requireFree(dir, "the run directory");
        benchkit.core.run.results.ReplacedRun.recover(dir, "the run directory");   // a killed --force run's
        if (!Files.isRegularFile(dir.resolve("jmh-result.json"))) {
            throw new UsageException(dir + " is not a result directory (no jmh-result.json in it)"
                    + benchkit.core.result.JournalReader.rebuildHint(dir).map(h -> ": " + h).orElse(""));
        }
        try {
            benchkit.core.result.RunInfo.read(dir);      // a run.json that is not JSON is bad input too, said now
            if (benchkit.core.report.JmhResultReader.readDirectory(dir).isEmpty()) {
                // a run that failed at its start (access denied): its end line says why (sweep 6, case 46)
                throw new UsageException(dir.resolve("jmh-result.json") + " holds no result (an empty list): "
                        + benchkit.core.result.JournalReader.whyNoResult(dir));
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        } catch (java.io.IOException e) {
            throw new UsageException("cannot read " + dir.resolve("jmh-result.json") + ": " + Cli.describe(e));
        }
    }
}

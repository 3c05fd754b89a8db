package benchkit.core.run.results;

import benchkit.core.run.plan.RunFailure;

import benchkit.core.report.HtmlReport;
import benchkit.core.report.ReportSettings;
import benchkit.core.result.CsvWriter;
import benchkit.core.result.JmhJsonWriter;
import benchkit.core.result.ResultWriter;
import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The files a run leaves beside its journal, written by a run, by {@code bench merge} and for a command's combined
 * results alike: every {@link ResultWriter} gets the same {@link RunRecord}.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * jmh-result.json, results.csv, run.json and report.html, each written whole or not at all. A file
     * that cannot be written (e.g. the disk is full) is named among the returned failures and the others are
     * still tried: the journal already holds every finished iteration. A report that cannot be drawn is a
     * warning, not a failure.
     */
    public static List<String> write(RunRecord run, ReportSettings report, Consumer<String> warn) {
        List<String> failures = new ArrayList<>();
        if (!writeData(run, warn, failures)) {
            // a report without its jmh-result.json could not be redrawn: not drawn, and said among what is missing
            failures.add("did not draw report.html: it is drawn from jmh-result.json, which is missing");
            return failures;
        }
        try {
            write(HtmlReport.writer(report), run, failures);
        } catch (RuntimeException e) {
            warn.accept("# Warning: could not draw the HTML report: " + RunFailure.describe(e));
        }
        return failures;
    }

    /**
     * jmh-result.json, results.csv and run.json, without the report: what {@code bench report} writes from a killed run's
     * journal before it draws report.html as it always does. Returns the files that could not be written, named.
     */
    public static List<String> writeData(RunRecord run, Consumer<String> warn) {
        List<String> failures = new ArrayList<>();
        writeData(run, warn, failures);
        return failures;
    }

    /** Whether jmh-result.json, which the report is drawn from, was written. */
    private static boolean writeData(RunRecord run, Consumer<String> warn, List<String> failures) {
        madeAgainIfRemoved(run.dir(), warn);
        boolean jmhWritten = write(new JmhJsonWriter(), run, failures);
        for (ResultWriter writer : List.of(new CsvWriter(), RunInfo.writer())) {
            write(writer, run, failures);
        }
        return jmhWritten;
    }

    /**
     * For a run whose result files could not be written (a full disk): how its finished iterations still become them,
     * when its journal holds some and no run.json says the files were written ({@code bench report} writes them from
     * such a journal); else empty.
     */
    public static java.util.Optional<String> rebuiltFromJournal(java.nio.file.Path dir) {
        if (java.nio.file.Files.isRegularFile(dir.resolve("jmh-result.json"))
                || java.nio.file.Files.isRegularFile(dir.resolve(RunInfo.FILE_NAME), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return java.util.Optional.empty();
        }
        long measured;
        try {
            benchkit.core.result.JournalReader.Contents journal = benchkit.core.result.JournalReader.read(dir);
            measured = journal.complete() ? 0 : journal.measured();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        return measured == 0 ? java.util.Optional.empty() : java.util.Optional.of("its journal keeps the " + measured
                + " finished measurement iteration" + (measured == 1 ? "" : "s") + ": once there is space again (or the "
                + "cause is fixed), bench report " + dir + " writes the result files from it");
    }

    /**
     * The result directory removed while the run went on (rm -rf, a cleanup job): the results held in memory still
     * get a place, and the warning says what went with the directory.
     */
    private static void madeAgainIfRemoved(java.nio.file.Path dir, Consumer<String> warn) {
        if (dir == null || java.nio.file.Files.isDirectory(dir)) {
            return;
        }
        try {
            java.nio.file.Files.createDirectories(dir);
            warn.accept("# Warning: the result directory " + dir + " was removed during the run; it is made again for "
                    + "the results, and the journal and latency logs written into it before are gone");
        } catch (IOException e) {
            // each file's own failure below names the reason
        }
    }

    private static boolean write(ResultWriter writer, RunRecord run, List<String> failures) {
        try {
            writer.write(run);
            return true;
        } catch (IOException e) {
            failures.add("could not write " + writer.fileName() + ": " + RunFailure.ioMessage(e));
            return false;
        }
    }
}

package benchkit.core.run;

import benchkit.core.report.Compare;
import benchkit.core.report.HtmlReport;
import benchkit.core.report.ReportInput;
import benchkit.core.report.RunInfo;
import benchkit.core.report.Study;
import benchkit.core.result.BenchmarkResult;
import benchkit.core.result.CsvWriter;
import benchkit.core.result.JmhJsonWriter;
import benchkit.core.result.JmhResults;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** The files a run leaves beside its journal, written by a run and by {@code bench merge} alike. */
public final class ResultFiles {
    private ResultFiles() {
    }

    /** How a run's report judges its effects, against which baseline, and the published study it puts beside them. */
    public record ReportSettings(Compare.Settings verdicts, Optional<String> baseline, Optional<Study> study) {
    }

    /**
     * jmh-result.json, results.csv, run.json and report.html, each written whole or not at all. A file
     * that cannot be written (e.g. the disk is full) is named among the returned failures and the others are
     * still tried: the journal already holds every finished iteration. A report that cannot be drawn is a
     * warning, not a failure.
     */
    public static List<String> write(Path dir, String workload, List<JmhResults.Entry> entries, List<BenchmarkResult> results,
                                     RunInfo run, ReportSettings report, Consumer<String> warn) {
        List<String> failures = new ArrayList<>();
        boolean jmhWritten = write(JmhJsonWriter.FILE_NAME, failures, () -> JmhJsonWriter.write(entries, dir));
        write(CsvWriter.FILE_NAME, failures, () -> CsvWriter.write(workload, results, dir));
        write(RunInfo.FILE_NAME, failures, () -> run.writeTo(dir));
        if (!jmhWritten) {
            return failures;                    // a report without its jmh-result.json could not be redrawn
        }
        try {
            write(HtmlReport.FILE_NAME, failures, () -> HtmlReport.write(dir, ReportInput.ofRun(dir, results, run,
                    report.verdicts(), report.baseline(), report.study())));
        } catch (RuntimeException e) {
            warn.accept("# Warning: could not draw the HTML report: " + RunFailure.describe(e));
        }
        return failures;
    }

    private interface ResultWrite {
        void run() throws IOException;
    }

    private static boolean write(String file, List<String> failures, ResultWrite write) {
        try {
            write.run();
            return true;
        } catch (IOException e) {
            failures.add("could not write " + file + ": " + Runner.ioMessage(e));
            return false;
        }
    }
}

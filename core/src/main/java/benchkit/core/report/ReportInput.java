package benchkit.core.report;

import benchkit.core.result.RunInfo;
import benchkit.core.result.RunRecord;
import benchkit.core.result.VariantResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What report.html is drawn from. A run hands over what it holds in memory (its results, its run.json, how it judged
 * its effects and against which baseline, the published study it was given): nothing it wrote is read back for them.
 * The course over time and the flame graphs come from the latency logs and the profiler's folded stacks the run
 * wrote, series too long to keep in memory. {@code bench report} reads all of it from a result directory.
 *
 * @param verdicts how effects are judged (the run's settings, as run.json keeps them for a directory)
 * @param baseline the variant the run compared the others with, when it named one
 * @param damagedLogs one line for each latency log that could not be read whole, naming it (the chart leaves it out)
 */
public record ReportInput(List<VariantResult> results, Optional<RunInfo> run, Compare.Settings verdicts,
                          Optional<String> baseline, Optional<Study> study, List<FlameGraphs.Profile> profiles,
                          List<OverTime.Series> overTime, List<String> damagedLogs) {
    public ReportInput {
        results = List.copyOf(results);
        profiles = List.copyOf(profiles);
        overTime = List.copyOf(overTime);
        damagedLogs = List.copyOf(damagedLogs);
    }

    private ReportInput(List<VariantResult> results, Optional<RunInfo> run, Compare.Settings verdicts,
                        Optional<String> baseline, Optional<Study> study, List<FlameGraphs.Profile> profiles,
                        OverTime.Logs logs) {
        this(results, run, verdicts, baseline, study, profiles, logs.series(), logs.damaged());
    }

    /**
     * Everything from the files of the run in {@code dir}: jmh-result.json, run.json (with how the run judged its
     * effects), study.json, latency/, profiles/; workloads compared across with {@code baselineWorkloads}.
     */
    public static ReportInput read(Path dir, Map<String, String> baselineWorkloads) throws IOException {
        Optional<RunInfo> run = RunInfo.read(dir);
        Map<String, String> settings = run.map(RunInfo::settings).orElse(Map.of());
        return new ReportInput(JmhResultReader.readDirectory(dir), run,
                Compare.Settings.fromRunSettings(settings).withBaselineWorkloads(baselineWorkloads),
                Compare.Settings.baselineOf(settings), Study.read(dir), FlameGraphs.read(dir), OverTime.readAll(dir));
    }

    /** A finished run's report from what it holds; only the time series are read from its files in {@code dir}. */
    public static ReportInput ofRun(RunRecord run, ReportSettings settings) throws IOException {
        return new ReportInput(run.results(), Optional.of(run.info()), settings.verdicts(), settings.baseline(),
                settings.study(), FlameGraphs.read(run.dir()), OverTime.readAll(run.dir()));
    }
}

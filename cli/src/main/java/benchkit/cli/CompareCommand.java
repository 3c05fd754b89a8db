package benchkit.cli;

import benchkit.core.report.Compare;
import benchkit.core.report.Comparison;
import benchkit.core.report.ComparisonJson;
import benchkit.core.report.JmhResultReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code bench compare}: the effect B/A of every metric with its confidence interval and a verdict,
 * between the variants of one run (paired by fork) or between two runs.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare variants of one run, or two runs (A = baseline, B = candidate):",
            "  bench compare runs/matrix                       every variant against the first (or --baseline)",
            "  bench compare runs/matrix --variants allocator=glibc,allocator=jemalloc",
            "  bench compare runs/old runs/new --fail-on-regression",
            "Each row gives the effect B/A with its confidence interval, from the forks as independent replicates "
                    + "(variants of one run are paired by fork). Verdicts: faster/slower (throughput), better/worse "
                    + "(latency, CPU, memory) only when the interval excludes no change and the change is at least "
                    + "--min-effect; same when the whole interval is within ±--min-effect; else inconclusive, with "
                    + "the forks that would probably settle it."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(paramLabel = "DIR", arity = "1..2", description = "Result directories: OLD and NEW, or one run.")
    List<Path> dirs;

    @Option(names = "--variants", paramLabel = "KEY=A,KEY=B", split = ",",
            description = "Compare two variants of one directory, each chosen by one param, e.g. allocator=glibc,allocator=jemalloc.")
    List<String> variants;

    @Option(names = "--json", description = "Print the verdicts as a JSON array (one object per workload, threads and metric).")
    boolean json;

    @Option(names = "--fail-on-regression",
            description = "Exit 3 when a significant regression (slower, worse) beyond --min-effect is found, e.g. in CI.")
    boolean failOnRegression;

    @Mixin
    VerdictOptions verdicts = new VerdictOptions();

    @Override
    public Integer call() throws Exception {
        Compare.Settings settings = verdicts.settings()
                .withBaselineWorkloads(benchkit.core.plugin.PluginRegistry.loadDefault().baselineWorkloads());
        List<Comparison> comparisons;
        try {
            comparisons = comparisons(settings);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (comparisons.stream().allMatch(Comparison::isEmpty)) {
            throw new UsageException("nothing to compare: " + String.join(" and ", dirs.stream().map(Path::toString).toList())
                    + " share no workload and thread count" + unmatched(comparisons));
        }
        for (Path d : dirs) {
            // an interrupted run's scores are those of the iterations that finished: fewer than its settings say
            benchkit.core.result.JournalReader.whyIncomplete(d).ifPresent(why -> System.err.println("bench: warning: " + d
                    + " is a run that did not complete (" + why + "): its scores hold only the iterations that finished"
                    + (failOnRegression ? ", which --fail-on-regression judges as they are" : "")));
        }
        if (json) {
            System.out.print(ComparisonJson.render(comparisons));
        } else {
            for (int i = 0; i < comparisons.size(); i++) {
                System.out.print((i == 0 ? "" : "\n") + comparisons.get(i).render());
            }
        }
        List<Comparison.Row> regressions = comparisons.stream().flatMap(c -> c.regressions().stream()).toList();
        if (failOnRegression && !regressions.isEmpty()) {
            System.err.println("bench: " + regressions.size() + " regression" + (regressions.size() == 1 ? "" : "s")
                    + " beyond the minimum effect, e.g. "
                    + regressions.get(0).metric() + " at " + regressions.get(0).threads() + " threads: "
                    + regressions.get(0).judgement().describe());
            return Cli.EXIT_REGRESSION;
        }
        if (failOnRegression) {
            // a gate that cannot tell says so: an interval wider than the change it should catch (one fork, noise)
            List<Comparison.Row> untold = comparisons.stream().flatMap(c -> c.rows().stream())
                    .filter(r -> r.judgement() != null && r.judgement().verdict() == benchkit.core.stats.Verdict.INCONCLUSIVE)
                    .toList();
            if (!untold.isEmpty()) {
                Comparison.Row e = untold.get(0);
                System.err.println("bench: warning: " + untold.size() + " comparison" + (untold.size() == 1 ? "" : "s")
                        + " inconclusive, e.g. " + e.metric() + " at " + e.threads() + " threads: " + e.judgement().describe()
                        + "; --fail-on-regression cannot tell them and passes them: more forks (--forks 5) settle them");
            }
        }
        return Cli.EXIT_OK;
    }

    /** What each side had that the other did not, e.g. " (only in A: point-select at 8 threads; ...)". */
    private static String unmatched(List<Comparison> comparisons) {
        List<String> parts = comparisons.stream().flatMap(c -> c.unmatched().stream()).distinct().limit(4).toList();
        return parts.isEmpty() ? "" : " (" + String.join("; ", parts) + ")";
    }

    private List<Comparison> comparisons(Compare.Settings settings) throws Exception {
        if (verdicts.baseline().isPresent() && (variants != null || dirs.size() != 1)) {
            // it was ignored without a word (sweep 6, case 83)
            throw new UsageException("--baseline " + verdicts.baseline().get() + " picks the variant the others of one run are"
                    + " compared with; " + (variants != null ? "--variants names both sides" : "with two directories the first (A)"
                    + " is the baseline") + ": leave --baseline out");
        }
        if (variants != null) {
            if (dirs.size() != 1 || variants.size() != 2) {
                throw new UsageException("--variants takes one directory and two variants, e.g. DIR --variants allocator=glibc,allocator=jemalloc");
            }
            ReportCommand.requireResultDir(dirs.get(0));
            return List.of(Compare.variants(dirs.get(0), variants.get(0), variants.get(1), settings));
        }
        if (dirs.size() > 2) {
            throw new UsageException("compare takes one or two result directories, not " + dirs.size() + " (" + dirs.get(2)
                    + " would be left out); compare them two at a time, or merge them into one run first");
        }
        dirs.forEach(ReportCommand::requireResultDir);
        if (dirs.size() == 1) {
            List<Comparison> all = Compare.againstBaseline(JmhResultReader.readDirectory(dirs.get(0)), verdicts.baseline(),
                    Compare.withLooksOf(dirs.get(0), settings));
            if (all.isEmpty()) {
                throw new UsageException(dirs.get(0) + " holds one variant: nothing to compare it with; give a second "
                        + "result directory, or run several variants");
            }
            return all;
        }
        if (Files.isSameFile(dirs.get(0), dirs.get(1))) {
            System.err.println("bench: warning: " + dirs.get(0) + " and " + dirs.get(1) + " are the same run: every effect"
                    + " is 0 by construction");
        }
        return List.of(Compare.directories(dirs.get(0), dirs.get(1), settings));
    }
}

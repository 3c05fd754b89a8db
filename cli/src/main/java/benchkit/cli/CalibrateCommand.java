package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.VariantMatrix;
import benchkit.core.result.VariantResult;
import benchkit.core.report.Compare;
import benchkit.core.report.Comparison;
import benchkit.core.report.JmhResultReader;
import benchkit.core.result.MetricResult;
import benchkit.core.stats.VarianceComponents;
import org.apache.commons.math3.distribution.BetaDistribution;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code bench calibrate}: an A/A run. The configuration the options describe runs as several identical
 * variants (replicas), side by side like any variants; then every replica is compared with the first,
 * and the share of comparisons whose verdict claims a difference is this machine's false-positive rate
 * at these settings. It also prints where the variance sits: between forks (server instances and the
 * minutes they ran in), within forks (iterations), and what pairing by fork leaves of the between-fork part.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"A/A calibration: run one configuration as several identical variants and report how often "
                + "the verdicts claim a difference that is not there, and the variance at each level.",
            "  bench calibrate --workload point-select --forks 5",
            "Takes every option of 'bench run'."})
final class CalibrateCommand extends RunCommand {
    @Option(names = "--replicas", paramLabel = "N", defaultValue = "2",
            description = "Identical variants to run of each configuration (default ${DEFAULT-VALUE}).")
    int replicas;

    @Override
    List<Variant> variants(PluginRegistry registry) {
        if (replicas < 2 || replicas > 10) {
            throw new UsageException("--replicas=" + replicas + " is not valid; expected 2 to 10");
        }
        return VariantMatrix.replicate(super.variants(registry), replicas);
    }

    @Override
    void afterRuns(Map<String, Path> resultDirs) throws IOException {
        Compare.Settings settings = verdicts.settings()
                .withBaselineWorkloads(benchkit.core.plugin.PluginRegistry.loadDefault().baselineWorkloads());
        int rows = 0;
        int families = 0;
        int familiesClaiming = 0;
        List<String> claims = new ArrayList<>();
        System.out.println();
        System.out.println("# A/A calibration: " + settings.describe());
        for (Map.Entry<String, Path> e : resultDirs.entrySet()) {
            List<VariantResult> results;
            try {
                results = JmhResultReader.readDirectory(e.getValue());
            } catch (IllegalArgumentException missing) {
                continue;
            }
            printVariance(e.getKey(), results);
            boolean claimed = false;
            Compare.Settings judged = Compare.withLooksOf(e.getValue(), settings);
            judged.sequential().ifPresent(d -> System.out.println("# " + e.getKey() + ": " + d.describe()));
            for (Comparison c : Compare.againstBaseline(results, java.util.Optional.empty(), judged)) {
                for (Comparison.Row r : c.rows()) {
                    if (!r.judgement().effect().hasInterval() && r.judgement().effect().note().contains("zero")) {
                        continue;
                    }
                    rows++;
                    if (r.verdict().claimsDifference()) {
                        claimed = true;
                        claims.add(e.getKey() + " " + c.candidate() + " vs " + c.baseline() + " " + r.metric() + " at "
                                + r.threads() + " threads: " + r.judgement().describe());
                    }
                }
            }
            families++;
            familiesClaiming += claimed ? 1 : 0;
        }
        System.out.println("# Claimed a difference in " + rate(claims.size(), rows, "A/A comparisons"));
        System.out.println("# Runs (one per workload) that claimed anything: " + rate(familiesClaiming, families, "runs")
                + ": what a reader of a run's report meets");
        claims.forEach(c -> System.out.println("#   " + c));
    }

    /** e.g. {@code 1 of 20 A/A comparisons (5.0%, 95% interval 0.1-24.9%, Clopper-Pearson)}. */
    static String rate(int events, int trials, String what) {
        if (trials == 0) {
            return "0 of 0 " + what;
        }
        // Clopper-Pearson from its beta quantiles: commons-math's own ClopperPearsonInterval fails at 0 of n and n of n
        double low = events == 0 ? 0 : new BetaDistribution(null, events, trials - events + 1).inverseCumulativeProbability(0.025);
        double high = events == trials ? 1 : new BetaDistribution(null, events + 1, trials - events).inverseCumulativeProbability(0.975);
        return String.format(Locale.ROOT, "%d of %d %s (%.1f%%, 95%% interval %.1f-%.1f%%, Clopper-Pearson)", events, trials,
                what, 100.0 * events / trials, 100 * low, 100 * high);
    }

    /**
     * One replica's spread, e.g. {@code replica 1 fork-to-fork 2.1%, iteration 5.6%}; a part one fork (or one iteration a
     * fork) cannot measure says why there is no figure, not NaN.
     */
    static String spread(String replica, benchkit.core.stats.NestedSample sample) {
        VarianceComponents vc = VarianceComponents.of(sample);
        String forks = sample.forkCount() < 2 ? "unknown (one fork; --forks 2 or more measures it)"
                : percent(vc.forkCv());
        String iterations = sample.iterationCount() <= sample.forkCount() ? "unknown (one iteration a fork)"
                : percent(vc.iterationCv());
        return "replica " + replica + " fork-to-fork " + forks + ", iteration " + iterations;
    }

    private static String percent(double cv) {
        return Double.isFinite(cv) ? String.format(Locale.ROOT, "%.1f%%", cv * 100) : "unknown (a mean of zero)";
    }

    /** Per thread count: the throughput's variance components of each replica, and the paired spread. */
    private static void printVariance(String workload, List<VariantResult> results) {
        Map<Integer, List<VariantResult>> byThreads = new TreeMap<>();
        results.forEach(r -> byThreads.computeIfAbsent(r.threads(), t -> new ArrayList<>()).add(r));
        for (var e : byThreads.entrySet()) {
            List<String> parts = new ArrayList<>();
            for (VariantResult r : e.getValue()) {
                MetricResult tps = r.metrics().get(VariantResult.PRIMARY);
                parts.add(spread(r.params().getOrDefault("replica", "?"), Compare.sample(r, tps)));
            }
            System.out.println("# " + workload + " at " + e.getKey() + " threads, tps spread (SD/mean): "
                    + String.join("; ", parts));
        }
    }
}

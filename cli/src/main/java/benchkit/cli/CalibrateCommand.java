package benchkit.cli;

import benchkit.core.plugin.PluginRegistry;
import benchkit.core.run.Variant;
import benchkit.core.run.VariantMatrix;
import benchkit.core.result.BenchmarkResult;
import benchkit.core.report.Compare;
import benchkit.core.report.Comparison;
import benchkit.core.report.JmhResultReader;
import benchkit.core.result.MetricResult;
import benchkit.core.stats.VarianceComponents;
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
        Compare.Settings settings = verdicts.settings();
        int rows = 0;
        List<String> claims = new ArrayList<>();
        System.out.println();
        System.out.println("# A/A calibration: " + settings.describe());
        for (Map.Entry<String, Path> e : resultDirs.entrySet()) {
            List<BenchmarkResult> results;
            try {
                results = JmhResultReader.readDirectory(e.getValue());
            } catch (IllegalArgumentException missing) {
                continue;
            }
            printVariance(e.getKey(), results);
            for (Comparison c : Compare.againstBaseline(results, java.util.Optional.empty(), settings)) {
                for (Comparison.Row r : c.rows()) {
                    if (!r.judgement().effect().hasInterval() && r.judgement().effect().note().contains("zero")) {
                        continue;
                    }
                    rows++;
                    if (r.verdict().claimsDifference()) {
                        claims.add(e.getKey() + " " + c.candidate() + " vs " + c.baseline() + " " + r.metric() + " at "
                                + r.threads() + " threads: " + r.judgement().describe());
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "# Claimed a difference in %d of %d A/A comparisons (%.1f%%)%n", claims.size(), rows,
                rows == 0 ? 0.0 : 100.0 * claims.size() / rows);
        claims.forEach(c -> System.out.println("#   " + c));
    }

    /** Per thread count: the throughput's variance components of each replica, and the paired spread. */
    private static void printVariance(String workload, List<BenchmarkResult> results) {
        Map<Integer, List<BenchmarkResult>> byThreads = new TreeMap<>();
        results.forEach(r -> byThreads.computeIfAbsent(r.threads(), t -> new ArrayList<>()).add(r));
        for (var e : byThreads.entrySet()) {
            List<String> parts = new ArrayList<>();
            for (BenchmarkResult r : e.getValue()) {
                MetricResult tps = r.metrics().get(BenchmarkResult.PRIMARY);
                VarianceComponents vc = VarianceComponents.of(Compare.sample(r, tps));
                parts.add(String.format(Locale.ROOT, "replica %s fork-to-fork %.1f%%, iteration %.1f%%",
                        r.params().getOrDefault("replica", "?"), vc.forkCv() * 100, vc.iterationCv() * 100));
            }
            System.out.println("# " + workload + " at " + e.getKey() + " threads, tps spread (SD/mean): "
                    + String.join("; ", parts));
        }
    }
}

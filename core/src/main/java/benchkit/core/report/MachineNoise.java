package benchkit.core.report;

import benchkit.core.result.VariantResult;
import benchkit.core.result.MetricResult;
import benchkit.core.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How busy the machine was with other things while a run measured (the {@code machine} collector's
 * {@code machine.cpu.other} and {@code machine.cpu.steal} per iteration), and a warning when the machine
 * was busy while verdicts stayed inconclusive. These are conditions of the run, not effects of a variant: they
 * are never compared.
 */
public final class MachineNoise {
    public static final String OTHER = "machine.cpu.other";
    public static final String STEAL = "machine.cpu.steal";
    /** Other processes' CPU, on average over the run's iterations, from which the machine counts as busy. */
    static final double BUSY_OTHER_PERCENT = 25;
    /** CPU steal, on average, from which the machine counts as busy. */
    static final double BUSY_STEAL_PERCENT = 5;

    /** Mean and largest value over all measured iterations of a run, in % of one core. */
    record Level(double mean, double max, int iterations) {
    }

    private MachineNoise() {
    }

    /** Whether a metric describes the machine rather than the variant. */
    public static boolean isCondition(String metric) {
        return metric.startsWith("machine.");
    }

    static Optional<Level> level(List<VariantResult> results, String metric) {
        double sum = 0;
        double max = 0;
        int n = 0;
        for (VariantResult r : results) {
            MetricResult m = r.metrics().get(metric);
            if (m == null) {
                continue;
            }
            for (double[] fork : m.rawData()) {
                for (double v : fork) {
                    if (Double.isFinite(v)) {
                        sum += v;
                        max = Math.max(max, v);
                        n++;
                    }
                }
            }
        }
        return n == 0 ? Optional.empty() : Optional.of(new Level(sum / n, max, n));
    }

    /**
     * e.g. {@code # Machine while measuring: other processes 3.1% of a core on average (12.0% at most in an
     * iteration), CPU steal 0.0%}, and a warning when the machine was busy and verdicts stayed inconclusive.
     * Empty when the machine collector did not run.
     */
    public static List<String> lines(List<VariantResult> results, List<Comparison> comparisons) {
        Optional<Level> other = level(results, OTHER);
        Optional<Level> steal = level(results, STEAL);
        List<String> lines = new ArrayList<>();
        if (other.isEmpty() && steal.isEmpty()) {
            return lines;
        }
        List<String> parts = new ArrayList<>();
        other.ifPresent(l -> parts.add(String.format(Locale.ROOT, "other processes %.1f%% of a core on average (%.1f%% at "
                + "most in an iteration)", l.mean(), l.max())));
        steal.ifPresent(l -> parts.add(String.format(Locale.ROOT, "CPU steal %.1f%%", l.mean())));
        lines.add("# Machine while measuring: " + String.join(", ", parts));
        boolean busy = other.map(l -> l.mean() >= BUSY_OTHER_PERCENT).orElse(false)
                || steal.map(l -> l.mean() >= BUSY_STEAL_PERCENT).orElse(false);
        long inconclusive = comparisons.stream().flatMap(c -> c.rows().stream())
                .filter(r -> r.verdict() == Verdict.INCONCLUSIVE && r.judgement().effect().hasInterval()).count();
        if (busy && inconclusive > 0) {
            lines.add("# Warning: the machine was busy with other work while this run measured, which widens intervals: its "
                    + inconclusive + " inconclusive verdict" + (inconclusive == 1 ? "" : "s")
                    + " may settle on a quiet machine, or with more forks");
        }
        return lines;
    }
}

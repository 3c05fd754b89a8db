package benchkit.core.report;

import benchkit.core.result.VariantResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Workloads that do the same operations another way, compared across benchmarks when both ran: each workload that
 * declares a baseline workload ({@link Compare.Settings#baselineWorkloads}) against it; study D's question, native
 * memcached ({@code memcached-get}) against the SQL path the InnoDB memcached plugin replaces ({@code sql-kv-get}).
 * The two workloads ran one after the other, not side by side, so their forks are not paired.
 */
final class Counterparts {
    private Counterparts() {
    }

    static List<Comparison> compare(List<VariantLine> variants, Compare.Settings settings, ClaimFamily family) {
        List<Comparison> comparisons = new ArrayList<>();
        for (VariantLine candidate : variants) {
            String name = VariantLine.shortName(candidate.benchmark());
            String baselineName = settings.baselineWorkloads().get(name);
            if (baselineName == null) {
                continue;
            }
            List<VariantLine> bases = variants.stream().filter(v -> VariantLine.shortName(v.benchmark()).equals(baselineName)).toList();
            for (VariantLine base : bases) {
                // under the candidate's name, so entries match on threads and shared params
                List<VariantResult> renamed = base.results().stream().map(r -> new VariantResult(candidate.benchmark(),
                        r.variant(), r.threads(), r.settings(), r.params(), r.metrics(), r.forks())).toList();
                Comparison c = Compare.compare(baselineName, renamed, name, candidate.results(), false, settings, family);
                comparisons.add(new Comparison(label(baselineName, base, bases.size()),
                        label(name, candidate, variants.stream().filter(v -> v.benchmark().equals(candidate.benchmark())).count()),
                        c.rows(), c.unmatched(), settings));
            }
        }
        return comparisons;
    }

    private static String label(String workload, VariantLine v, long variantsOfWorkload) {
        return variantsOfWorkload > 1 ? workload + " (" + v.label() + ")" : workload;
    }
}

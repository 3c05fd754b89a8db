package benchkit.core.report;

import benchkit.core.result.BenchmarkResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Workloads that do the same operation through different servers, compared across benchmarks: each
 * {@code memcached-OP} workload against {@code sql-kv-OP}, its SQL baseline (the same gets and sets as point
 * selects and upserts on an InnoDB table; workloads-memcached defines both). This is study D's question,
 * native memcached against the SQL path the InnoDB memcached plugin replaces. The two workloads ran one after
 * the other, not side by side, so their forks are not paired.
 */
final class Counterparts {
    static final String CANDIDATE_PREFIX = "memcached-";
    static final String BASELINE_PREFIX = "sql-kv-";

    private Counterparts() {
    }

    static List<Comparison> compare(List<VariantLine> variants, Compare.Settings settings, ClaimFamily family) {
        List<Comparison> comparisons = new ArrayList<>();
        for (VariantLine candidate : variants) {
            String name = VariantLine.shortName(candidate.benchmark());
            if (!name.startsWith(CANDIDATE_PREFIX)) {
                continue;
            }
            String baselineName = BASELINE_PREFIX + name.substring(CANDIDATE_PREFIX.length());
            List<VariantLine> bases = variants.stream().filter(v -> VariantLine.shortName(v.benchmark()).equals(baselineName)).toList();
            for (VariantLine base : bases) {
                // under the candidate's name, so entries match on threads and shared params
                List<BenchmarkResult> renamed = base.results().stream().map(r -> new BenchmarkResult(candidate.benchmark(),
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

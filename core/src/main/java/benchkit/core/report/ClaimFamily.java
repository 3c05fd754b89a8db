package benchkit.core.report;

import benchkit.core.stats.Direction;
import benchkit.core.stats.EffectEstimator;
import benchkit.core.stats.FalseDiscoveryRate;
import benchkit.core.stats.Judgement;
import benchkit.core.stats.NestedSample;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The comparisons one answer is made of (a run's effects against its baseline, or two directories),
 * judged together. Each row's own interval would let 1 in 20 true nulls through, and a run judges
 * dozens of metrics that move together, so a reader would meet a false claim in many runs. Here a
 * difference is claimed only when Benjamini and Hochberg's procedure selects it at the false discovery
 * rate 1 - confidence over all rows, and a claimed row shows the interval at the confidence that keeps
 * the false coverage rate of claimed intervals at that level (Benjamini and Yekutieli 2005). When
 * nothing differs, as in an A/A run, the chance that the run claims anything is then at most 5%.
 */
final class ClaimFamily {
    private record Member(Comparison.Row row, NestedSample a, NestedSample b, boolean paired, Direction direction) {
    }

    private final Compare.Settings settings;
    private final List<Member> members = new ArrayList<>();

    ClaimFamily(Compare.Settings settings) {
        this.settings = settings;
    }

    void add(Comparison.Row row, NestedSample a, NestedSample b, boolean paired, Direction direction) {
        members.add(new Member(row, a, b, paired, direction));
    }

    /** The comparisons with each row's verdict judged among all rows of the family. */
    List<Comparison> judge(List<Comparison> comparisons) {
        EffectEstimator marginal = settings.estimator();
        double q = 1 - settings.confidence();
        double[] p = members.stream().mapToDouble(m -> marginal.pValue(m.a(), m.b(), m.paired())).toArray();
        boolean[] selected = FalseDiscoveryRate.selected(p, q, (i, alpha) -> marginal.nominalLevel(members.get(i).a(),
                members.get(i).b(), members.get(i).paired(), alpha));
        int tests = FalseDiscoveryRate.tests(p);
        if (tests == 0) {
            return comparisons;
        }
        int claims = 0;
        for (boolean s : selected) {
            claims += s ? 1 : 0;
        }
        EffectEstimator claimed = marginal.atConfidence(FalseDiscoveryRate.selectedConfidence(Math.max(claims, 1), tests, q));
        // what one more claim would need: the next step of the procedure
        EffectEstimator next = marginal.atConfidence(FalseDiscoveryRate.selectedConfidence(Math.min(claims + 1, tests), tests, q));
        String why = String.format(Locale.ROOT, "not claimed: %d of %d comparisons pass the %s%% false discovery rate",
                claims, tests, Compare.Settings.trimPercent(q));
        Map<Comparison.Row, Judgement> judged = new IdentityHashMap<>();
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            Judgement strict = selected[i] ? Judgement.of(claimed.estimate(m.a(), m.b(), m.paired()), m.direction(),
                    settings.minEffect(), claimed) : null;
            if (strict != null && strict.verdict().claimsDifference()) {
                judged.put(m.row(), strict);
            } else if (strict == null && m.row().verdict().claimsDifference()) {
                judged.put(m.row(), Judgement.heldBack(m.row().judgement().effect(), settings.minEffect(),
                        next.forksToSettle(m.row().judgement().effect(), settings.minEffect()), why));
            }
        }
        return comparisons.stream().map(c -> new Comparison(c.baseline(), c.candidate(), c.rows().stream()
                .map(r -> judged.containsKey(r) ? withJudgement(r, judged.get(r)) : r).toList(), c.unmatched(), c.settings()))
                .toList();
    }

    private static Comparison.Row withJudgement(Comparison.Row r, Judgement j) {
        return new Comparison.Row(r.benchmark(), r.params(), r.threads(), r.metric(), r.a(), r.b(), j);
    }
}

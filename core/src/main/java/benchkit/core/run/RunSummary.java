package benchkit.core.run;

import benchkit.core.result.VariantResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a run produced: the aggregated score of every variant and thread count that has
 * measurements, where the files are, and whether the run finished.
 *
 * @param failure the first failure's one-line message when the run did not complete
 * @param invalid each iteration that measured nothing it could claim (where, and why), left out of the scores
 */
public record RunSummary(Path outDir, boolean complete, Optional<String> failure, List<VariantResult> scores,
                         List<String> invalid) {
    public RunSummary {
        scores = List.copyOf(scores);
        invalid = List.copyOf(invalid);
    }

    public Optional<VariantResult> score(String variant, int threads) {
        return scores.stream().filter(s -> s.variant().equals(variant) && s.threads() == threads).findFirst();
    }

    /** The score of {@code variant} at {@code threads}; when there is none, the exception says what there is and why. */
    public VariantResult requireScore(String variant, int threads) {
        return score(variant, threads).orElseThrow(() -> new IllegalStateException("no score for variant '" + variant
                + "' at " + threads + " threads; " + (scores.isEmpty() ? "the run has none"
                : "the run has " + scores.stream().map(s -> "'" + s.variant() + "' at " + s.threads())
                .distinct().collect(java.util.stream.Collectors.joining(", "))) + failure.map(f -> "; the run failed: " + f)
                .orElse("")));
    }
}

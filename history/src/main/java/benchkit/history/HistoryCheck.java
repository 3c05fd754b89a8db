package benchkit.history;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The gate against the trend from Java, e.g. in a JUnit check after {@code BenchmarkRun}: what {@code bench history
 * check DIR --history STORE} does, with its defaults ({@link TrendGate.Settings#defaults()}).
 */
public final class HistoryCheck {
    private HistoryCheck() {
    }

    /** The run in {@code runDir} judged against the trend of the runs in {@code store} (a file or a jdbc: URL). */
    public static List<TrendGate.Judgement> judge(String store, Path runDir, TrendGate.Settings settings) throws Exception {
        StoredRun run = RunImport.read(runDir, Map.of());
        try (HistoryStore history = HistoryStore.open(store, false)) {
            return new TrendGate(settings).check(history.runs(), run);
        }
    }

    /**
     * Fails (AssertionError, which JUnit reports as a failure) when the run in {@code runDir} regressed against the
     * trend in {@code store}; returns the judgements otherwise, those not judged among them (see {@link
     * TrendGate.Judgement#judged()}).
     */
    public static List<TrendGate.Judgement> assertNoRegression(String store, Path runDir) throws Exception {
        List<TrendGate.Judgement> judgements = judge(store, runDir, TrendGate.Settings.defaults());
        List<TrendGate.Judgement> regressions = judgements.stream().filter(j -> j.verdict().isRegression()).toList();
        if (!regressions.isEmpty()) {
            throw new AssertionError(regressions.stream().map(TrendGate.Judgement::describe)
                    .collect(Collectors.joining("\n")));
        }
        return judgements;
    }
}

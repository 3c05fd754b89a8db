package benchkit.history;

import benchkit.core.report.MetricCatalog;
import benchkit.core.stats.Effect;
import benchkit.core.stats.Verdict;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A new run judged against the trend of the runs before it: for each series the new run is in (same workload,
 * variant, thread count, metric and machine), the recent window of earlier runs gives a prediction interval for one
 * more run of the same kind, and the new run's ratio to the trend gets that interval (Student t on the logs of the
 * runs' values, the window's run-to-run spread and its mean's own uncertainty both in it). A regression is claimed, as
 * {@code bench compare} claims one, when the interval excludes no change and the ratio passes the minimum effect.
 *
 * <p>The trend is the last {@code window} runs that passed: the earlier runs of the series are judged in turn, the
 * same way, and a run that failed does not join the trend. So every run after a regression keeps failing against the
 * level before it, and the message names the first of the runs that failed in a row (where the change began), until
 * the user says where the trend starts anew ({@code bench history check --since}); a change for the better joins the
 * trend. The series judged in one check share the false-alarm rate (Bonferroni): with a confidence of 0.99 and 4
 * series, each is judged at 0.9975. The rate is measured on A/A series in TrendGateTest and docs/history.md; the
 * trend report finds change points apart from the gate (E-divisive means, {@link TrendReport}).
 */
public final class TrendGate {
    /**
     * @param window     the most runs the trend is taken from
     * @param minRuns    the fewest earlier comparable runs a judgement needs
     * @param confidence the chance, over all series judged together, that a run of the trend's kind passes
     * @param minEffect  the smallest change that matters, e.g. 0.02
     * @param metrics    the metrics judged (bench's primary metric, tps, by default)
     */
    public record Settings(int window, int minRuns, double confidence, double minEffect, List<String> metrics) {
        public Settings {
            if (minRuns < 3 || window < minRuns) {
                throw new IllegalArgumentException("--min-runs must be at least 3 and --window at least --min-runs; got "
                        + minRuns + " and " + window);
            }
            if (!(confidence > 0.5 && confidence < 1)) {
                throw new IllegalArgumentException("--confidence " + confidence + " is not valid; expected a level"
                        + " above 0.5 and below 1, e.g. 0.99");
            }
            if (!(minEffect >= 0 && minEffect < 1)) {
                throw new IllegalArgumentException("--min-effect is not valid; expected a percentage from 0 to below 100");
            }
            metrics = List.copyOf(metrics);
        }

        public static Settings defaults() {
            return new Settings(10, 5, 0.99, 0.02, List.of(benchkit.core.result.VariantResult.PRIMARY));
        }
    }

    /**
     * One series' judgement.
     *
     * @param verdict   {@link Verdict#INCONCLUSIVE} also when it was not judged ({@code note} says why)
     * @param ratio     the new run's value over the trend's (geometric) mean
     * @param low       the interval's ends for that ratio
     * @param trend     the trend's mean, and {@code trendLow}/{@code trendHigh} its 95% interval
     * @param window    the runs the trend was taken from
     * @param beganAt   the run where a change began: this run, or one just before it
     */
    public record Judgement(Series.Key key, Series.Point candidate, Verdict verdict, double ratio, double low,
                            double high, double confidence, double trend, double trendLow, double trendHigh,
                            List<Series.Point> window, Optional<StoredRun> beganAt, String note) {
        public boolean judged() {
            return note.isEmpty();
        }

        /** One line, e.g. {@code point-select at 8 threads, tps: slower -12.3% [-16.0, -8.4] against 10 runs ...}. */
        public String describe() {
            if (!judged()) {
                return key.describe() + ": not judged: " + note;
            }
            String began = beganAt.map(r -> r.key().equals(candidate.run().key()) ? "; it begins with this run"
                    : "; it began with the run " + r.describe()).orElse("");
            return key.describe() + ": " + verdict.word() + " " + percent(ratio) + " [" + percent(low) + ", "
                    + percent(high) + "] (" + Math.round(confidence * 1000) / 10.0 + "% prediction interval) against the"
                    + " trend of " + window.size() + " runs, " + number(trend) + " " + unit() + " [" + number(trendLow)
                    + ", " + number(trendHigh) + "]; this run " + number(candidate.value()) + " " + unit()
                    + (verdict.isRegression() || verdict.claimsDifference() ? began : "");
        }

        private String unit() {
            return candidate.unit() == null ? "" : candidate.unit();
        }
    }

    private final Settings settings;

    public TrendGate(Settings settings) {
        this.settings = settings;
    }

    /**
     * Judges {@code candidate} against the runs of {@code history} that started before it (the candidate itself, if
     * stored, is left out).
     */
    public List<Judgement> check(List<StoredRun> history, StoredRun candidate) {
        List<StoredRun> earlier = history.stream()
                .filter(r -> !r.key().equals(candidate.key()) && r.startedAt().isBefore(candidate.startedAt())).toList();
        List<Series> newSeries = Series.of(List.of(candidate), settings.metrics());
        // every metric asked for is judged, or the check refused: one left out would pass unseen, the gate checking less
        java.util.Set<String> has = new java.util.TreeSet<>();
        Series.of(List.of(candidate), List.of()).forEach(s -> has.add(s.key().metric()));
        List<String> unknown = settings.metrics().stream().filter(m -> !has.contains(m)).distinct().toList();
        if (!unknown.isEmpty() && !has.isEmpty()) {
            throw new IllegalArgumentException("the run " + candidate.source() + " has no " + String.join(", ", unknown)
                    + " to judge; its metrics are " + String.join(", ", has));
        }
        if (newSeries.isEmpty()) {
            throw new IllegalArgumentException("the run " + candidate.source() + " has no " + String.join(", ",
                    settings.metrics()) + " to judge");
        }
        List<Series> old = Series.of(earlier, settings.metrics());
        double perSeries = 1 - (1 - settings.confidence()) / newSeries.size();
        List<Judgement> out = new ArrayList<>();
        for (Series s : newSeries) {
            List<Series.Point> before = old.stream().filter(o -> o.key().equals(s.key())).findFirst()
                    .map(Series::points).orElse(List.of());
            out.add(judge(s.key(), before, s.points().get(0), perSeries));
        }
        return out;
    }

    Judgement judge(Series.Key key, List<Series.Point> before, Series.Point candidate, double confidence) {
        // the earlier runs are judged in turn as this one is: a regression does not join the trend, so every run after
        // it keeps failing against the level before it until the user says where the trend starts anew (--since);
        // the first of the runs that failed in a row is where the change began
        List<Series.Point> accepted = new ArrayList<>();
        Optional<StoredRun> failingSince = Optional.empty();
        for (Series.Point p : before) {
            Judgement earlier = against(key, accepted, p, confidence);
            if (earlier.verdict().isRegression()) {
                failingSince = failingSince.or(() -> Optional.of(p.run()));
            } else {
                accepted.add(p);
                failingSince = Optional.empty();
            }
        }
        Judgement j = against(key, accepted, candidate, confidence);
        if (failingSince.isEmpty() || !j.judged()) {
            return j;
        }
        return new Judgement(j.key(), j.candidate(), j.verdict(), j.ratio(), j.low(), j.high(), j.confidence(), j.trend(),
                j.trendLow(), j.trendHigh(), j.window(), failingSince, j.note());
    }

    /** {@code candidate} against the last {@code window} of {@code trend}. */
    private Judgement against(Series.Key key, List<Series.Point> accepted, Series.Point candidate, double confidence) {
        List<Series.Point> trend = accepted.subList(Math.max(0, accepted.size() - settings.window()), accepted.size());
        if (trend.size() < settings.minRuns()) {
            return notJudged(key, candidate, confidence, trend, trend.isEmpty()
                    ? "no earlier comparable run is stored (the same workload, variant, threads and machine); "
                    + settings.minRuns() + " are needed"
                    : "only " + trend.size() + " comparable run" + (trend.size() == 1 ? "" : "s") + " in its trend; "
                    + settings.minRuns() + " are needed");
        }
        if (!positive(trend) || !(candidate.value() > 0)) {
            return notJudged(key, candidate, confidence, trend, "a value of zero or below has no ratio");
        }
        double[] y = logs(trend);
        int n = y.length;
        double mean = java.util.Arrays.stream(y).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(y).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        TDistribution t = new TDistribution(n - 1);
        double tq = t.inverseCumulativeProbability(0.5 + confidence / 2);
        double d = Math.log(candidate.value()) - mean;
        double half = tq * sd * Math.sqrt(1 + 1.0 / n);
        double trendHalf = t.inverseCumulativeProbability(0.975) * sd / Math.sqrt(n);
        double ratio = Math.exp(d);
        Verdict verdict = Verdict.of(ratio, Math.exp(d - half), Math.exp(d + half), MetricCatalog.direction(key.metric()),
                settings.minEffect());
        return new Judgement(key, candidate, verdict, ratio, Math.exp(d - half), Math.exp(d + half), confidence,
                Math.exp(mean), Math.exp(mean - trendHalf), Math.exp(mean + trendHalf), List.copyOf(trend),
                Optional.of(candidate.run()), "");
    }

    private Judgement notJudged(Series.Key key, Series.Point candidate, double confidence, List<Series.Point> trend,
                                String why) {
        return new Judgement(key, candidate, Verdict.INCONCLUSIVE, Double.NaN, Double.NaN, Double.NaN, confidence,
                Double.NaN, Double.NaN, Double.NaN, List.copyOf(trend), Optional.empty(), why);
    }

    private static boolean positive(List<Series.Point> points) {
        return points.stream().allMatch(p -> p.value() > 0);
    }

    private static double[] logs(List<Series.Point> points) {
        return points.stream().mapToDouble(p -> Math.log(p.value())).toArray();
    }

    /** A ratio as a signed change, e.g. {@code -53.3%}, as bench compare writes one ({@link Effect#percent}). */
    static String percent(double ratio) {
        return Effect.percent((ratio - 1) * 100) + "%";
    }

    static String number(double v) {
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 100 ? "%.1f" : a >= 10 ? "%.2f" : "%.3f", v);
    }
}

package benchkit.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Estimates the effect B/A of one metric from nested samples (forks, then iterations), by the
 * {@link EffectMethod} chosen. Forks are the replicates: an interval never treats the iterations of one
 * fork as independent. When {@code paired}, the forks of A and B with the same number ran side by
 * side (their servers interleaved in time), so their ratio cancels what the minutes they shared did to
 * both; forks present on one side only are then left out.
 */
public final class EffectEstimator {
    /** Resamples of the hierarchical bootstrap: enough for a stable 2.5th percentile. */
    static final int BOOTSTRAP_RESAMPLES = 10_000;
    /** The most forks {@link #forksToSettle} will suggest; beyond it the answer is "not within reach". */
    static final int MAX_FORKS = 200;

    private final EffectMethod method;
    private final double confidence;
    /** The looks of a run that stops when settled; paired forks-t intervals are then repeated intervals. */
    private final Optional<SequentialDesign> sequential;

    public EffectEstimator(EffectMethod method, double confidence) {
        this(method, confidence, Optional.empty());
    }

    public EffectEstimator(EffectMethod method, double confidence, Optional<SequentialDesign> sequential) {
        this.method = Objects.requireNonNull(method, "method");
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be between 0 and 1 (e.g. 0.95), got " + confidence);
        }
        this.confidence = confidence;
        this.sequential = Objects.requireNonNull(sequential, "sequential");
    }

    public EffectMethod method() {
        return method;
    }

    public double confidence() {
        return confidence;
    }

    public Effect estimate(NestedSample a, NestedSample b, boolean paired) {
        Sides sides = Sides.of(a, b, paired);
        a = sides.a();
        b = sides.b();
        if (a.forkCount() == 0 || b.forkCount() == 0) {
            return Effect.unknown("no measurement on one side", Double.NaN, confidence, method, paired, a, b);
        }
        if (a.allZero() && b.allZero()) {
            // Nothing happened on either side (e.g. no errors): identical, as exactly as can be known.
            return new Effect(1, 1, 1, confidence, method, paired, a.forkCount(), b.forkCount(),
                    a.iterationCount(), b.iterationCount(), 0, "zero on both sides");
        }
        if (!a.allPositive() || !b.allPositive()) {
            return Effect.unknown("a ratio needs positive values; a side has zeros", b.mean() / a.mean(),
                    confidence, method, paired, a, b);
        }
        return method == EffectMethod.BOOTSTRAP ? bootstrap(a, b, paired) : forksT(a, b, paired);
    }

    /**
     * The effect of {@code sample} against a stored reference value (a baseline kept from an earlier
     * run), as {@code sample / reference}: a t interval on the log fork means, the reference taken as
     * exact. With one fork the iterations stand in as replicates, and the note says that the interval
     * then leaves out the server-to-server variance (measure with forks to include it).
     */
    public Effect againstReference(double reference, NestedSample sample) {
        NestedSample constant = NestedSample.of(List.of(new double[]{reference}));
        if (!(reference > 0) || sample.forkCount() == 0 || !sample.allPositive()) {
            return Effect.unknown("a ratio needs a positive reference and positive values",
                    sample.forkCount() == 0 ? Double.NaN : sample.mean() / reference, confidence, EffectMethod.FORKS_T,
                    false, constant, sample);
        }
        boolean oneFork = sample.forkCount() == 1;
        double[] logs = logs(oneFork ? sample.forks().values().iterator().next() : sample.forkMeans());
        if (logs.length < 2) {
            return Effect.unknown("one fork of one iteration: no variance known", sample.mean() / reference,
                    confidence, EffectMethod.FORKS_T, false, constant, sample);
        }
        double estimate = NestedSample.mean(logs) - Math.log(reference);
        double sd = Math.sqrt(variance(logs));
        double half = tQuantile(logs.length - 1) * sd / Math.sqrt(logs.length);
        return new Effect(Math.exp(estimate), Math.exp(estimate - half), Math.exp(estimate + half), confidence,
                EffectMethod.FORKS_T, false, 1, sample.forkCount(), 1, sample.iterationCount(), oneFork ? Double.NaN : sd,
                oneFork ? "one fork: the interval covers its iterations only" : "");
    }

    /**
     * The two-sided p-value of "no change" (B/A = 1) that goes with this estimator's intervals: the
     * t test on the log fork means, or the bootstrap's share of resampled ratios beyond 1. An interval at
     * confidence 1 - alpha excludes 1 exactly when p < alpha. NaN when there is no interval to test with
     * (a side without measurements, zeros, one fork) or nothing varies (zero on both sides).
     */
    public double pValue(NestedSample a, NestedSample b, boolean paired) {
        Sides sides = Sides.of(a, b, paired);
        a = sides.a();
        b = sides.b();
        if (a.forkCount() == 0 || b.forkCount() == 0 || !a.allPositive() || !b.allPositive()) {
            return Double.NaN;
        }
        if (method == EffectMethod.BOOTSTRAP && logDifference(a, b, paired) != null) {
            double[] ratios = bootstrapRatios(a, b, paired);
            long below = Arrays.stream(ratios).filter(r -> r <= 1).count();
            long above = Arrays.stream(ratios).filter(r -> r >= 1).count();
            return Math.min(1, 2.0 * Math.min(below, above) / ratios.length);
        }
        LogDifference d = logDifference(a, b, paired);
        if (d == null) {
            return Double.NaN;
        }
        if (d.se() == 0) {
            return d.estimate() == 0 ? 1 : 0;
        }
        double t = Math.abs(d.estimate()) / d.se();
        return 2 * (1 - new TDistribution(null, d.df()).cumulativeProbability(t));
    }

    /**
     * The nominal level a {@link #pValue} of these sides is compared with when the comparison is to hold the
     * overall level {@code alpha}: alpha itself, or for a run that stopped when settled, the level of its
     * look (see {@link SequentialDesign}).
     */
    public double nominalLevel(NestedSample a, NestedSample b, boolean paired, double alpha) {
        return levelAt(paired ? Sides.of(a, b, true).a().forkCount() : 0, alpha);
    }

    /** {@code alpha}, or the nominal level of the look at {@code pairedForks} when the run was sequential (0: not paired). */
    private double levelAt(int pairedForks, double alpha) {
        return pairedForks > 0 && sequential.isPresent() && method == EffectMethod.FORKS_T
                ? sequential.get().nominalLevel(pairedForks, alpha) : alpha;
    }

    /** The same method at another confidence, e.g. the stricter one a claim needs among many comparisons. */
    public EffectEstimator atConfidence(double otherConfidence) {
        return new EffectEstimator(method, otherConfidence, sequential);
    }

    /** The two sides an estimate uses: when paired, only the forks both have (the pairs). */
    private record Sides(NestedSample a, NestedSample b) {
        static Sides of(NestedSample a, NestedSample b, boolean paired) {
            if (!paired) {
                return new Sides(a, b);
            }
            TreeSet<Integer> both = new TreeSet<>(a.forks().keySet());
            both.retainAll(b.forks().keySet());
            return new Sides(a.only(both), b.only(both));
        }
    }

    /** The log of B/A as the t interval sees it: estimate, standard error, degrees of freedom, one fork's SD. */
    private record LogDifference(double estimate, double se, double df, double forkSd) {
    }

    /** Null when a side has a single fork: fork-to-fork variance unknown. */
    private static LogDifference logDifference(NestedSample a, NestedSample b, boolean paired) {
        double[] la = logs(a.forkMeans());
        double[] lb = logs(b.forkMeans());
        if (paired) {
            double[] d = new double[la.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = lb[i] - la[i];
            }
            if (d.length < 2) {
                return null;
            }
            double forkSd = Math.sqrt(variance(d));
            return new LogDifference(NestedSample.mean(d), forkSd / Math.sqrt(d.length), d.length - 1, forkSd);
        }
        if (la.length < 2 || lb.length < 2) {
            return null;
        }
        double va = variance(la) / la.length;
        double vb = variance(lb) / lb.length;
        // Welch-Satterthwaite degrees of freedom; both spreads zero means a degenerate, exact interval.
        double df = va + vb == 0 ? la.length + lb.length - 2
                : (va + vb) * (va + vb) / (va * va / (la.length - 1) + vb * vb / (lb.length - 1));
        return new LogDifference(NestedSample.mean(lb) - NestedSample.mean(la), Math.sqrt(va + vb), df,
                Math.sqrt(variance(la) + variance(lb)));
    }

    private Effect forksT(NestedSample a, NestedSample b, boolean paired) {
        LogDifference d = logDifference(a, b, paired);
        if (d == null) {
            double estimate = NestedSample.mean(logs(b.forkMeans())) - NestedSample.mean(logs(a.forkMeans()));
            return Effect.unknown("one fork: fork-to-fork variance unknown", Math.exp(estimate), confidence, method,
                    paired, a, b);
        }
        double half = tQuantile(d.df(), paired ? a.forkCount() : 0) * d.se();
        return new Effect(Math.exp(d.estimate()), Math.exp(d.estimate() - half), Math.exp(d.estimate() + half), confidence,
                method, paired, a.forkCount(), b.forkCount(), a.iterationCount(), b.iterationCount(), d.forkSd(), "");
    }

    /** Kalibera and Jones's hierarchical bootstrap: forks, then iterations within each, with replacement. */
    private Effect bootstrap(NestedSample a, NestedSample b, boolean paired) {
        if (logDifference(a, b, paired) == null) {
            // one fork: resampling its iterations leaves out fork-to-fork variance; no interval, as forks-t says
            return forksT(a, b, paired);
        }
        double[] ratios = bootstrapRatios(a, b, paired);
        double alpha = 1 - confidence;
        double low = ratios[(int) Math.floor(alpha / 2 * (BOOTSTRAP_RESAMPLES - 1))];
        double high = ratios[(int) Math.ceil((1 - alpha / 2) * (BOOTSTRAP_RESAMPLES - 1))];
        Effect t = forksT(a, b, paired);
        return new Effect(b.mean() / a.mean(), low, high, confidence, method, paired, a.forkCount(), b.forkCount(),
                a.iterationCount(), b.iterationCount(), t.forkLogSd(), "");
    }

    /** The resampled ratios B/A, sorted; seeded from the data, so the same results always give the same interval. */
    private static double[] bootstrapRatios(NestedSample a, NestedSample b, boolean paired) {
        List<double[]> fa = a.forkValues();
        List<double[]> fb = b.forkValues();
        SplittableRandom random = new SplittableRandom(Arrays.deepHashCode(fa.toArray()) * 31L
                + Arrays.deepHashCode(fb.toArray()));
        double[] ratios = new double[BOOTSTRAP_RESAMPLES];
        int[] pick = new int[Math.max(fa.size(), fb.size())];
        for (int r = 0; r < BOOTSTRAP_RESAMPLES; r++) {
            double ma;
            double mb;
            if (paired) {
                for (int i = 0; i < fa.size(); i++) {
                    pick[i] = random.nextInt(fa.size());
                }
                ma = resampledMean(fa, pick, random);
                mb = resampledMean(fb, pick, random);
            } else {
                ma = resampledMean(fa, draw(fa.size(), random), random);
                mb = resampledMean(fb, draw(fb.size(), random), random);
            }
            ratios[r] = mb / ma;
        }
        Arrays.sort(ratios);
        return ratios;
    }

    private static int[] draw(int n, SplittableRandom random) {
        int[] pick = new int[n];
        for (int i = 0; i < n; i++) {
            pick[i] = random.nextInt(n);
        }
        return pick;
    }

    /** The mean of fork means over the picked forks, each fork's iterations resampled too. */
    private static double resampledMean(List<double[]> forks, int[] pick, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < forks.size(); i++) {
            double[] f = forks.get(pick[i]);
            double s = 0;
            for (int j = 0; j < f.length; j++) {
                s += f[random.nextInt(f.length)];
            }
            sum += s / f.length;
        }
        return sum / forks.size();
    }

    /**
     * How many forks per variant would probably settle an inconclusive effect at this minimum effect: enough
     * that the interval, at the fork-to-fork spread seen so far and centred on the effect seen so far,
     * either excludes 1 beyond the minimum or fits inside the band of ±minimum. Empty when not within
     * {@value #MAX_FORKS} forks (an effect right at the minimum cannot be settled) or the spread is unknown.
     */
    public OptionalInt forksToSettle(Effect e, double minEffect) {
        if (!Double.isFinite(e.forkLogSd()) || !Double.isFinite(e.ratio()) || e.ratio() <= 0) {
            return OptionalInt.empty();
        }
        double effect = Math.abs(Math.log(e.ratio()));
        double band = Math.log(1 + minEffect);
        double target = effect >= band ? effect : band - effect;
        for (int forks = 2; forks <= MAX_FORKS; forks++) {
            double df = e.paired() ? forks - 1 : 2.0 * forks - 2;
            double halfWidth = tQuantile(df, e.paired() ? forks : 0) * e.forkLogSd() / Math.sqrt(forks);
            if (halfWidth < target) {
                return OptionalInt.of(forks);
            }
        }
        return OptionalInt.empty();
    }

    private double tQuantile(double df) {
        return tQuantile(df, 0);
    }

    /** The t quantile of this confidence, or of the look at {@code pairedForks} when the run was sequential (0: not paired). */
    private double tQuantile(double df, int pairedForks) {
        double alpha = levelAt(pairedForks, 1 - confidence);
        return new TDistribution(null, df).inverseCumulativeProbability(1 - alpha / 2);
    }

    private static double[] logs(double[] values) {
        return Arrays.stream(values).map(Math::log).toArray();
    }

    static double variance(double[] values) {
        double m = NestedSample.mean(values);
        double s = 0;
        for (double v : values) {
            s += (v - m) * (v - m);
        }
        return values.length < 2 ? Double.NaN : s / (values.length - 1);
    }
}

package benchkit.core.stats;

import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * A run that looks at its comparisons after every fork from {@code firstLook} on and may stop at any of
 * those looks, at the latest after {@code maxForks} forks. Stopping when an interval first looks settled
 * would, looked at ten times, claim false differences far more often than the interval's level says; so
 * each look's interval is a repeated confidence interval (Jennison and Turnbull, J. R. Stat. Soc. B 51, 1989):
 * its nominal level comes from the two-sided group-sequential boundary of an error spending function (Lan and
 * DeMets, Biometrika 70, 1983) at information fraction t = forks / maxForks: O'Brien-Fleming type, or
 * Hwang-Shih-DeCani's family (see {@link Spending}). The boundaries are found by Armitage, McPherson and Rowe's
 * recursive integration (J. R. Stat. Soc. A 132, 1969); the fork-level t interval takes each look's nominal level
 * with its own degrees of freedom (the "significance level" approach, Jennison and Turnbull 2000, ch. 3 and 11), the
 * overall level calibrated by simulation so that the t statistics, not only their normal approximation, hold it.
 * The intervals of all looks together cover at the stated confidence, whichever look the run stopped at.
 * Hand-written because commons-math has no group-sequential boundaries; {@code SequentialDesignTest} checks
 * them against published values (gsDesign's) and the whole procedure on simulated A/A runs.
 */
public record SequentialDesign(int firstLook, int maxForks, Spending spending) {
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    /** Points per look of the integration grid (Simpson's rule; odd): boundaries to about 1e-4, ample for a level. */
    private static final int GRID = 101;
    /** A boundary so far out that nothing crosses it (a nominal level of 1e-88). */
    private static final double MAX_BOUNDARY = 20;
    /** Simulated A/A runs that calibrate the levels: the claim rate to about 0.15 points at 5%. */
    private static final int SIMULATED_RUNS = 20_000;
    private static final long SEED = 1989;
    /** The simulated runs depend only on the looks, not on how alpha is spent over them: keyed by FIRST..MOST. */
    private static final Map<String, double[][]> SIMULATED = new ConcurrentHashMap<>();
    private static final Map<Level, double[]> NOMINAL = new ConcurrentHashMap<>();

    public SequentialDesign {
        if (firstLook < 2 || maxForks < firstLook) {
            throw new IllegalArgumentException("a sequential design needs 2 <= first look <= most forks, got "
                    + firstLook + " and " + maxForks);
        }
    }

    /** O'Brien-Fleming-type spending, as every run until settled before Hwang-Shih-DeCani's was offered. */
    public SequentialDesign(int firstLook, int maxForks) {
        this(firstLook, maxForks, Spending.O_BRIEN_FLEMING);
    }

    /** How a design spends its two-sided alpha over the information fraction t = forks / most forks. */
    public sealed interface Spending {
        Spending O_BRIEN_FLEMING = new OBrienFleming();

        /** The two-sided error spent by information fraction {@code t} (0 to 1) when the whole is {@code alpha}. */
        double spent(double t, double alpha);

        /**
         * Lan and DeMets's function of O'Brien-Fleming type, each tail spending its alpha/2 as
         * 2 - 2 Phi(z(1 - alpha/4) / sqrt(t)), as gsDesign's sfLDOF and rpact's asOF do: almost nothing early.
         */
        record OBrienFleming() implements Spending {
            @Override
            public double spent(double t, double alpha) {
                return 4 * NORMAL.cumulativeProbability(-NORMAL.inverseCumulativeProbability(1 - alpha / 4) / Math.sqrt(t));
            }

            @Override
            public String toString() {
                return "O'Brien-Fleming-type error spending";
            }
        }

        /**
         * Hwang, Shih and DeCani's family (Stat. Med. 9, 1990), as gsDesign's sfHSD: alpha (1 - e^(-gamma t)) /
         * (1 - e^(-gamma)); gamma = -4 is close to O'Brien-Fleming's, 1 to Pocock's, so gamma sets how much
         * the early looks may claim against how wide the last one is.
         */
        record HwangShihDeCani(double gamma) implements Spending {
            public HwangShihDeCani {
                if (!Double.isFinite(gamma)) {
                    throw new IllegalArgumentException("Hwang-Shih-DeCani spending needs a finite gamma, got " + gamma);
                }
            }

            @Override
            public double spent(double t, double alpha) {
                return gamma == 0 ? alpha * t : alpha * (1 - Math.exp(-gamma * t)) / (1 - Math.exp(-gamma));
            }

            @Override
            public String toString() {
                return String.format(Locale.ROOT, "Hwang-Shih-DeCani error spending, gamma %s", gammaText());
            }

            String gammaText() {
                return gamma == Math.rint(gamma) ? String.valueOf((long) gamma) : String.valueOf(gamma);
            }
        }
    }

    /**
     * e.g. {@code 3..12} (O'Brien-Fleming type) or {@code 3..19 hsd(-2)}: as written in run.json and read back by
     * {@link #parse}, so a run is always judged with the spending it was run with.
     */
    @Override
    public String toString() {
        return firstLook + ".." + maxForks
                + (spending instanceof Spending.HwangShihDeCani h ? " hsd(" + h.gammaText() + ")" : "");
    }

    /** The inverse of {@link #toString()}, e.g. {@code 3..12} or {@code 3..19 hsd(-2)}. */
    public static SequentialDesign parse(String text) {
        Matcher m = WRITTEN.matcher(text.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("a sequential design is written FIRST..MOST or FIRST..MOST hsd(GAMMA),"
                    + " got '" + text + "'");
        }
        Spending spending = m.group(3) == null ? Spending.O_BRIEN_FLEMING
                : new Spending.HwangShihDeCani(Double.parseDouble(m.group(3)));
        return new SequentialDesign(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), spending);
    }

    private static final Pattern WRITTEN = Pattern.compile("(\\d+)\\s*\\.\\.\\s*(\\d+)(?:\\s+hsd\\((-?[0-9.]+)\\))?");

    /** How many looks there are at most: one per fork from the first look to the most forks. */
    public int looks() {
        return maxForks - firstLook + 1;
    }

    /**
     * The nominal level (two-sided) of the fork-level t interval at {@code forks} forks, so that the intervals of
     * all looks together hold the overall level {@code alpha}. Forks before the first look count as the first
     * look, forks past the most as the last.
     */
    public double nominalLevel(int forks, double alpha) {
        int look = Math.min(Math.max(forks, firstLook), maxForks) - firstLook;
        return NOMINAL.computeIfAbsent(new Level(this, alpha), key -> calibrated(alpha))[look];
    }

    /** Each look's nominal levels, already calibrated: a report judges dozens of rows at the same level. */
    private record Level(SequentialDesign design, double alpha) {
    }

    /**
     * The normal-theory boundaries taken to t statistics with one or two degrees of freedom claim a little too
     * often (5.8% for 5% over looks at 3..10 forks). The t statistics of the looks are pivotal under no change
     * (normal fork means), so this finds by seeded simulation the level alpha* whose boundaries make the t
     * procedure claim at rate alpha, and returns those boundaries' nominal levels.
     */
    private double[] calibrated(double alpha) {
        double[][] p = SIMULATED.computeIfAbsent(firstLook + ".." + maxForks, looks -> simulate(this));
        double target = alpha * p.length;
        double low = Math.log(alpha / 4);
        double high = Math.log(Math.min(alpha * 2, 0.999));
        double[] best = nominal(Math.exp(low));
        for (int it = 0; it < 14; it++) {
            double mid = (low + high) / 2;
            double[] levels = nominal(Math.exp(mid));
            if (claims(p, levels) <= target) {
                low = mid;
                best = levels;
            } else {
                high = mid;
            }
        }
        return best;
    }

    private double[] nominal(double alpha) {
        double[] c = boundaries(looks(), alpha);
        double[] levels = new double[c.length];
        for (int k = 0; k < c.length; k++) {
            levels[k] = 2 * NORMAL.cumulativeProbability(-c[k]);
        }
        return levels;
    }

    private static int claims(double[][] p, double[] levels) {
        int n = 0;
        for (double[] run : p) {
            for (int k = 0; k < levels.length; k++) {
                if (run[k] < levels[k]) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }

    /** Each simulated A/A run's nominal t p-value at each look: [run][look]. */
    private static double[][] simulate(SequentialDesign d) {
        SplittableRandom random = new SplittableRandom(SEED);
        double[][] p = new double[SIMULATED_RUNS][d.looks()];
        double[] x = new double[d.maxForks()];
        TDistribution[] t = new TDistribution[d.maxForks()];
        for (int n = d.firstLook(); n <= d.maxForks(); n++) {
            t[n - 1] = new TDistribution(null, n - 1);
        }
        for (double[] run : p) {
            double sum = 0;
            double squares = 0;
            for (int i = 0; i < x.length; i++) {
                x[i] = random.nextGaussian();
                sum += x[i];
                squares += x[i] * x[i];
                int n = i + 1;
                if (n >= d.firstLook()) {
                    double mean = sum / n;
                    double sd = Math.sqrt((squares - n * mean * mean) / (n - 1));
                    run[n - d.firstLook()] = 2 * t[n - 1].cumulativeProbability(-Math.abs(mean) / (sd / Math.sqrt(n)));
                }
            }
        }
        return p;
    }

    /** The two-sided z boundaries of the first {@code k} looks at overall level {@code alpha}. */
    double[] boundaries(int k, double alpha) {
        double[] t = new double[k];
        for (int i = 0; i < k; i++) {
            t[i] = (double) (firstLook + i) / maxForks;
        }
        return boundaries(t, alpha, spending);
    }

    /** The two-sided z boundaries at information fractions {@code t} (rising, the last at most 1). */
    static double[] boundaries(double[] t, double alpha, Spending spending) {
        int k = t.length;
        double[] c = new double[k];
        double first = spending.spent(t[0], alpha);
        c[0] = first > 0 ? Math.min(-NORMAL.inverseCumulativeProbability(first / 2), MAX_BOUNDARY) : MAX_BOUNDARY;
        // density of the score S = Z sqrt(t) on the continuation region of the last look, on a grid
        double[] grid = grid(c[0] * Math.sqrt(t[0]));
        double[] density = new double[GRID];
        for (int j = 0; j < GRID; j++) {
            density[j] = phi(grid[j] / Math.sqrt(t[0])) / Math.sqrt(t[0]);
        }
        for (int i = 1; i < k; i++) {
            double increment = spending.spent(t[i], alpha) - spending.spent(t[i - 1], alpha);
            double sd = Math.sqrt(t[i] - t[i - 1]);
            double lo = 0;
            double hi = MAX_BOUNDARY;
            for (int it = 0; it < 60; it++) {
                double mid = (lo + hi) / 2;
                if (crossing(grid, density, mid * Math.sqrt(t[i]), sd) > increment) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            // nothing to spend at this look (a tiny alpha underflows): it cannot claim anything
            c[i] = increment > 0 ? (lo + hi) / 2 : MAX_BOUNDARY;
            double[] next = grid(c[i] * Math.sqrt(t[i]));
            double[] nextDensity = new double[GRID];
            for (int j = 0; j < GRID; j++) {
                double s = next[j];
                double[] f = new double[GRID];
                for (int u = 0; u < GRID; u++) {
                    f[u] = density[u] * phi((s - grid[u]) / sd) / sd;
                }
                nextDensity[j] = simpson(grid, f);
            }
            grid = next;
            density = nextDensity;
        }
        return c;
    }

    /** The probability of going on past this look and crossing +-bound at the next, the increment having SD {@code sd}. */
    private static double crossing(double[] grid, double[] density, double bound, double sd) {
        double[] f = new double[GRID];
        for (int u = 0; u < GRID; u++) {
            f[u] = density[u] * (NORMAL.cumulativeProbability((-bound - grid[u]) / sd)
                    + NORMAL.cumulativeProbability((grid[u] - bound) / sd));
        }
        return simpson(grid, f);
    }

    private static double phi(double x) {
        return Math.exp(-x * x / 2) / Math.sqrt(2 * Math.PI);
    }

    private static double[] grid(double bound) {
        double[] g = new double[GRID];
        for (int j = 0; j < GRID; j++) {
            g[j] = -bound + 2 * bound * j / (GRID - 1);
        }
        return g;
    }

    private static double simpson(double[] x, double[] f) {
        double h = x[1] - x[0];
        double s = f[0] + f[GRID - 1];
        for (int j = 1; j < GRID - 1; j++) {
            s += f[j] * (j % 2 == 1 ? 4 : 2);
        }
        return s * h / 3;
    }

    /** e.g. {@code run until settled, looking after each fork from 3 to 12 (repeated intervals, ...)}. */
    public String describe() {
        return String.format(Locale.ROOT, "run until settled, looking after each fork from %d to %d (repeated intervals"
                + " with %s, Lan-DeMets)", firstLook, maxForks, spending);
    }
}

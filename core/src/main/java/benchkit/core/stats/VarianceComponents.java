package benchkit.core.stats;

/**
 * How the variance of one variant's measurements splits between the levels of the experiment, as
 * Kalibera and Jones estimate it to plan repetitions ("Rigorous Benchmarking in Reasonable Time",
 * ISMM 2013): between forks (server instance and the minutes it ran in) and between iterations inside
 * a fork. Method-of-moments estimates of the one-way random-effects model; a negative between-fork
 * estimate is reported as zero.
 *
 * @param mean              the mean of the fork means
 * @param betweenForks      variance of the true fork means (σ²_fork)
 * @param withinForks       variance of iterations around their fork's mean (σ²_iteration)
 * @param iterationsPerFork the average number of iterations per fork
 */
public record VarianceComponents(double mean, double betweenForks, double withinForks, double iterationsPerFork) {

    public static VarianceComponents of(NestedSample sample) {
        var forks = sample.forkValues();
        int k = forks.size();
        int total = sample.iterationCount();
        double mean = sample.mean();
        if (k == 0) {
            return new VarianceComponents(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double withinSum = 0;
        int withinDf = 0;
        for (double[] f : forks) {
            double m = NestedSample.mean(f);
            for (double v : f) {
                withinSum += (v - m) * (v - m);
            }
            withinDf += f.length - 1;
        }
        double within = withinDf > 0 ? withinSum / withinDf : Double.NaN;
        double perFork = (double) total / k;
        if (k < 2) {
            return new VarianceComponents(mean, Double.NaN, within, perFork);
        }
        double[] means = sample.forkMeans();
        double spread = 0;
        for (double m : means) {
            spread += (m - mean) * (m - mean);
        }
        double varianceOfForkMeans = spread / (k - 1);
        // Harmonic mean of the iteration counts: the fork means' expected within-fork share is σ²_i/n per fork.
        double harmonic = 0;
        for (double[] f : forks) {
            harmonic += 1.0 / f.length;
        }
        harmonic = k / harmonic;
        double withinShare = Double.isNaN(within) ? 0 : within / harmonic;
        return new VarianceComponents(mean, Math.max(0, varianceOfForkMeans - withinShare), within, perFork);
    }

    /** Between-fork standard deviation relative to the mean (e.g. 0.05 = 5%). */
    public double forkCv() {
        return Math.sqrt(betweenForks) / Math.abs(mean);
    }

    /** Within-fork (iteration) standard deviation relative to the mean. */
    public double iterationCv() {
        return Math.sqrt(withinForks) / Math.abs(mean);
    }

    /** The expected variance of one fork's mean of {@code n} iterations: what more forks average away. */
    public double forkMeanVariance(double n) {
        return betweenForks + (Double.isNaN(withinForks) ? 0 : withinForks / n);
    }
}

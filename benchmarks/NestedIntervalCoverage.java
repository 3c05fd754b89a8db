import org.apache.commons.math3.distribution.TDistribution;
import java.util.SplittableRandom;

/**
 * Coverage and mean half-width of three 95% intervals for a paired effect measured in rounds inside forks
 * (log ratio d[k][i] = u_k + e_ki, u ~ N(0, forkSd^2), e ~ N(0, sliceSd^2)), on synthetic data with the
 * variance components met on this machine (docs/statistics.md):
 *   fork-t  the t interval on the fork means, forks - 1 degrees of freedom (bench's method);
 *   REML    the mixed model's answer with the fork variance truncated at zero: when the fork means vary
 *           less than their slices say they must (MS_between < MS_within), all slices pooled with
 *           forks x rounds - 1 degrees of freedom (what lme4 with Satterthwaite df gives), else fork-t;
 *   floor   fork-t with the fork means' variance floored at what their slices imply.
 * Run: java -cp ~/.m2/repository/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar \
 *        benchmarks/NestedIntervalCoverage.java
 */
public class NestedIntervalCoverage {
    static double t975(double df) {
        return new TDistribution(null, df).inverseCumulativeProbability(0.975);
    }

    public static void main(String[] args) {
        SplittableRandom random = new SplittableRandom(42);
        int experiments = 20000;
        System.out.println("forks x rounds, slice SD, fork SD: coverage fork-t / REML / floor; mean half-width fork-t / REML / floor");
        for (int[] design : new int[][] {{3, 3}, {5, 4}, {3, 8}, {9, 2}}) {
            for (double sliceSd : new double[] {0.05, 0.10}) {
                for (double forkSd : new double[] {0, 0.01, 0.02, 0.04, 0.08}) {
                    int forks = design[0];
                    int rounds = design[1];
                    int[] covered = new int[3];
                    double[] width = new double[3];
                    for (int n = 0; n < experiments; n++) {
                        double[] means = new double[forks];
                        double withinSs = 0;
                        for (int k = 0; k < forks; k++) {
                            double u = forkSd * random.nextGaussian();
                            double[] x = new double[rounds];
                            for (int i = 0; i < rounds; i++) {
                                x[i] = u + sliceSd * random.nextGaussian();
                                means[k] += x[i] / rounds;
                            }
                            for (double v : x) {
                                withinSs += (v - means[k]) * (v - means[k]);
                            }
                        }
                        double grand = 0;
                        for (double m : means) {
                            grand += m / forks;
                        }
                        double meansVar = 0;
                        for (double m : means) {
                            meansVar += (m - grand) * (m - grand) / (forks - 1);
                        }
                        double msBetween = rounds * meansVar;
                        double msWithin = withinSs / (forks * (rounds - 1));
                        double forkT = t975(forks - 1) * Math.sqrt(meansVar / forks);
                        double reml = msBetween >= msWithin ? forkT : t975(forks * rounds - 1)
                                * Math.sqrt(((forks - 1) * msBetween + withinSs) / (forks * rounds - 1) / (forks * rounds));
                        double floor = t975(forks - 1) * Math.sqrt(Math.max(msBetween, msWithin) / (forks * rounds));
                        double[] half = {forkT, reml, floor};
                        for (int j = 0; j < 3; j++) {
                            covered[j] += Math.abs(grand) <= half[j] ? 1 : 0;
                            width[j] += half[j];
                        }
                    }
                    System.out.printf(java.util.Locale.ROOT, "%d x %d, %.2f, %.2f: %.3f / %.3f / %.3f; %.2f%% / %.2f%% / %.2f%%%n",
                            forks, rounds, sliceSd, forkSd, (double) covered[0] / experiments, (double) covered[1] / experiments,
                            (double) covered[2] / experiments, 100 * width[0] / experiments, 100 * width[1] / experiments,
                            100 * width[2] / experiments);
                }
            }
        }
    }
}

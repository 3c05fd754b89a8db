package benchkit.core.stats;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class VarianceComponentsTest {
    @Test
    void recoversKnownComponents() {
        Random r = new Random(5);
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < 400; f++) {
            double forkMean = 1000 + 50 * r.nextGaussian();         // σ_fork = 50
            double[] it = new double[5];
            for (int i = 0; i < it.length; i++) {
                it[i] = forkMean + 20 * r.nextGaussian();            // σ_iteration = 20
            }
            forks.add(it);
        }
        VarianceComponents vc = VarianceComponents.of(NestedSample.of(forks));
        assertEquals(50 * 50, vc.betweenForks(), 0.15 * 50 * 50);
        assertEquals(20 * 20, vc.withinForks(), 0.05 * 20 * 20);
        assertEquals(0.05, vc.forkCv(), 0.005);
        assertEquals(5, vc.iterationsPerFork());
    }

    @Test
    void handComputedSmallCase() {
        // fork means 2 and 4; within: (1,3) and (3,5) → within variance 2; fork-mean variance 2; between = 2 - 2/2 = 1
        VarianceComponents vc = VarianceComponents.of(NestedSample.of(List.of(new double[] {1, 3}, new double[] {3, 5})));
        assertEquals(3, vc.mean(), 1e-12);
        assertEquals(2, vc.withinForks(), 1e-12);
        assertEquals(1, vc.betweenForks(), 1e-12);
        assertEquals(1 + 2.0 / 4, vc.forkMeanVariance(4), 1e-12);
    }
}

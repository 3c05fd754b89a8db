package benchkit.spi;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WeightedChoiceTest {
    @Test
    void picksInProportionToTheWeights() {
        WeightedChoice mix = new WeightedChoice(new int[] {9, 1, 0, 10});
        SplittableRandom random = new SplittableRandom(1);
        int[] seen = new int[4];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            seen[mix.pick(random)]++;
        }
        assertEquals(0.45, seen[0] / (double) n, 0.01);
        assertEquals(0.05, seen[1] / (double) n, 0.01);
        assertEquals(0, seen[2], "weight 0: never");
        assertEquals(0.50, seen[3] / (double) n, 0.01);
    }

    @Test
    void oneEventNeedsNoDraw() {
        assertEquals(0, new WeightedChoice(new int[] {3}).pick(new SplittableRandom(2)));
    }
}

package benchkit.spi;

import java.util.SplittableRandom;

/**
 * Picks one of several events with probability proportional to its weight: the event mix of the
 * annotated workloads ({@code @Event(weight)}) and of the SQL template workload ({@code -- event: name weight}), and of
 * any plugin's session that mixes its events so.
 */
public final class WeightedChoice {
    /** cumulative[i] = sum of the weights of events 0..i. */
    private final int[] cumulative;

    /** @param weights one per event, each at least 1 (checked where the events are declared) */
    public WeightedChoice(int[] weights) {
        cumulative = new int[weights.length];
        int sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum = Math.addExact(sum, weights[i]);
            cumulative[i] = sum;
        }
    }

    /** The index of the next event. */
    public int pick(SplittableRandom random) {
        int n = cumulative.length;
        if (n == 1) {
            return 0;
        }
        int r = random.nextInt(cumulative[n - 1]);
        int i = 0;
        while (r >= cumulative[i]) {
            i++;
        }
        return i;
    }
}

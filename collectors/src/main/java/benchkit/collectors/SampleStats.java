package benchkit.collectors;

/** Mean and maximum of the values added so far (e.g. RSS samples of one iteration). */
public final class SampleStats {
    private long count;
    private double sum;
    private double max = Double.NEGATIVE_INFINITY;

    public void add(double value) {
        count++;
        sum += value;
        max = Math.max(max, value);
    }

    public long count() {
        return count;
    }

    /** The mean; NaN when nothing was added. */
    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The maximum; NaN when nothing was added. */
    public double max() {
        return count == 0 ? Double.NaN : max;
    }
}

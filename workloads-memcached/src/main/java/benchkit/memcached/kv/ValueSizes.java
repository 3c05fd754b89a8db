package benchkit.memcached.kv;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The distribution of value sizes in bytes: a fixed size ({@code 1024}), a uniform range
 * ({@code 100-1000}, both ends included) or a weighted list ({@code 100:0.8,1000:0.2}).
 */
public final class ValueSizes {
    /** memcached's default item size limit (-I 1m); larger values are refused by the server. */
    public static final int MAX_SIZE = 1024 * 1024;

    private final int[] sizes;
    private final double[] cumulative;
    private final boolean range;
    private final String text;

    private ValueSizes(int[] sizes, double[] cumulative, boolean range, String text) {
        this.sizes = sizes;
        this.cumulative = cumulative;
        this.range = range;
        this.text = text;
    }

    /** Parses the {@code --value-size} syntax; {@code option} names the option in error messages. */
    public static ValueSizes parse(String option, String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            throw bad(option, text, "is empty");
        }
        if (t.contains(":") || t.contains(",")) {
            return weighted(option, t);
        }
        int dash = t.indexOf('-');
        if (dash > 0) {
            int lo = size(option, t, t.substring(0, dash));
            int hi = size(option, t, t.substring(dash + 1));
            if (lo > hi) {
                throw bad(option, t, "is a range whose low end is above its high end");
            }
            return new ValueSizes(new int[]{lo, hi}, null, true, t);
        }
        int s = size(option, t, t);
        return new ValueSizes(new int[]{s}, new double[]{1.0}, false, t);
    }

    private static ValueSizes weighted(String option, String t) {
        List<Integer> sizes = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (String part : t.split(",", -1)) {
            int colon = part.indexOf(':');
            if (colon < 0) {
                throw bad(option, t, "mixes sizes without weights; write SIZE:WEIGHT[,SIZE:WEIGHT...]");
            }
            sizes.add(size(option, t, part.substring(0, colon)));
            double w;
            try {
                w = OptionValues.parseDecimal(part.substring(colon + 1).strip());
            } catch (NumberFormatException e) {
                throw bad(option, t, "has a weight that is not a number: '" + part.substring(colon + 1).strip() + "'");
            }
            if (!(w > 0) || Double.isInfinite(w)) {
                throw bad(option, t, "has a weight that is not above 0: " + part.strip());
            }
            weights.add(w);
        }
        double total = weights.stream().mapToDouble(Double::doubleValue).sum();
        int[] s = new int[sizes.size()];
        double[] cum = new double[sizes.size()];
        double run = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] = sizes.get(i);
            run += weights.get(i) / total;
            cum[i] = run;
        }
        cum[cum.length - 1] = 1.0;
        return new ValueSizes(s, cum, false, t);
    }

    private static int size(String option, String whole, String part) {
        String p = part.strip();
        long n;
        try {
            n = OptionValues.parseWhole(p);
        } catch (NumberFormatException e) {
            throw bad(option, whole, "has a size that is not a whole number: '" + p + "'");
        }
        if (n < 1 || n > MAX_SIZE) {
            throw bad(option, whole, "has a size outside 1 to " + MAX_SIZE + ": " + n);
        }
        return (int) n;
    }

    private static InvalidOptionException bad(String option, String value, String why) {
        return new InvalidOptionException("--" + option + "=" + value + " " + why
                + "; expected SIZE (1024), MIN-MAX (100-1000) or SIZE:WEIGHT,... (100:0.8,1000:0.2)");
    }

    /** Draws one size; no allocation. */
    public int next(SplittableRandom random) {
        if (range) {
            return sizes[0] + random.nextInt(sizes[1] - sizes[0] + 1);
        }
        if (sizes.length == 1) {
            return sizes[0];
        }
        double u = random.nextDouble();
        for (int i = 0; i < cumulative.length; i++) {
            if (u < cumulative[i]) {
                return sizes[i];
            }
        }
        return sizes[sizes.length - 1];
    }

    public int min() {
        int m = Integer.MAX_VALUE;
        for (int s : sizes) {
            m = Math.min(m, s);
        }
        return m;
    }

    public int max() {
        int m = 0;
        for (int s : sizes) {
            m = Math.max(m, s);
        }
        return m;
    }

    /** The expected size in bytes. */
    public double mean() {
        if (range) {
            return (sizes[0] + sizes[1]) / 2.0;
        }
        double m = 0;
        double prev = 0;
        for (int i = 0; i < sizes.length; i++) {
            m += sizes[i] * (cumulative[i] - prev);
            prev = cumulative[i];
        }
        return m;
    }

    @Override
    public String toString() {
        return text;
    }
}

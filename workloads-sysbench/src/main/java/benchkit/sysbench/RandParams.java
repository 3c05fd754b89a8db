package benchkit.sysbench;

import benchkit.spi.OptionSpec;
import benchkit.spi.OptionValues;

import java.util.List;
import java.util.Locale;

/**
 * The settings of sysbench's random number options ({@code --rand-*}), with the constants
 * sysbench derives from them once ({@code sb_rand_init}).
 */
public record RandParams(RandType type, long seed, int specIter, int specPct, int specRes,
                         double paretoH, double zipfianExp) {
    /** sysbench 1.0.20's defaults: special, iter 12, pct 1, res 75, pareto h 0.2, zipfian exp 0.8. */
    public static final RandParams DEFAULTS = new RandParams(RandType.SPECIAL, 0, 12, 1, 75, 0.2, 0.8);

    /** sysbench's --rand-* options, with its defaults: every workload that draws sysbench's numbers takes them. */
    public static List<OptionSpec> options() {
        return List.of(
                new OptionSpec("rand-type", "special", "Random numbers distribution {uniform, gaussian, special, pareto, "
                        + "zipfian}; default special as in sysbench 1.0.20"),
                new OptionSpec("rand-seed", "0", "Seed for the random number generator; 0 uses the current time"),
                new OptionSpec("rand-spec-iter", "12", "Number of iterations used for numbers generation (gaussian, special)"),
                new OptionSpec("rand-spec-pct", "1", "Percentage of values to be treated as 'special' (special distribution)"),
                new OptionSpec("rand-spec-res", "75", "Percentage of 'special' values to use (special distribution)"),
                new OptionSpec("rand-pareto-h", "0.2", "Parameter h for the pareto distribution"),
                new OptionSpec("rand-zipfian-exp", "0.8", "Shape parameter (exponent, theta) for the zipfian distribution"));
    }

    /** The settings of {@link #options()} in {@code v}; a bad value is one line naming the option. */
    public static RandParams from(OptionValues v) {
        return new RandParams(
                // Locale.ROOT: under tr_TR "special".toUpperCase() is SPECİAL, no constant of RandType
                RandType.valueOf(v.choice("rand-type", List.of("uniform", "gaussian", "special", "pareto", "zipfian"))
                        .toUpperCase(Locale.ROOT)),
                v.longValue("rand-seed", 0, Long.MAX_VALUE),
                v.intValue("rand-spec-iter", 1, 1000),
                v.intValue("rand-spec-pct", 0, 100),
                v.intValue("rand-spec-res", 0, 100),
                v.doubleValue("rand-pareto-h", Double.MIN_VALUE, Math.nextDown(1.0)),
                v.doubleValue("rand-zipfian-exp", 0, 1e6));
    }

    double iterMult() {
        return 1.0 / specIter;
    }

    double pctMult() {
        return specPct / 100.0;
    }

    double pct2Mult() {
        return specPct / 200.0;
    }

    double resMult() {
        return 100.0 / (100.0 - specRes);
    }

    double paretoPower() {
        return Math.log(paretoH) / Math.log(1.0 - paretoH);
    }
}

package benchkit.sysbench;

/**
 * The settings of sysbench's random number options ({@code --rand-*}), with the constants
 * sysbench derives from them once ({@code sb_rand_init}).
 */
public record RandParams(RandType type, long seed, int specIter, int specPct, int specRes,
                         double paretoH, double zipfianExp) {
    /** sysbench 1.0.20's defaults: special, iter 12, pct 1, res 75, pareto h 0.2, zipfian exp 0.8. */
    public static final RandParams DEFAULTS = new RandParams(RandType.SPECIAL, 0, 12, 1, 75, 0.2, 0.8);

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

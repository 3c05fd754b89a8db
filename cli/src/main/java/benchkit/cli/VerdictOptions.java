package benchkit.cli;

import benchkit.core.report.Compare;
import benchkit.core.stats.EffectMethod;
import picocli.CommandLine.Option;

import java.util.Optional;

/** How effects are estimated and judged: shared by run, compare, report and calibrate. */
final class VerdictOptions {
    @Option(names = "--baseline", paramLabel = "VARIANT",
            description = "The variant the others are compared with: its label (e.g. glibc) or a param (allocator=glibc). "
                    + "Default: the first variant.")
    String baseline;

    @Option(names = "--confidence", paramLabel = "LEVEL", defaultValue = "0.95",
            description = "Confidence level of effect intervals, e.g. 0.95 or 95 (default 95%%).")
    double confidence;

    @Option(names = "--min-effect", paramLabel = "PERCENT", defaultValue = "2",
            description = "Smallest change that matters, in percent (default ${DEFAULT-VALUE}): a verdict claims a "
                    + "difference only beyond it, and says 'same' when the whole interval is within ± it.")
    double minEffectPercent;

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "forks-t",
            description = "How intervals are computed: forks-t (t interval on log fork means, the nested model; default) "
                    + "or bootstrap (hierarchical bootstrap of Kalibera & Jones; needs many forks).")
    String method;

    /** A --confidence as given (0.95 or 95) as a level; shared with bench history check so 95 means 95% everywhere. */
    static double level(double confidence) {
        // 1 and above is a percentage; a level below 50% would claim most differences it sees (1.5: a 98.5% error rate)
        double level = confidence >= 1 ? confidence / 100 : confidence;
        if (!(level >= 0.5 && level < 1)) {
            throw new UsageException("--confidence=" + confidence + " is not valid; expected a level from 0.5 to below 1 "
                    + "(e.g. 0.95) or a percentage from 50 to below 100 (e.g. 95)");
        }
        return level;
    }

    Compare.Settings settings() {
        double level = level(confidence);
        if (!(minEffectPercent >= 0 && minEffectPercent < 100)) {
            throw new UsageException("--min-effect=" + minEffectPercent + " is not valid; expected a percentage from 0 to below 100");
        }
        EffectMethod m;
        try {
            m = EffectMethod.parse(method);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--method=" + method + " is not valid; expected forks-t or bootstrap");
        }
        return new Compare.Settings(m, level, minEffectPercent / 100);
    }

    Optional<String> baseline() {
        return Optional.ofNullable(baseline).map(String::strip).filter(s -> !s.isEmpty());
    }
}

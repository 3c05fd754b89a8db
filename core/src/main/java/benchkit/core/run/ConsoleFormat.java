package benchkit.core.run;

/**
 * How a run prints to the console (not what it measures or writes to the result files).
 *
 * @param percentile      the latency percentile the progress lines and the sysbench summary show, as
 *                        sysbench's {@code --percentile} (1-100; 0 turns percentiles off: the lines show 0.00)
 * @param sysbenchSummary after each trial, print sysbench 1.0.20's final report (SQL statistics, general
 *                        statistics, latency, threads fairness) over the trial's measurement iterations
 * @param histogram       print sysbench's latency histogram before that report (sysbench's {@code --histogram})
 */
public record ConsoleFormat(int percentile, boolean sysbenchSummary, boolean histogram) {
    /** sysbench's default percentile, no summary. */
    public static final ConsoleFormat DEFAULT = new ConsoleFormat(95, false, false);

    public ConsoleFormat {
        if (percentile < 0 || percentile > 100) {
            throw new IllegalArgumentException("percentile must be from 0 (off) to 100, got " + percentile);
        }
        if (histogram && !sysbenchSummary) {
            throw new IllegalArgumentException("the latency histogram is part of the sysbench summary");
        }
        if (histogram && percentile == 0) {
            // As sysbench: with percentiles off it records no latency distribution.
            throw new IllegalArgumentException("the histogram cannot be used with percentile 0");
        }
    }
}

package benchkit.core.run;

import java.util.List;

/**
 * How a run prints to the console (not what it measures or writes to the result files).
 *
 * @param style      {@link Style#JMH}: bench's own lines; {@link Style#SYSBENCH}: sysbench 1.0.20's output
 * @param percentile the latency percentile the progress lines and the sysbench report show, as
 *                   sysbench's {@code --percentile} (1-100; 0 turns percentiles off: the lines show 0.00)
 * @param histogram  print sysbench's latency histogram before its report (sysbench's {@code --histogram})
 * @param verbosity  sysbench's {@code --verbosity}, 0-5: in the sysbench style, 3 (its default) prints what
 *                   sysbench prints, 4 and 5 add bench's own lines, 2 and less leave out the report and keep
 *                   warnings (2) and errors (1, 0)
 * @param checkpoints sysbench's {@code --report-checkpoints}: seconds from the trial's start, ascending, at which
 *                   the sysbench style prints its report over the events since the last one (the last report
 *                   then covers the rest); empty for none
 */
public record ConsoleFormat(Style style, int percentile, boolean histogram, int verbosity, List<Integer> checkpoints) {
    /** What the console reads like. */
    public enum Style {
        /** bench's lines: JMH's headers and iteration results, sysbench's progress lines, the scores and effects. */
        JMH,
        /**
         * sysbench 1.0.20's, for the scripts that parse it: its header, progress lines and final report
         * ("SQL statistics", "General statistics", "Latency (ms)", "Threads fairness") for each trial.
         */
        SYSBENCH
    }

    /** sysbench's default verbosity: its notices, warnings and errors. */
    public static final int NOTICE = 3;
    /** The verbosity from which the sysbench style adds bench's own lines (sysbench's "info"). */
    public static final int INFO = 4;
    /** bench's lines, sysbench's default percentile. */
    public static final ConsoleFormat DEFAULT = new ConsoleFormat(Style.JMH, 95, false, NOTICE);

    /** Without checkpoints. */
    public ConsoleFormat(Style style, int percentile, boolean histogram, int verbosity) {
        this(style, percentile, histogram, verbosity, List.of());
    }

    public ConsoleFormat {
        checkpoints = List.copyOf(checkpoints);
        for (int i = 0; i < checkpoints.size(); i++) {
            if (checkpoints.get(i) <= 0 || i > 0 && checkpoints.get(i) <= checkpoints.get(i - 1)) {
                throw new IllegalArgumentException("checkpoints must be ascending seconds from 1, got " + checkpoints);
            }
        }
        if (!checkpoints.isEmpty() && style != Style.SYSBENCH) {
            throw new IllegalArgumentException("checkpoint reports are sysbench's report");
        }
        if (percentile < 0 || percentile > 100) {
            throw new IllegalArgumentException("percentile must be from 0 (off) to 100, got " + percentile);
        }
        if (verbosity < 0 || verbosity > 5) {
            throw new IllegalArgumentException("verbosity must be from 0 to 5, got " + verbosity);
        }
        if (histogram && style != Style.SYSBENCH) {
            throw new IllegalArgumentException("the latency histogram is part of sysbench's report");
        }
        if (histogram && percentile == 0) {
            // As sysbench: with percentiles off it records no latency distribution.
            throw new IllegalArgumentException("the histogram cannot be used with percentile 0");
        }
    }
}

package benchkit.sysbench.console;

import benchkit.core.run.console.ConsoleStyle;
import benchkit.core.run.console.RunConsole;
import java.io.PrintStream;
import java.util.List;

/**
 * sysbench 1.0.20's console, for the scripts that parse it ({@code --format sysbench}, and every sysbench line): its
 * header, progress lines and final report ("SQL statistics", "General statistics", "Latency (ms)", "Threads
 * fairness") for each trial, as {@link SysbenchConsole} prints them.
 *
 * @param percentile  the latency percentile the progress lines and the report show, as sysbench's {@code --percentile}
 *                    (1-100; 0 turns percentiles off: the lines show 0.00)
 * @param histogram   print sysbench's latency histogram before its report (sysbench's {@code --histogram})
 * @param verbosity   sysbench's {@code --verbosity}, 0-5: 3 (its default) prints what sysbench prints, 4 and 5 add
 *                    bench's own lines, 2 and less leave out the report and keep warnings (2) and errors (1, 0)
 * @param checkpoints sysbench's {@code --report-checkpoints}: seconds from the trial's start, ascending, at which its
 *                    report over the events since the last one is printed (the last report then covers the rest);
 *                    empty for none
 */
public record SysbenchFormat(int percentile, boolean histogram, int verbosity, List<Integer> checkpoints)
        implements ConsoleStyle {
    /** sysbench's default verbosity: its notices, warnings and errors. */
    public static final int NOTICE = 3;
    /** The verbosity from which bench's own lines show too (sysbench's "info"). */
    public static final int INFO = 4;

    /** Without checkpoints. */
    public SysbenchFormat(int percentile, boolean histogram, int verbosity) {
        this(percentile, histogram, verbosity, List.of());
    }

    public SysbenchFormat {
        checkpoints = List.copyOf(checkpoints);
        for (int i = 0; i < checkpoints.size(); i++) {
            if (checkpoints.get(i) <= 0 || i > 0 && checkpoints.get(i) <= checkpoints.get(i - 1)) {
                throw new IllegalArgumentException("checkpoints must be ascending seconds from 1, got " + checkpoints);
            }
        }
        if (percentile < 0 || percentile > 100) {
            throw new IllegalArgumentException("percentile must be from 0 (off) to 100, got " + percentile);
        }
        if (verbosity < 0 || verbosity > 5) {
            throw new IllegalArgumentException("verbosity must be from 0 to 5, got " + verbosity);
        }
        if (histogram && percentile == 0) {
            // As sysbench: with percentiles off it records no latency distribution.
            throw new IllegalArgumentException("the histogram cannot be used with percentile 0");
        }
    }

    /** The same with report checkpoints. */
    public SysbenchFormat withCheckpoints(List<Integer> at) {
        return new SysbenchFormat(percentile, histogram, verbosity, at);
    }

    @Override
    public RunConsole open(PrintStream out) {
        return new SysbenchConsole(out, this);
    }
}

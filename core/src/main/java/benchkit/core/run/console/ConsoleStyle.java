package benchkit.core.run.console;

import java.io.PrintStream;

/**
 * What a run's console reads like (not what it measures or writes to the result files): bench's own, {@link Jmh},
 * or another tool's that scripts already parse, from the module that speaks it.
 */
public interface ConsoleStyle {
    /** bench's lines with sysbench's default percentile. */
    ConsoleStyle DEFAULT = new Jmh(95);

    /** A console printing to {@code out}. */
    RunConsole open(PrintStream out);

    /**
     * bench's lines: JMH's headers and iteration results, the progress lines, the scores and the effects.
     *
     * @param percentile the latency percentile the progress lines show (1-100; 0 turns it off: they show 0.00)
     */
    record Jmh(int percentile) implements ConsoleStyle {
        public Jmh {
            if (percentile < 0 || percentile > 100) {
                throw new IllegalArgumentException("percentile must be from 0 (off) to 100, got " + percentile);
            }
        }

        @Override
        public RunConsole open(PrintStream out) {
            return new RunConsole(out, percentile);
        }
    }
}

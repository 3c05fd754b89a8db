package benchkit.core.run.console;

import benchkit.core.result.LatencyLog;

import benchkit.core.result.IterationRecord;
import org.HdrHistogram.Histogram;

/**
 * What a console keeps of one trial beyond bench's own records, made by {@link RunConsole#tally}: e.g. a tool's
 * final report over the trial's measurement, or reports due at set times into it. The trial's control thread calls
 * it; {@link #NONE} keeps nothing.
 */
public interface TrialTally {
    TrialTally NONE = new TrialTally() {
    };

    /** An empty histogram that holds any latency the load records (in nanoseconds), as the load's own do. */
    static Histogram newHistogram() {
        return LatencyLog.newHistogram();
    }

    /** A histogram that every drain of the load adds the latencies since the last drain to; null for none. */
    default Histogram latencies() {
        return null;
    }

    /** When (nanoTime) {@link #due} is next wanted, for a trial whose load started at {@code trialStart}; MAX_VALUE for never. */
    default long nextDue(long trialStart) {
        return Long.MAX_VALUE;
    }

    /** The load drained at {@code now}, as {@link #nextDue} asked. */
    default void due(long now, LoadSnapshot at, long trialStart) {
    }

    /**
     * A valid measurement iteration ended at {@code stop} (nanoTime): the load counted from {@code before} to
     * {@code after}, with these latencies.
     */
    default void measured(IterationRecord record, LoadSnapshot before, LoadSnapshot after, Histogram latency, long stop) {
    }
}

package benchkit.core.api;

import benchkit.core.run.RunSummary;

/**
 * A run that did not complete (a server that did not start or died, an invalid iteration, a file that could not
 * be written): a check built on it must not pass. The message carries the cause the journal has; {@link #summary()}
 * still holds what finished.
 */
public class BenchmarkFailedException extends Exception {
    private final transient RunSummary summary;

    public BenchmarkFailedException(String workload, RunSummary summary) {
        super(workload + " did not complete: " + summary.failure().orElse("no reason recorded")
                + " (what finished is in " + summary.outDir() + ")");
        this.summary = summary;
    }

    /** What the run produced before it failed: its scores, its files and its invalid iterations. */
    public RunSummary summary() {
        return summary;
    }
}

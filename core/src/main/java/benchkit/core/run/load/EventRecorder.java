package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;


import benchkit.spi.Outcome;

/**
 * What the runner keeps of each finished event of one session, whichever thread ran it.
 *
 */
record EventRecorder(ThreadCounters counters, SessionRecorder recorder, LoadControl control) {

    /** An event starts (or was due, in an open loop) at {@code startNanos}: in flight until {@link #finished}. */
    void started(long startNanos) {
        counters.started(startNanos);
    }

    /**
     * Counts an event that started (or was due) at {@code startNanos} and ended at {@code endNanos}: an
     * OK one with its latency, the others as reconnects or errors; under an event limit, an event that
     * did not end OK is given back to be run again.
     */
    void finished(Outcome outcome, long startNanos, long endNanos) {
        if (outcome == null) {
            throw new IllegalStateException("session returned no outcome");
        }
        // a timeout or a lost connection ends an event but is no sign of a working server: only answers are progress
        counters.finished(endNanos, outcome == Outcome.OK || outcome == Outcome.IGNORED_ERROR);
        boolean limited = control.maxEvents > 0;
        int kind = counters.takeEventKind();
        long nanos = outcome == Outcome.OK ? Math.min(Math.max(endNanos - startNanos, 0), LatencyLog.MAX_NANOS) : -1;
        recorder.record(counters, nanos, kind);       // its queries, and its latency (and kind) when OK, in one interval
        switch (outcome) {
            case OK -> {
                if (limited) {
                    control.countEvent();
                }
            }
            case RETRY -> counters.reconnect();
            case IGNORED_ERROR, ERROR -> counters.error();
        }
        if (limited && outcome != Outcome.OK) {
            control.releaseEvent();
        }
    }
}

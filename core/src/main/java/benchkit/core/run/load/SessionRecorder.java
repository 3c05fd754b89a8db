package benchkit.core.run.load;

import benchkit.core.result.LatencyLog;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * One session's latencies and queries since the control thread last drained them, handed over as one: an event's
 * queries and its latency always fall in the same interval. An HdrHistogram {@code Recorder} swaps a histogram alone,
 * and queries counted beside it could land one drain apart from their event (at 2 threads, some 15 of 21,000 point
 * selects a second, so that a progress line's tps and qps differed). The scheme is the Recorder's: two intervals, and
 * HdrHistogram's {@link WriterReaderPhaser} to swap them without stopping the writer. One writer: the thread that runs
 * the session's events.
 */
final class SessionRecorder {
    /** What the session recorded between two drains. */
    static final class Interval {
        /** The OK events' latencies, in nanoseconds: one value per OK event. */
        final Histogram latency = LatencyLog.newHistogram();
        long reads;
        long writes;
        long others;
        /** The sum of the OK events' latencies. */
        long latencyNanos;
        /**
         * The OK events' latencies per kind of event ({@link benchkit.spi.Workload#eventKinds()}), in the same interval
         * as the totals so that the kinds add up to them; a kind's histogram is made at its first event.
         */
        final Histogram[] kinds;

        private Interval(int kindCount) {
            kinds = new Histogram[kindCount];
        }

        private void reset() {
            latency.reset();
            reads = 0;
            writes = 0;
            others = 0;
            latencyNanos = 0;
            for (Histogram k : kinds) {
                if (k != null) {
                    k.reset();
                }
            }
        }
    }

    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile Interval active;
    private Interval inactive;

    /** A session's recorder for a workload that names {@code kindCount} kinds of event (0: none). */
    SessionRecorder(int kindCount) {
        active = new Interval(kindCount);
        inactive = new Interval(kindCount);
    }

    /**
     * An event ended (or the session opened): the queries it sent, taken from {@code pending}, and when it was OK its
     * latency ({@code latencyNanos} &ge; 0; -1 for none) and its kind ({@code kind}: an index of the workload's kinds,
     * or -1; another index counts in the totals only). On the session's thread.
     */
    void record(ThreadCounters pending, long latencyNanos, int kind) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            Interval a = active;
            a.reads += pending.pendingReads;
            a.writes += pending.pendingWrites;
            a.others += pending.pendingOthers;
            if (latencyNanos >= 0) {
                a.latency.recordValue(latencyNanos);
                a.latencyNanos += latencyNanos;
                if (kind >= 0 && kind < a.kinds.length) {
                    if (a.kinds[kind] == null) {
                        a.kinds[kind] = LatencyLog.newHistogram();
                    }
                    a.kinds[kind].recordValue(latencyNanos);
                }
            }
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
        pending.pendingReads = 0;
        pending.pendingWrites = 0;
        pending.pendingOthers = 0;
    }

    /**
     * Runs the control thread's drain code (a swap, HdrHistogram's reset and add of a whole histogram) until the JIT
     * compiles it, while the machine is still idle. Uncompiled, a drain of 64 sessions took 20-40 ms of CPU in a
     * trial's first seconds; with 64 threads on 2 CPUs the control thread gets a few percent of one, so a progress line
     * came seconds late and the iteration was judged held up. Compiled first: 2-8 ms, and no line more than 0.4 s late.
     * About 40 ms, once per process (docs/vs-sysbench.md, "The control thread under load").
     */
    static void compileDrain() {
        SessionRecorder recorder = new SessionRecorder(0);
        ThreadCounters queries = new ThreadCounters();
        Histogram sum = LatencyLog.newHistogram();
        for (int i = 0; i < 200; i++) {
            recorder.record(queries, 1_000 + i, -1);
            sum.add(recorder.drain().latency);
        }
    }

    /** What was recorded since the last drain; valid until the next one. On the control thread. */
    Interval drain() {
        phaser.readerLock();
        try {
            inactive.reset();
            Interval done = active;
            active = inactive;
            inactive = done;
            phaser.flipPhase();     // waits for a record() still writing into the interval just swapped out
            return done;
        } finally {
            phaser.readerUnlock();
        }
    }
}

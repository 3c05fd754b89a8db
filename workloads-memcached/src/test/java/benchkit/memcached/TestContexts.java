package benchkit.memcached;

import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.SessionContext;

/** Session and prepare contexts as the runner gives them, with counters a test can read. */
public final class TestContexts {
    private TestContexts() {
    }

    public static final class Counting implements SessionContext, QueryCounter {
        private final int thread;
        private final int threads;
        public long reads;
        public long writes;
        public long others;

        public Counting(int thread, int threads) {
            this.thread = thread;
            this.threads = threads;
        }

        @Override public int thread() { return thread; }

        @Override public int threads() { return threads; }

        @Override public QueryCounter queries() { return this; }

        @Override public void reads(int n) { reads += n; }

        @Override public void writes(int n) { writes += n; }

        @Override public void others(int n) { others += n; }
    }

    public static PrepareContext prepare(int threads) {
        return () -> threads;
    }
}

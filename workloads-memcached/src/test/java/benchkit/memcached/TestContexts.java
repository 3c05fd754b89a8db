package benchkit.memcached;

import benchkit.spi.Outcome;
import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.Session;
import benchkit.spi.SessionContext;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        /** How many events each kind of event named ({@link SessionContext#eventKind}). */
        public final long[] kinds = new long[4];

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

        @Override public void eventKind(int index) { kinds[index]++; }
    }

    public static PrepareContext prepare(int threads) {
        return () -> threads;
    }

    /**
     * Opens {@code threads} sessions, runs {@code events} events on each in turn (every one must be
     * OK), closes them and returns their counters.
     */
    public static List<Counting> run(Workload w, Target target, int threads, int events) throws Exception {
        List<Counting> out = new ArrayList<>();
        List<Session> sessions = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Counting c = new Counting(t, threads);
            out.add(c);
            sessions.add(w.openSession(target, c));
        }
        for (Session s : sessions) {
            for (int i = 0; i < events; i++) {
                assertEquals(Outcome.OK, s.execute());
            }
        }
        for (Session s : sessions) {
            s.close();
        }
        return out;
    }
}

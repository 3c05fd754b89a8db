package benchkit.testing;

import benchkit.spi.PrepareContext;
import benchkit.spi.QueryCounter;
import benchkit.spi.SessionContext;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session and prepare context for tests that counts queries and remembers progress and what the steps said; shared by
 * the SQL workloads' tests through mysql-client's test-jar.
 */
public final class CountingContext implements SessionContext, PrepareContext, QueryCounter {
    private final int thread;
    private final int threads;
    public long reads;
    public long writes;
    public long others;
    public final Map<String, Long> progress = new ConcurrentHashMap<>();
    /** What the data steps said, in order (sysbench's words). */
    public final java.util.List<String> said = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

    /** The kind each event named ({@link SessionContext#eventKind}), in order. */
    public final java.util.List<Integer> kinds = new java.util.ArrayList<>();

    public CountingContext(int thread, int threads) {
        this.thread = thread;
        this.threads = threads;
    }

    @Override
    public int thread() {
        return thread;
    }

    @Override
    public int threads() {
        return threads;
    }

    @Override
    public QueryCounter queries() {
        return this;
    }

    @Override
    public void eventKind(int index) {
        kinds.add(index);
    }

    @Override
    public void log(String line) {
        said.add(line);
    }

    @Override
    public void progress(String unit, long done, long total) {
        progress.put(unit, done);
    }

    @Override
    public void reads(int n) {
        reads += n;
    }

    @Override
    public void writes(int n) {
        writes += n;
    }

    @Override
    public void others(int n) {
        others += n;
    }
}

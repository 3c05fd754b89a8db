package benchkit.core.annotated;

import benchkit.spi.QueryCounter;
import benchkit.spi.SessionContext;

/** A session context whose query counter just adds up, as the runner's does. */
final class TestContext implements SessionContext, QueryCounter {
    private final int thread;
    private final int threads;
    long reads;
    long writes;
    long others;

    TestContext(int thread, int threads) {
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

package m;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** 4 tables x 100000 rows, 2 threads, batches of 1000 rows every 30 ms: ~3 s a table, ~6 s in all. */
final class Sim {
    interface Reporter { void progress(String unit, long done, long total); }
    interface TableSink extends AutoCloseable { void step(long done); @Override void close(); }
    interface SinkFactory { TableSink open(String unit, long total); }

    static final long ROWS = 100_000, BATCH = 1_000, SLEEP_MS = 30;
    static final List<String> TABLES = List.of("sbtest1", "sbtest2", "sbtest3", "sbtest4");

    static void run(SinkFactory f) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        for (String t : TABLES) {
            pool.submit(() -> {
                try (TableSink s = f.open(t, ROWS)) {
                    for (long done = BATCH; done <= ROWS; done += BATCH) {
                        Thread.sleep(SLEEP_MS);
                        s.step(done);
                    }
                }
                return null;
            });
        }
        pool.shutdown();
        pool.awaitTermination(1, TimeUnit.MINUTES);
    }
}

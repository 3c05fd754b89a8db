package benchkit.memcached.bench;

import benchkit.memcached.TestContexts.Counting;
import benchkit.memcached.workload.MemcachedWorkloadFactory;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A plain loop of memcached-set sessions, for comparing the client with memslap without the
 * runner: {@code SetLoop HOST PORT THREADS EVENTS_PER_THREAD [option=value ...]}. Prints the
 * wall time from the moment all threads start to the moment the last finishes, as memslap does.
 */
public final class SetLoop {
    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: SetLoop HOST PORT THREADS EVENTS_PER_THREAD [option=value ...]");
            System.exit(2);
        }
        Target target = Target.builder().host(args[0]).port(Integer.parseInt(args[1])).product("memcached").build();
        int threads = Integer.parseInt(args[2]);
        long events = Long.parseLong(args[3]);
        Map<String, String> options = new LinkedHashMap<>();
        options.put("keys", Long.toString(events * threads));
        options.put("key-pattern", "sequential");
        for (int i = 4; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            options.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        Workload w = new MemcachedWorkloadFactory.Set().create(options);
        List<Session> sessions = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            sessions.add(w.openSession(target, new Counting(t, threads)));
        }
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        AtomicLong failed = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        for (Session s : sessions) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (long i = 0; i < events; i++) {
                        if (s.execute() != Outcome.OK) {
                            failed.incrementAndGet();
                        }
                    }
                    s.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            th.start();
            workers.add(th);
        }
        start.await();
        long t0 = System.nanoTime();
        for (Thread th : workers) {
            th.join();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long total = events * threads;
        System.out.printf("benchkit memcached-set: threads=%d events=%d seconds=%.3f ops/s=%.0f not-ok=%d options=%s%n",
                threads, total, seconds, total / seconds, failed.get(), options);
    }
}

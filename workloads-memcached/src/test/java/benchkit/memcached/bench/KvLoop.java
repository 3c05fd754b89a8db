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
 * A plain loop of memcached-set or memcached-get sessions, for comparing the client with memslap
 * without the runner: {@code KvLoop set|get HOST PORT THREADS EVENTS_PER_THREAD [option=value ...]}.
 * Sets write distinct keys (each thread its own slice, as memslap); gets read uniformly from
 * {@code --keys} (default THREADS x EVENTS) loaded before the clock starts. Prints the wall time from
 * the moment all threads start to the moment the last finishes, as memslap does.
 */
public final class KvLoop {
    public static void main(String[] args) throws Exception {
        if (args.length < 5 || !args[0].equals("set") && !args[0].equals("get")) {
            System.err.println("usage: KvLoop set|get HOST PORT THREADS EVENTS_PER_THREAD [option=value ...]");
            System.exit(2);
        }
        boolean set = args[0].equals("set");
        Target target = Target.builder().host(args[1]).port(Integer.parseInt(args[2])).product("memcached").build();
        int threads = Integer.parseInt(args[3]);
        long events = Long.parseLong(args[4]);
        Map<String, String> options = new LinkedHashMap<>();
        options.put("keys", Long.toString(events * threads));
        options.put("key-pattern", set ? "sequential" : "uniform");
        for (int i = 5; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            options.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        Workload w = (set ? new MemcachedWorkloadFactory.Set() : new MemcachedWorkloadFactory.Get()).create(options);
        if (!w.isPrepared(target)) {
            w.prepare(target, () -> threads);
        }
        List<Session> sessions = new ArrayList<>();
        List<Counting> contexts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            contexts.add(new Counting(t, threads));
            sessions.add(w.openSession(target, contexts.get(t)));
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
        System.out.printf("benchkit memcached-" + args[0] + ": threads=%d events=%d seconds=%.3f ops/s=%.0f not-ok=%d reads=%d misses=%d options=%s%n",
                threads, total, seconds, total / seconds, failed.get(),
                contexts.stream().mapToLong(c -> c.reads).sum(), contexts.stream().mapToLong(c -> c.others).sum(), options);
    }
}

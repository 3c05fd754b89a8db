package bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

/**
 * Plain harness (complements JMH): one config per JVM; T threads, each with its own Lua state;
 * W warmup rounds then R timed rounds of ~ms each, rounds synchronized across threads by a barrier.
 * Per round: wall ns/event and thread-CPU ns/event (mean over threads). CPU time is robust to other
 * processes stealing the 2 cores; wall time includes that and any lock contention.
 * Usage: CpuBench runtime workload threads [warmupRounds rounds roundMs]
 */
public class CpuBench {
    public static void main(String[] a) throws Exception {
        String rt = a[0], wl = a[1];
        int threads = Integer.parseInt(a[2]);
        int warm = a.length > 3 ? Integer.parseInt(a[3]) : 5;
        int rounds = a.length > 4 ? Integer.parseInt(a[4]) : 10;
        long roundNs = (a.length > 5 ? Long.parseLong(a[5]) : 1000) * 1_000_000L;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (mx.isThreadContentionMonitoringSupported()) mx.setThreadContentionMonitoringEnabled(true);
        long[] blockedCount = new long[threads], blockedMs = new long[threads], events = new long[threads];
        double[][] wall = new double[threads][rounds], cpu = new double[threads][rounds];
        CyclicBarrier barrier = new CyclicBarrier(threads);
        List<Thread> ts = new ArrayList<>();
        Throwable[] err = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            final int ti = t;
            Thread th = new Thread(() -> {
                try (Engine e = Engine.create(rt, "event_" + wl)) {
                    long sink = 0;
                    for (int r = -warm; r < rounds; r++) {
                        barrier.await();
                        long w0 = System.nanoTime(), c0 = mx.getCurrentThreadCpuTime(), n = 0, w1;
                        do {
                            for (int i = 0; i < 100; i++) sink += e.event();
                            n += 100;
                            w1 = System.nanoTime();
                        } while (w1 - w0 < roundNs);
                        long c1 = mx.getCurrentThreadCpuTime();
                        if (r >= 0) events[ti] += n;
                        if (r == -1) { var inf = mx.getThreadInfo(Thread.currentThread().getId()); blockedCount[ti] = -inf.getBlockedCount(); blockedMs[ti] = -inf.getBlockedTime(); }
                        if (r == rounds - 1) { var inf = mx.getThreadInfo(Thread.currentThread().getId()); blockedCount[ti] += inf.getBlockedCount(); blockedMs[ti] += inf.getBlockedTime(); }
                        if (r >= 0) { wall[ti][r] = (double) (w1 - w0) / n; cpu[ti][r] = (double) (c1 - c0) / n; }
                    }
                    if (sink == 42) System.out.print("");
                } catch (Throwable x) { err[0] = x; barrier.reset(); }
            });
            ts.add(th); th.start();
        }
        for (Thread th : ts) th.join();
        if (err[0] != null) throw new RuntimeException(err[0]);
        System.out.printf("RESULT jdk=%s rt=%s%s wl=%s threads=%d rounds=%d wall=%s cpu=%s%n",
                Runtime.version().feature(), rt,
                ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:-DontCompileHugeMethods") ? "+huge" : "",
                wl, threads, rounds, stats(wall), stats(cpu));
        long bc = 0, bm = 0, ev = 0;
        for (int t = 0; t < threads; t++) { bc += blockedCount[t]; bm += blockedMs[t]; ev += events[t]; }
        System.out.printf("MONITOR blocked-enters/event=%.3f blocked-ms/thread/s=%.1f%n", (double) bc / ev, bm / (double) threads / (rounds * roundNs / 1e9));
    }
    static String stats(double[][] v) {
        int rounds = v[0].length;
        double[] m = new double[rounds];
        for (int r = 0; r < rounds; r++) { double s = 0; for (double[] t : v) s += t[r]; m[r] = s / v.length; }
        double[] raw = m.clone();
        Arrays.sort(m);
        double med = rounds % 2 == 1 ? m[rounds / 2] : (m[rounds / 2 - 1] + m[rounds / 2]) / 2;
        StringBuilder sb = new StringBuilder();
        for (double x : raw) sb.append(sb.length() == 0 ? "" : ",").append(Math.round(x));
        return String.format("%.0f/%.0f/%.0f[%s]", med, m[0], m[rounds - 1], sb);
    }
}

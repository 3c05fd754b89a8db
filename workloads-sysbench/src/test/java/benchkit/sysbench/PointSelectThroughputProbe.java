package benchkit.sysbench;

import benchkit.testing.CountingContext;
import benchkit.spi.Outcome;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A measurement, not a test: point-select QPS of a plain loop of our sessions vs Debian's
 * sysbench on the same throwaway mariadbd. Run with
 * {@code -Dtest=PointSelectThroughputProbe -Dbenchkit.probe=true}.
 */
@EnabledIfSystemProperty(named = "benchkit.probe", matches = "true")
class PointSelectThroughputProbe {
    private static final int THREADS = 8;
    private static final int SECONDS = 10;

    @Test
    void measure() throws Exception {
        String external = System.getProperty("benchkit.probe.mysql.dir");
        if (external != null) {
            measureExternalMysql(java.nio.file.Path.of(external));
            return;
        }
        try (MariaDbServer server = MariaDbServer.start()) {
            Target target = server.target();
            Workload w = new OltpWorkloadFactory.PointSelect().create(Map.of("tables", "4", "table-size", "10000"));
            w.prepare(target, new CountingContext(0, 2));
            List<String> lines = new ArrayList<>();
            // Interleaved rounds, because the shared machine's load drifts.
            for (int round = 1; round <= Integer.getInteger("benchkit.probe.rounds", 2); round++) {
                for (String[] variant : new String[][] {{"mariadb", "tcp"}, {"mysql", "tcp"}, {"mariadb", "socket"}}) {
                    Workload v = new OltpWorkloadFactory.PointSelect().create(Map.of("tables", "4", "table-size", "10000",
                            "driver", variant[0], "transport", variant[1]));
                    double[] r = loop(v, target);
                    lines.add("round " + round + " benchkit driver=" + variant[0] + " transport=" + variant[1] + ": "
                            + Math.round(r[0]) + " qps, client CPU " + Math.round(r[1]) + " us/query");
                }
                for (String socket : new String[] {"", "--mysql-socket=" + server.socket()}) {
                    List<String> args = new ArrayList<>(List.of("oltp_point_select", "--tables=4", "--table-size=10000",
                            "--threads=" + THREADS, "--time=" + SECONDS));
                    if (!socket.isEmpty()) {
                        args.add(socket);
                    }
                    args.add("run");
                    MariaDbServer.SysbenchResult r = server.sysbench(args.toArray(new String[0]));
                    Matcher m = Pattern.compile("queries:\\s+\\d+\\s+\\(([0-9.]+) per sec").matcher(r.output());
                    double qps = m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
                    lines.add("round " + round + " sysbench " + (socket.isEmpty() ? "tcp" : "socket") + ": "
                            + Math.round(qps) + " qps, client CPU " + Math.round(r.cpuSeconds() * 1e6 / (qps * SECONDS)) + " us/query");
                }
            }
            lines.add(allocatedBytesPerEvent(target));
            lines.forEach(l -> System.out.println("PROBE " + l));
        }
    }

    /** A MySQL server started by hand in {@code dir} (files port, pw, mysqld.sock), for the auto-driver choice. */
    private void measureExternalMysql(java.nio.file.Path dir) throws Exception {
        Target target = Target.builder().host("127.0.0.1")
                .port(Integer.parseInt(java.nio.file.Files.readString(dir.resolve("port")).trim()))
                .socket(dir.resolve("mysqld.sock").toString()).user("bench")
                .password(java.nio.file.Files.readString(dir.resolve("pw")).trim()).database("sbtest").product("MySQL").build();
        Workload w = new OltpWorkloadFactory.PointSelect().create(Map.of("tables", "4", "table-size", "10000"));
        if (!w.isPrepared(target)) {
            w.prepare(target, new CountingContext(0, 2));
        }
        for (String[] variant : variants()) {
            Workload v = new OltpWorkloadFactory.PointSelect().create(Map.of("tables", "4", "table-size", "10000",
                    "driver", variant[0], "transport", variant[1]));
            double[] r = loop(v, target);
            System.out.println("PROBE mysql-8.0 benchkit driver=" + variant[0] + " transport=" + variant[1] + ": "
                    + Math.round(r[0]) + " qps, client CPU " + Math.round(r[1]) + " us/query");
        }
    }

    /** Heap bytes one point-select event allocates on this thread (our code plus the driver's). */
    private static String allocatedBytesPerEvent(Target target) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        StringBuilder sb = new StringBuilder("allocation per point-select event:");
        for (String driver : List.of("mariadb", "mysql")) {
            Workload w = new OltpWorkloadFactory.PointSelect().create(Map.of("tables", "4", "table-size", "10000", "driver", driver));
            try (Session s = w.openSession(target, new CountingContext(0, 1))) {
                for (int i = 0; i < 20_000; i++) {
                    s.execute();
                }
                long before = mx.getCurrentThreadAllocatedBytes();
                for (int i = 0; i < 20_000; i++) {
                    s.execute();
                }
                sb.append(' ').append(driver).append('=').append((mx.getCurrentThreadAllocatedBytes() - before) / 20_000).append(" B");
            }
        }
        return sb.toString();
    }

    private static String[][] variants() {
        String v = System.getProperty("benchkit.probe.variants", "mysql/tcp,mariadb/tcp,mysql/tcp,mariadb/tcp,mariadb/socket");
        String[] parts = v.split(",");
        String[][] out = new String[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            out[i] = parts[i].split("/");
        }
        return out;
    }

    /** QPS and this JVM's CPU microseconds per query over the measured window. */
    private static double[] loop(Workload w, Target target) throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long[] cpuAtStart = new long[1];
        AtomicLong ok = new AtomicLong();
        long warm = System.nanoTime() + 3_000_000_000L;
        long end = warm + SECONDS * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            Thread th = new Thread(() -> {
                try (Session s = w.openSession(target, new CountingContext(thread, THREADS))) {
                    while (System.nanoTime() < warm) {
                        s.execute();
                    }
                    synchronized (cpuAtStart) {
                        if (cpuAtStart[0] == 0) {
                            cpuAtStart[0] = os.getProcessCpuTime();
                        }
                    }
                    long n = 0;
                    while (System.nanoTime() < end) {
                        if (s.execute() == Outcome.OK) {
                            n++;
                        }
                    }
                    ok.addAndGet(n);
                } catch (Exception e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
        long cpu = os.getProcessCpuTime() - cpuAtStart[0];
        return new double[] {ok.get() / (double) SECONDS, cpu / 1e3 / ok.get()};
    }
}

package benchkit.it;

import benchkit.core.result.LatencyLog;
import benchkit.launcher.mysql.MysqlLauncher;
import benchkit.launcher.mysql.ServerConnections;
import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.launcher.MemcachedLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Load from several client workers, end to end: three workers as the replicas of a Docker Swarm service on this
 * machine's engine load one MariaDB and then one memcached; their merged totals are checked against the servers'
 * own counters, and the merged percentiles against the union of the workers' raw latency logs.
 */
class ClientWorkersIT {
    /**
     * memcached-get's 100,000 keys of 4 KB and their items' overhead fit (64 MB did not: memcached evicted most of them,
     * and iterations whose gets mostly missed evicted keys are invalid).
     */
    private static final Map<String, String> ROOM_FOR_THE_KEYS = Map.of("memory", "640");

    private static final String IMAGE = "benchkit/jre:bookworm";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * No stall limit: the subject is the merged totals against the servers' counters; three replicas, two servers and
     * the engine on 2 cores leave a 1-s warmup without a finished event for 0.5 s now and then (a worker then fails its
     * run, as it should: CI failed so once), and stalls are TrustIT's subject.
     */
    private static final List<String> SHORT_RUN = List.of("--threads", "2", "--time", "2", "--iterations", "2",
            "--warmup-time", "1", "--warmup-iterations", "1", "--report-interval", "0", "--clients", "3",
            "--stall-limit", "0");

    @Test
    void threeSwarmReplicasLoadOneMariadbAndOneMemcachedAndTheirTotalsAreTheServers() throws Exception {
        Docker.requireImageOrSkip(IMAGE);
        boolean joined = joinSwarm();
        try (ServerHandle db = new MysqlLauncher().launch(new ServerSpec("system",
                Map.of("innodb_buffer_pool_size", "128M", "innodb_flush_log_at_trx_commit", "2"), AllocatorSpec.GLIBC, ""));
             ServerHandle mc = new MemcachedLauncher().launch(new ServerSpec("system", ROOM_FOR_THE_KEYS, AllocatorSpec.GLIBC, ""))) {
            Target t = db.target();
            Path sql = dir.resolve("sql");
            long selectsBefore = status(t, "Com_select");
            List<String> args = new ArrayList<>(List.of("--workload", "point-select", "--mysql-host", "127.0.0.1",
                    "--mysql-port", String.valueOf(t.port()), "--mysql-user", t.user(), "--mysql-db", t.database(),
                    "--table-size", "2000", "--client-engine", "docker", "--out", sql.toString()));
            args.addAll(SHORT_RUN);
            // the password reaches the replicas as a Docker secret: never on a command line, never in a file here
            BenchJar.Result r = BenchJar.run(dir, 600, Map.of("BENCH_MYSQL_PASSWORD", t.password()), args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("# Clients: 3 workers as the 3 replicas of a Docker Swarm service"), r.all());
            long selects = status(t, "Com_select") - selectsBefore;
            long reads = sum(sql, "reads", false);
            // the barrier's and the prepare check's few selects are the servers', not the load's
            assertEquals(selects, reads, selects * 0.02, "Com_select " + selects + " vs the merged run's reads " + reads);
            checkMerged(sql, "external-t2-f1.hlog");
            assertFalse(r.all().contains(t.password()), "password in bench's output");
            try (Stream<Path> files = Files.walk(sql)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1).contains(t.password()),
                            "password in " + f);
                }
            }
            assertTrue(Docker.docker("secret", "ls", "--format", "{{.Name}}").lines().noneMatch(l -> l.startsWith("bench-")),
                    "the run's secret is removed");

            Target m = mc.target();
            Path kv = dir.resolve("memcached");
            long getsBefore = Long.parseLong(MemcachedText.stats(m.host(), m.port(), 5000).get("cmd_get"));
            args = new ArrayList<>(List.of("--workload", "memcached-get", "--memcached-servers", m.host() + ":" + m.port(),
                    "--client-engine", "docker", "--out", kv.toString()));
            args.addAll(SHORT_RUN);
            r = BenchJar.run(dir, 600, args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.all());
            long gets = Long.parseLong(MemcachedText.stats(m.host(), m.port(), 5000).get("cmd_get")) - getsBefore;
            long events = sum(kv, "events", false);
            assertEquals(gets, events, gets * 0.02, "cmd_get " + gets + " vs the merged run's gets " + events);
            checkMerged(kv, "external-t2-f1.hlog");

            replicaKilledMidRunIsToldToTheOthers(m);
        } finally {
            if (joined) {
                Docker.docker("swarm", "leave", "--force");
            }
        }
    }

    @Test
    void localWorkersMergeAndAWorkerThatNeverCameIsNamedAndRefused() throws Exception {
        try (ServerHandle mc = new MemcachedLauncher().launch(new ServerSpec("system", ROOM_FOR_THE_KEYS, AllocatorSpec.GLIBC, ""))) {
            String server = mc.target().host() + ":" + mc.target().port();
            Path local = dir.resolve("local");
            List<String> args = new ArrayList<>(List.of("--workload", "memcached-get", "--memcached-servers", server,
                    "--client-engine", "local", "--out", local.toString()));
            args.addAll(SHORT_RUN);
            args.set(args.indexOf("3"), "2");
            BenchJar.Result r = BenchJar.run(dir, 300, args.toArray(String[]::new));
            assertEquals(0, r.exit(), r.all());
            assertTrue(r.out().contains("# Merged 2 workers: "), r.all());
            assertTrue(Files.readString(local.resolve("worker-1.log")).contains("# All 2 workers are here; "));

            // worker 1 of 2 never comes: worker 0 names it and stops; the merge refuses a total without it
            Path alone = dir.resolve("alone");
            r = BenchJar.run(dir, 120, "--workload", "memcached-get", "--memcached-servers", server, "--threads", "1",
                    "--time", "1", "--iterations", "1", "--warmup-iterations", "0", "--worker", "0/2", "--run-id", "alone-1",
                    "--barrier-timeout", "3", "--out", alone.toString());
            assertEquals(1, r.exit(), r.all());
            assertTrue(r.err().contains("bench: error: worker 1 of 2 did not reach the start of memcached-get at fork 1 "
                    + "(its data prepared) within 3 s, the --barrier-timeout (run alone-1; arrived: 0): if it was still preparing the data"
                    + " or starting, give a longer --barrier-timeout"), r.all());
            r = BenchJar.run(dir, 60, "merge", alone.toString(), "--out", dir.resolve("m").toString());
            assertEquals(1, r.exit(), r.all());
            // it measured nothing: no total to write at all (sweep 6, case 62)
            assertTrue(r.err().startsWith("bench: error: nothing to merge: no worker finished a measurement iteration (worker 0 ("
                    + alone + "): worker 1 of 2 did not reach"), r.err());
            assertFalse(Files.exists(dir.resolve("m")), "no --out left behind");
            assertFalse(r.all().contains("\tat "), "no stack trace");
            r = BenchJar.run(dir, 60, "merge", dir.toString(), "--out", dir.resolve("m").toString());
            assertEquals(2, r.exit(), r.all());
            assertTrue(r.err().contains("is not a worker's result directory"), r.all());
        }
    }

    /**
     * A replica whose container is killed in the first trial is told to the other, which stops at the second trial's start
     * naming it: it waited for it there until the 300-s --barrier-timeout, as local workers did before sweep 9's case 37.
     */
    private void replicaKilledMidRunIsToldToTheOthers(Target m) throws Exception {
        Path out = dir.resolve("killed");
        List<String> args = List.of("--workload", "memcached-get", "--memcached-servers", m.host() + ":" + m.port(),
                "--client-engine", "docker", "--clients", "2", "--threads", "1,2", "--warmup-iterations", "0",
                "--iterations", "2", "--time", "2", "--report-interval", "0", "--stall-limit", "0", "--out", out.toString());
        java.util.concurrent.CompletableFuture<BenchJar.Result> run = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return BenchJar.run(dir, 600, args.toArray(String[]::new));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        String victim = null;
        for (int i = 0; i < 240 && victim == null; i++) {
            Thread.sleep(500);
            // both workers measuring: each has written its first iteration
            if (Files.exists(out.resolve("worker-0/journal.jsonl")) && Files.exists(out.resolve("worker-1/journal.jsonl"))
                    && Files.readString(out.resolve("worker-0/journal.jsonl")).contains("\"iteration\"")
                    && Files.readString(out.resolve("worker-1/journal.jsonl")).contains("\"iteration\"")) {
                victim = Docker.docker("ps", "--filter", "name=bench-", "--format", "{{.Names}}").lines()
                        .filter(n -> n.matches("bench-.*\\.2\\..*")).findFirst().orElse(null);
            }
        }
        assertTrue(victim != null, "replica 2 never measured");
        Docker.docker("kill", victim);
        long killed = System.nanoTime();
        BenchJar.Result r = run.get(300, java.util.concurrent.TimeUnit.SECONDS);
        long seconds = (System.nanoTime() - killed) / 1_000_000_000L;
        assertEquals(1, r.exit(), r.all());
        assertTrue(seconds < 60, "the run ended " + seconds + " s after the kill: " + r.all());
        assertTrue(Files.readString(out.resolve("worker-0/journal.jsonl")).contains("worker 1"), "worker 0 names worker 1");
        assertFalse(r.all().contains("\tat "), "no stack trace");
    }

    /** Three workers' results, one merged run: clients=3, and its measured latency is the union of the workers' raw logs. */
    private static void checkMerged(Path out, String log) throws Exception {
        JsonNode entry = JSON.readTree(out.resolve("jmh-result.json").toFile()).get(0);
        assertEquals("3", entry.path("params").path("clients").asText(), entry.toString());
        assertTrue(entry.path("secondaryMetrics").has("client.cpu.worker-2"), "client CPU per worker");
        long merged = 0;
        long workers = 0;
        for (int i = 0; i < 3; i++) {
            workers += sum(out.resolve("worker-" + i), "events", true);
        }
        merged = sum(out, "events", true);
        assertTrue(merged > 0);
        assertEquals(workers, merged, "the merged run's measured events are the workers'");
        List<Path> raw = List.of(out.resolve("worker-0/latency/" + log), out.resolve("worker-1/latency/" + log),
                out.resolve("worker-2/latency/" + log));
        Histogram union = measured(raw);
        Histogram mergedLog = measured(List.of(out.resolve("latency/" + log)));
        assertEquals(merged, union.getTotalCount(), "the workers' logs hold every measured event");
        assertEquals(union.getTotalCount(), mergedLog.getTotalCount());
        for (double p : new double[] {50, 95, 99, 100}) {
            assertEquals(union.getValueAtPercentile(p), mergedLog.getValueAtPercentile(p), "p" + p);
        }
        double p95 = entry.path("secondaryMetrics").path("latency.p95").path("score").asDouble();
        assertTrue(p95 > 0, "merged p95 " + p95);
    }

    private static Histogram measured(List<Path> logs) throws Exception {
        Histogram sum = new Histogram(2);
        for (Path log : logs) {
            try (InputStream in = Files.newInputStream(log)) {
                HistogramLogReader reader = new HistogramLogReader(in);
                for (var h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                    if (LatencyLog.MEASURE.equals(h.getTag())) {
                        sum.add((Histogram) h);
                    }
                }
            }
        }
        return sum;
    }

    /** A journal's iterations' field summed: the measured ones, or all (warmup too, which the server counted as well). */
    private static long sum(Path out, String field, boolean measuredOnly) throws Exception {
        long total = 0;
        for (String line : Files.readAllLines(out.resolve("journal.jsonl"))) {
            JsonNode n = JSON.readTree(line);
            if (n.path("event").asText().equals("iteration") && !(measuredOnly && n.get("warmup").asBoolean())) {
                total += n.get(field).asLong();
            }
        }
        return total;
    }

    private static long status(Target t, String name) throws Exception {
        try (Connection c = ServerConnections.open(t, 10); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            assertTrue(r.next(), name);
            return r.getLong(2);
        }
    }

    /** Makes this engine a one-node swarm unless it is in one; true when this test made it so. */
    private static boolean joinSwarm() throws Exception {
        if (Docker.docker("info", "--format", "{{.Swarm.LocalNodeState}}").strip().equals("active")) {
            return false;
        }
        Docker.docker("swarm", "init", "--advertise-addr", "127.0.0.1");
        return true;
    }
}

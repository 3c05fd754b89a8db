package benchkit.memcached.workload;

import benchkit.core.plugin.PluginRegistry;
import benchkit.memcached.TestContexts.Counting;
import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.launcher.MemcachedOnPort;
import benchkit.memcached.TestContexts;
import benchkit.spi.ServerHandle;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue #51: an iteration during which memcached restarted or was flushed by someone else is invalid though some of its
 * gets hit (before it happened), named by what the server's stats say; so is one whose gets mostly missed keys the server
 * evicted (sweep 7), while a few such misses are a warning. Each case
 * drives a real memcached as the runner does: the trial's sessions open, events run, the iteration ends.
 */
class KeysLostDuringAnIterationTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();

    private static Workload workload(String name, Map<String, String> options) {
        return REGISTRY.workload(name).create(options);
    }

    /** One iteration's counts over the trial's open sessions, each running {@code events} events. */
    private static Counting iteration(List<Session> sessions, List<Counting> counters, int events) throws Exception {
        Counting sum = new Counting(0, sessions.size());
        for (int i = 0; i < sessions.size(); i++) {
            Counting before = new Counting(0, 1);
            before.reads = counters.get(i).reads;
            before.writes = counters.get(i).writes;
            before.others = counters.get(i).others;
            for (int e = 0; e < events; e++) {
                sessions.get(i).execute();
            }
            sum.reads += counters.get(i).reads - before.reads;
            sum.writes += counters.get(i).writes - before.writes;
            sum.others += counters.get(i).others - before.others;
        }
        return sum;
    }

    private static Optional<String> verdict(Workload w, Target target, Counting c) {
        return w.invalidIteration(target, c.reads, c.writes, c.others);
    }

    /** The trial's sessions, opened as the runner opens them: thread 0 first. */
    private static List<Session> open(Workload w, Target target, List<Counting> counters, int threads) throws Exception {
        List<Session> sessions = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Counting c = new Counting(t, threads);
            counters.add(c);
            sessions.add(w.openSession(target, c));
        }
        return sessions;
    }

    private static void close(List<Session> sessions) throws Exception {
        for (Session s : sessions) {
            s.close();
        }
    }

    /**
     * An iteration in which nothing happens is valid; one in which another client sends flush_all after some hits is
     * invalid, naming the flush; the next, whose gets all miss, is judged on its own (by the all-miss rule).
     */
    @Test
    void aFlushByAnotherClientMakesItsIterationInvalid() throws Exception {
        int port = MemcachedOnPort.freePort();
        try (ServerHandle server = MemcachedOnPort.launch(port, Map.of("memory", "64"));
             Workload get = workload("memcached-get", Map.of("keys", "500", "value-size", "100"))) {
            Target target = server.target();
            get.prepare(target, TestContexts.prepare(2));
            List<Counting> counters = new ArrayList<>();
            List<Session> sessions = open(get, target, counters, 2);
            Counting quiet = iteration(sessions, counters, 300);
            assertEquals(600, quiet.reads, "every key loaded");
            assertEquals(Optional.empty(), verdict(get, target, quiet), "nothing happened");

            Counting flushed = iteration(sessions, counters, 100);
            MemcachedText.flushAll("127.0.0.1", port, 2000);       // someone else's, mid-iteration
            Counting after = iteration(sessions, counters, 100);
            flushed.reads += after.reads;
            flushed.others += after.others;
            assertTrue(flushed.reads > 0 && flushed.others > 0, "hits, then misses: " + flushed.reads + "/" + flushed.others);
            assertEquals("memcached 127.0.0.1:" + port + " was flushed during this iteration (flush_all by another client; "
                    + "cmd_flush 0 → 1): the keys loaded before the run are gone; the next run loads them again",
                    verdict(get, target, flushed).orElse("valid"));

            Counting next = iteration(sessions, counters, 100);
            assertEquals("all 200 gets missed, though all 500 keys were loaded before the run: the server lost them "
                    + "(restarted or flushed?); the next run loads them again", verdict(get, target, next).orElse("valid"),
                    "judged on its own: no flush since the last iteration's end");
            close(sessions);
        }
    }

    /** memcached stopped and started again on the same port after some hits: the iteration is invalid, naming the restart. */
    @Test
    void aRestartMakesItsIterationInvalid() throws Exception {
        int port = MemcachedOnPort.freePort();
        ServerHandle first = MemcachedOnPort.launch(port, Map.of("memory", "64"));
        try (Workload get = workload("memcached-get", Map.of("keys", "500", "value-size", "100", "flush", "on"))) {
            Target target = first.target();
            List<Counting> counters = new ArrayList<>();
            List<Session> sessions = open(get, target, counters, 1);    // --flush: loads as the first session opens
            Counting hits = iteration(sessions, counters, 200);
            assertEquals(200, hits.reads);
            long pid = first.pid();
            first.close();
            try (ServerHandle second = MemcachedOnPort.launch(port, Map.of("memory", "64"))) {
                assertEquals(Optional.empty(), get.invalidIteration(hits.reads, hits.writes, hits.others),
                        "the counts alone call it valid");
                assertEquals("memcached 127.0.0.1:" + port + " restarted during this iteration (pid " + pid + " → "
                        + second.pid() + "): the keys loaded before the run are gone; the next trial loads them again",
                        verdict(get, target, hits).orElse("valid"));
                close(sessions);
            }
        } finally {
            first.close();
        }
    }

    /**
     * A memcached too small for the key space (sweep 7, case 39: -m 2 for 20,000 keys of 4 KB) evicted most keys as bench
     * loaded them: most gets miss, so the iteration measured misses and is invalid, naming the server, its evictions, the
     * miss share and the remedy, though some gets hit (the all-miss rule alone called it valid).
     */
    @Test
    void mostGetsMissingEvictedKeysMakeTheIterationInvalid() throws Exception {
        int port = MemcachedOnPort.freePort();
        try (ServerHandle server = MemcachedOnPort.launch(port, Map.of("memory", "2"));
             Workload get = workload("memcached-get", Map.of("keys", "20000", "value-size", "4096"))) {
            Target target = server.target();
            get.prepare(target, TestContexts.prepare(2));
            List<Counting> counters = new ArrayList<>();
            List<Session> sessions = open(get, target, counters, 2);
            Counting c = iteration(sessions, counters, 2000);
            assertTrue(c.reads > 0 && c.others > c.reads, "a few hits, mostly misses: " + c.reads + "/" + c.others);
            assertEquals(Optional.empty(), get.invalidIteration(c.reads, c.writes, c.others), "the counts alone call it valid");
            String verdict = verdict(get, target, c).orElse("valid");
            assertTrue(verdict.matches("memcached 127\\.0\\.0\\.1:" + port + " evicted \\d+ items since bench loaded its keys "
                    + "and 9\\d% of this iteration's gets missed: the iteration measured misses, not the workload; its memory "
                    + "\\(memcached -m\\) is too small for --keys × --value-size; start it with a larger -m, or run fewer --keys"),
                    verdict);
            close(sessions);
        }
    }

    /**
     * A memcached that holds most of the key space (-m 2, 12,000 keys of 100 bytes: about a tenth evicted as they were
     * loaded): the gets that miss are what such a server does, so the iteration is valid, with one warning a trial that
     * names the server, its evictions, the miss share and the remedy.
     */
    @Test
    void aFewEvictionsWarnOnceAndLeaveTheIterationValid() throws Exception {
        int port = MemcachedOnPort.freePort();
        try (ServerHandle server = MemcachedOnPort.launch(port, Map.of("memory", "2"));
             Workload get = workload("memcached-get", Map.of("keys", "12000", "value-size", "100"))) {
            Target target = server.target();
            get.prepare(target, TestContexts.prepare(2));
            List<Counting> counters = new ArrayList<>();
            List<Session> sessions = open(get, target, counters, 2);
            Counting c = iteration(sessions, counters, 2000);
            assertTrue(c.others > 0 && c.others < c.reads, "mostly hits, some misses: " + c.reads + "/" + c.others);
            List<String> warnings = new ArrayList<>();
            assertEquals(Optional.empty(), get.invalidIteration(target, c.reads, c.writes, c.others, warnings::add));
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).matches("memcached 127\\.0\\.0\\.1:" + port + " evicted \\d+ items since bench loaded "
                    + "its keys and \\d+% of this iteration's gets missed: its memory \\(memcached -m\\) is too small for "
                    + "--keys × --value-size; start it with a larger -m, or run fewer --keys"), warnings.get(0));
            Counting next = iteration(sessions, counters, 500);
            assertEquals(Optional.empty(), get.invalidIteration(target, next.reads, next.writes, next.others, warnings::add));
            assertEquals(1, warnings.size(), "once a trial: " + warnings);
            close(sessions);
        }
    }

    /** A memcached with room for every key evicts none: its gets all hit, and nothing is said. */
    @Test
    void noEvictionNoWord() throws Exception {
        int port = MemcachedOnPort.freePort();
        try (ServerHandle server = MemcachedOnPort.launch(port, Map.of("memory", "64"));
             Workload get = workload("memcached-get", Map.of("keys", "12000", "value-size", "100"))) {
            Target target = server.target();
            get.prepare(target, TestContexts.prepare(2));
            List<Counting> counters = new ArrayList<>();
            List<Session> sessions = open(get, target, counters, 2);
            Counting c = iteration(sessions, counters, 1000);
            List<String> warnings = new ArrayList<>();
            assertEquals(Optional.empty(), get.invalidIteration(target, c.reads, c.writes, c.others, warnings::add));
            assertEquals(List.of(), warnings);
            close(sessions);
        }
    }
}

package benchkit.memcached.workload;

import benchkit.core.plugin.PluginRegistry;
import benchkit.memcached.TestContexts;
import benchkit.memcached.TestContexts.Counting;
import benchkit.memcached.client.MemcachedText;
import benchkit.memcached.launcher.MemcachedLauncher;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.Outcome;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Session;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import benchkit.spi.WorkloadFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The memcached workloads against a real memcached started by the launcher. */
class MemcachedWorkloadTest {
    private static ServerHandle server;
    private static Target target;
    private static final PluginRegistry REGISTRY = PluginRegistry.loadDefault();

    @BeforeAll
    static void start() throws Exception {
        server = new MemcachedLauncher().launch(new ServerSpec("system", Map.of("memory", "128"), AllocatorSpec.GLIBC, ""));
        target = server.target();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void empty() throws Exception {
        MemcachedText.flushAll(target.host(), target.port(), 2000);
    }

    private static Workload workload(String name, Map<String, String> options) {
        WorkloadFactory f = REGISTRY.workload(name);
        return f.create(options);
    }

    private static Map<String, String> stats() throws Exception {
        return MemcachedText.stats(target.host(), target.port(), 2000);
    }

    /** Counters are cumulative over the shared server's life, so tests compare differences. */
    private static long stat(String name) throws Exception {
        return Long.parseLong(stats().get(name));
    }

    private static List<Counting> run(Workload w, int threads, int events) throws Exception {
        return TestContexts.run(w, target, threads, events);
    }

    @Test
    void registryFindsTheWorkloadsAndTheLauncher() {
        assertTrue(REGISTRY.workloads().keySet().containsAll(List.of("memcached-set", "memcached-get", "memcached-mixed")));
        assertTrue(REGISTRY.launchers().containsKey("memcached"));
        assertTrue(REGISTRY.problems().isEmpty(), REGISTRY.problems().toString());
    }

    @ParameterizedTest
    @CsvSource({"direct,binary", "direct,text", "spymemcached,binary", "spymemcached,text"})
    void setsThenGetsHitEveryKey(String client, String protocol) throws Exception {
        Map<String, String> opts = Map.of("keys", "2000", "key-pattern", "sequential", "value-size", "100-200",
                "client", client, "protocol", protocol);
        long sets = stat("cmd_set");
        long hits = stat("get_hits");
        long misses = stat("get_misses");
        try (Workload set = workload("memcached-set", opts)) {
            List<Counting> c = run(set, 4, 500);
            for (Counting x : c) {
                assertEquals(500, x.writes);
                assertEquals(0, x.reads + x.others);
            }
        }
        assertEquals(2000, stat("cmd_set") - sets);

        try (Workload get = workload("memcached-get", Map.of("keys", "2000", "initial-load", "0", "client", client,
                "protocol", protocol))) {
            assertTrue(get.isPrepared(target), "nothing to load");
            List<Counting> c = run(get, 2, 1000);
            for (Counting x : c) {
                assertEquals(1000, x.reads, "every get hits");
                assertEquals(0, x.others);
                assertEquals(1000, x.kinds[MemcachedWorkload.HIT], "every hit is named for its rate, tps.hit");
            }
        }
        assertEquals(2000, stat("get_hits") - hits, "4 sequential slices of 500 covered the key space");
        assertEquals(0, stat("get_misses") - misses);
    }

    @Test
    void eachSessionIsOneConnection() throws Exception {
        try (Workload get = workload("memcached-get", Map.of("keys", "10", "initial-load", "0"))) {
            // total_connections counts every connection the server accepted; unlike curr_connections it
            // does not move when an earlier test's connection finishes closing meanwhile. Each stats call
            // is a connection of its own: the one reading "before" is counted in it, the next one is the +1.
            long before = stat("total_connections");
            List<Session> sessions = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                sessions.add(get.openSession(target, new Counting(t, 6)));
                sessions.get(t).execute();     // answered, so the server has accepted this session's connection
            }
            assertEquals(before + 6 + 1, stat("total_connections"), "one connection per session");
            for (Session s : sessions) {
                s.close();
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"direct,binary", "direct,text", "spymemcached,binary"})
    void missesAreOkButCountedApart(String client, String protocol) throws Exception {
        long misses = stat("get_misses");
        try (Workload get = workload("memcached-get", Map.of("keys", "1000", "initial-load", "0", "client", client,
                "protocol", protocol))) {
            Counting c = run(get, 1, 300).get(0);
            assertEquals(0, c.reads);
            assertEquals(300, c.others, "every get misses on an empty server");
            // recorded as their own rate, tps.miss (sweep 9, case 18)
            assertEquals(List.of("hit", "miss"), get.eventKinds());
            assertEquals(300, c.kinds[MemcachedWorkload.MISS]);
            assertEquals(0, c.kinds[MemcachedWorkload.HIT]);
        }
        assertEquals(300, stat("get_misses") - misses);
    }

    @Test
    void prepareLoadsTheInitialKeysOnce() throws Exception {
        try (Workload get = workload("memcached-get", Map.of("keys", "5000", "value-size", "64"))) {
            assertFalse(get.isPrepared(target));
            get.prepare(target, TestContexts.prepare(4));
            assertTrue(get.isPrepared(target));
            Counting c = run(get, 1, 500).get(0);
            assertEquals(500, c.reads);
            assertEquals(500, c.kinds[MemcachedWorkload.HIT]);
        }
    }

    /** Keys an earlier run stored with another --value-size are not this run's load: prepare loads them again. */
    @Test
    void keysOfAnotherValueSizeAreLoadedAgain() throws Exception {
        try (Workload small = workload("memcached-get", Map.of("keys", "300", "value-size", "64"));
             Workload large = workload("memcached-get", Map.of("keys", "300", "value-size", "128"))) {
            small.prepare(target, TestContexts.prepare(2));
            assertTrue(small.isPrepared(target));
            assertFalse(large.isPrepared(target), "64-byte values are not the 128 bytes asked for");
            large.prepare(target, TestContexts.prepare(2));
            assertTrue(large.isPrepared(target));
            assertFalse(small.isPrepared(target));
        }
    }

    /** An initial load of values above memcached's item size limit fails naming the limit and the remedy. */
    @Test
    void anInitialLoadTooLargeForTheServerNamesTheLimit() throws Exception {
        try (Workload get = workload("memcached-get", Map.of("keys", "2", "value-size", "1048576"))) {
            Exception e = assertThrows(java.io.IOException.class, () -> get.prepare(target, TestContexts.prepare(1)));
            assertTrue(e.getMessage().matches("initial load: memcached at " + target.host() + ":" + target.port()
                    + " refused k0+ as too large: its item size limit \\(memcached -I, 1 MB by default, which holds the key "
                    + "and about 50 bytes of its own too\\) is below --value-size \\(up to 1048576 bytes\\); lower "
                    + "--value-size or start memcached with a larger -I"), e.getMessage());
        }
    }

    /**
     * A memcached whose memory holds small values refuses a large one it has no page for (sweep 8: "Out of memory
     * allocating item" on a 64 MB one, with no remedy; over the text protocol, a Java class's name): the load fails
     * naming -m, --keys and --value-size. Each protocol, on a memcached -m 2 of its own.
     */
    @ParameterizedTest
    @CsvSource({"binary", "text"})
    void anInitialLoadOutOfTheServersMemoryNamesItsMemory(String protocol) throws Exception {
        try (ServerHandle small = new MemcachedLauncher().launch(new ServerSpec("system", Map.of("memory", "2"),
                AllocatorSpec.GLIBC, ""));
             Workload get = workload("memcached-get", Map.of("keys", "2000", "value-size", "100-1048576",
                     "protocol", protocol))) {
            Target t = small.target();
            Exception e = assertThrows(java.io.IOException.class, () -> get.prepare(t, TestContexts.prepare(1)));
            assertTrue(e.getMessage().matches("initial load: memcached at " + t.host() + ":" + t.port() + " refused k[0-9]+ "
                    + "as out of memory: its memory \\(memcached -m\\) is too small for --keys × --value-size; start it "
                    + "with a larger -m, or run fewer --keys, or a smaller --value-size"), e.getMessage());
        }
    }

    /**
     * A restarted memcached is empty: gets on keys loaded before the run then all miss, and an iteration of them measured
     * misses, not the gets planned (the outside sweep's #59: a valid score, rc 0). Without a full initial load misses are
     * planned, and one hit shows the data is there (evictions miss some keys).
     */
    @Test
    void anIterationWhoseGetsAllMissTheLoadedKeysIsInvalid() throws Exception {
        try (Workload get = workload("memcached-get", Map.of("keys", "300", "value-size", "64"));
             Workload unloaded = workload("memcached-get", Map.of("keys", "300", "initial-load", "299"))) {
            get.prepare(target, TestContexts.prepare(1));
            Counting loaded = run(get, 1, 200).get(0);
            assertEquals(java.util.Optional.empty(), get.invalidIteration(loaded.reads, loaded.writes, loaded.others));
            MemcachedText.flushAll(target.host(), target.port(), 2000);     // as a restart leaves it
            Counting lost = run(get, 1, 200).get(0);
            assertEquals("all 200 gets missed, though all 300 keys were loaded before the run: the server lost them "
                            + "(restarted or flushed?); the next run loads them again",
                    get.invalidIteration(lost.reads, lost.writes, lost.others).orElse("valid"));
            assertEquals(java.util.Optional.empty(), unloaded.invalidIteration(lost.reads, lost.writes, lost.others));
            assertEquals(java.util.Optional.empty(), get.invalidIteration(1, 0, lost.others));
        }
    }

    @Test
    void flushEmptiesAndReloadsWhenTheFirstSessionOpens() throws Exception {
        MemcachedText.flushAll(target.host(), target.port(), 2000);
        try (Workload set = workload("memcached-set", Map.of("keys", "100", "initial-load", "0", "key-pattern", "sequential"))) {
            run(set, 1, 100);
        }
        try (Workload mixed = workload("memcached-mixed", Map.of("keys", "100", "initial-load", "40", "flush", "on",
                "ratio", "0:1", "key-pattern", "sequential"))) {
            assertTrue(mixed.isPrepared(target), "with --flush the load happens per trial, not in prepare");
            Counting c = run(mixed, 1, 100).get(0);
            assertEquals(40, c.reads, "k0..k39 were loaded after the flush");
            assertEquals(60, c.others, "the rest were flushed");
        }
    }

    @Test
    void pipelinedTextMixedCountsEveryRequest() throws Exception {
        try (Workload mixed = workload("memcached-mixed", Map.of("keys", "1000", "initial-load", "all",
                "protocol", "text", "pipeline", "16", "ratio", "1:1"))) {
            mixed.prepare(target, TestContexts.prepare(2));
            long getsBefore = stat("cmd_get");
            Counting c = run(mixed, 2, 1000).stream().reduce((a, b) -> {
                a.reads += b.reads;
                a.writes += b.writes;
                a.others += b.others;
                return a;
            }).orElseThrow();
            assertEquals(2000, c.reads + c.writes + c.others, "in-flight requests are counted at close");
            assertEquals(0, c.others, "all keys loaded");
            assertEquals(1000, c.writes, 100, "about half are sets");
            assertEquals(c.reads, stat("cmd_get") - getsBefore);
        }
    }

    @Test
    void anUnreachableServerIsAClearError() {
        Workload spy = workload("memcached-get", Map.of("memcached-servers", "127.0.0.1:1", "initial-load", "0",
                "client", "spymemcached"));
        long start = System.nanoTime();
        Exception e = assertThrows(java.io.IOException.class, () -> spy.openSession(target, new Counting(0, 1)));
        // refused, not timed out: said so (issue #51), as spymemcached keeps its reasons to its log, and at once, not
        // after the whole --timeout (5000 ms) that spymemcached spent retrying it
        long millis = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < 2500, "refused after " + millis + " ms");
        String refused = "cannot connect to memcached at 127.0.0.1:1: nothing is listening there (connection refused); start "
                + "memcached there or name another with --memcached-servers";
        assertEquals(refused, e.getMessage());
        Workload direct = workload("memcached-get", Map.of("memcached-servers", "127.0.0.1:1", "initial-load", "0"));
        e = assertThrows(java.io.IOException.class, () -> direct.openSession(target, new Counting(0, 1)));
        assertEquals(refused, e.getMessage(), "the same words from either client");
    }

    /**
     * A port that is no memcached (a MySQL server's, which greets first) is named as such, not as the client library's
     * "Cancelled" (sweep 6 case 102).
     */
    @Test
    void aServerThatIsNoMemcachedIsSaidToBeNone() throws Exception {
        try (java.net.ServerSocket mysql = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread greeter = new Thread(() -> {
                while (!mysql.isClosed()) {
                    try (java.net.Socket c = mysql.accept()) {
                        // a MySQL handshake's start: a packet length, then protocol 10 and a version
                        c.getOutputStream().write(new byte[]{0x5b, 0, 0, 0, 0x0a, '1', '0', '.', '1', '1', 0});
                        c.getOutputStream().flush();
                        c.getInputStream().read(new byte[64]);
                    } catch (java.io.IOException e) {
                        // closed by the test, or a client gone
                    }
                }
            });
            greeter.setDaemon(true);
            greeter.start();
            String where = "127.0.0.1:" + mysql.getLocalPort();
            for (String client : List.of("spymemcached", "direct")) {
                Workload w = workload("memcached-get", Map.of("memcached-servers", where, "client", client, "timeout", "1000"));
                Exception e = assertThrows(java.io.IOException.class, () -> w.isPrepared(target));
                assertEquals("the server at " + where + " did not answer as memcached: is it memcached? check "
                        + "--memcached-servers", e.getMessage());
            }
        }
    }

    /**
     * A memcached that speaks one protocol only is named with bench's option for the other, not left to a client
     * timeout and its connection dump (sweep 6 case 103).
     */
    @Test
    void aMemcachedWithoutTheProtocolAskedForNamesTheOption() throws Exception {
        for (String only : List.of("ascii", "binary")) {
            int port = benchkit.memcached.launcher.MemcachedOnPort.freePort();
            List<String> cmd = new ArrayList<>(List.of("memcached", "-l", "127.0.0.1", "-p", Integer.toString(port), "-U", "0",
                    "-B", only));
            if (benchkit.launch.ProcessOwner.isRoot()) {
                cmd.addAll(List.of("-u", "root"));
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                String where = "127.0.0.1:" + port;
                long until = System.nanoTime() + 10_000_000_000L;
                while (!reachable(port) && System.nanoTime() < until) {
                    Thread.sleep(20);
                }
                String asked = only.equals("ascii") ? "binary" : "text";
                Workload w = workload("memcached-get", Map.of("memcached-servers", where, "protocol", asked, "timeout", "2000"));
                Exception e = assertThrows(java.io.IOException.class, () -> w.isPrepared(target));
                assertEquals(only.equals("ascii")
                        ? "memcached at " + where + " does not speak the binary protocol (started with -B ascii); add "
                                + "--protocol text, or start it without -B ascii"
                        : "memcached at " + where + " speaks only the binary protocol (started with -B binary); leave out "
                                + "--protocol text, or start it without -B binary", e.getMessage());
                Workload right = workload("memcached-get", Map.of("memcached-servers", where, "protocol",
                        only.equals("ascii") ? "text" : "binary", "initial-load", "0"));
                assertTrue(right.isPrepared(target), "the protocol it speaks is taken");
            } finally {
                p.destroy();
                p.waitFor();
            }
        }
    }

    private static boolean reachable(int port) {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Test
    void theFirstOfMemcachedServersIsTheRunsServer() throws Exception {
        try (Workload named = workload("memcached-get", Map.of("memcached-servers", "cache1:11311,cache2:11411"));
             Workload unnamed = workload("memcached-get", Map.of())) {
            Target t = named.namedServer().orElseThrow();
            assertEquals("cache1:11311 memcached", t.host() + ":" + t.port() + " " + t.product());
            assertTrue(unnamed.namedServer().isEmpty(), "without --memcached-servers, --server decides");
        }
    }

    @Test
    void largeValuesAndTwoServersWithTheDirectClient() throws Exception {
        try (ServerHandle second = new MemcachedLauncher().launch(new ServerSpec("system", Map.of("memory", "64"), AllocatorSpec.GLIBC, ""))) {
            String servers = target.host() + ":" + target.port() + "," + second.target().host() + ":" + second.target().port();
            long setsA = stat("cmd_set");
            try (Workload set = workload("memcached-set", Map.of("keys", "200", "key-pattern", "sequential",
                    "value-size", "70000:1,200000:1", "memcached-servers", servers, "protocol", "text"))) {
                assertEquals(200, run(set, 1, 200).get(0).writes);
            }
            long onA = stat("cmd_set") - setsA;
            long onB = Long.parseLong(MemcachedText.stats(second.target().host(), second.target().port(), 2000).get("cmd_set"));
            assertEquals(200, onA + onB);
            assertTrue(onA > 50 && onB > 50, "keys spread over both servers: " + onA + " / " + onB);
            try (Workload get = workload("memcached-get", Map.of("keys", "200", "initial-load", "0", "memcached-servers", servers))) {
                assertEquals(400, run(get, 1, 400).get(0).reads, "values above the read buffer are read whole");
            }
            // the loader (spymemcached) and the direct sessions place keys on the same servers; with
            // three servers a signed/unsigned hash mix-up would send a third of the keys elsewhere
            try (ServerHandle third = new MemcachedLauncher().launch(new ServerSpec("system", Map.of("memory", "64"), AllocatorSpec.GLIBC, ""));
                 Workload get = workload("memcached-get", Map.of("keys", "3000", "key-size", "30", "value-size", "10",
                    "memcached-servers", servers + "," + third.target().host() + ":" + third.target().port()))) {
                get.prepare(target, TestContexts.prepare(2));
                Counting c = run(get, 1, 3000).get(0);
                assertEquals(3000, c.reads, "every loaded key found");
            }
        }
    }

    /**
     * memcached refuses a value above its item size limit at once (SERVER_ERROR object too large for cache): an error,
     * and when every set of an iteration is refused, the iteration is invalid naming the limit and the remedy (sweep 7,
     * case 75: it read as a stalled server), and so when more are refused than stored; fewer, a warning at every iteration. Each client and protocol.
     */
    @ParameterizedTest
    @CsvSource({"direct,binary", "direct,text", "spymemcached,binary", "spymemcached,text"})
    void aValueAboveTheServersItemLimitIsAnErrorAndNamesTheLimit(String client, String protocol) throws Exception {
        try (Workload set = workload("memcached-set", Map.of("keys", "10", "value-size", "1048576",
                "client", client, "protocol", protocol))) {
            Counting c = new Counting(0, 1);
            Session s = set.openSession(target, c);
            assertEquals(Outcome.ERROR, s.execute(), "memcached -I 1m refuses a 1 MiB value plus its header");
            // spymemcached's text client drops the connection on a SERVER_ERROR: its next request is a reconnect
            Outcome second = s.execute();
            assertEquals(client.equals("spymemcached") && protocol.equals("text") ? Outcome.RETRY : Outcome.ERROR, second,
                    "the connection is still usable");
            s.close();
            assertEquals("memcached refused all " + (second == Outcome.ERROR ? 2 : 1) + " sets of this iteration as too "
                    + "large: its item size limit (memcached -I, "
                    + "1 MB by default, which holds the key and about 50 bytes of its own too) is below --value-size (up to "
                    + "1048576 bytes); lower --value-size or start memcached with a larger -I",
                    set.invalidIteration(target, c.reads, c.writes, c.others).orElse("valid"));
            assertEquals(java.util.Optional.empty(), set.invalidIteration(target, 0, 0, 0), "the next judged on its own");
        }
        String remedy = "as too large: its item size limit (memcached -I, 1 MB by default, which holds the key and about "
                + "50 bytes of its own too) is below --value-size (up to 1048576 bytes); lower --value-size or start "
                + "memcached with a larger -I";
        // a quarter refused: a warning at every iteration, the measured ones too (sweep 8: said at the warm-up only)
        try (Workload set = workload("memcached-set", Map.of("keys", "10", "value-size", "100:3,1048576:1",
                "client", client, "protocol", protocol))) {
            // two iterations of a trial, then the first of the next trial
            Counting c = new Counting(0, 1);
            Session s = set.openSession(target, c);
            for (int iteration = 0; iteration < 3; iteration++) {
                if (iteration == 2) {
                    s.close();
                    c = new Counting(0, 1);
                    s = set.openSession(target, c);
                }
                long before = c.writes;
                int refused = refusedIn(s, 40);
                long stored = c.writes - before;
                assertTrue(stored > refused && refused > 0, "more stored than refused: " + stored + "/" + refused);
                List<String> warnings = new ArrayList<>();
                assertEquals(java.util.Optional.empty(), set.invalidIteration(target, 0, stored, 0, warnings::add));
                // the limit explained at a trial's first, the remedy alone after it
                String said = iteration != 1 ? remedy : "as too large: lower --value-size or start memcached with a larger -I";
                assertEquals(List.of("memcached refused " + refused + " of this iteration's " + (refused + stored)
                        + " sets (" + Math.round(100.0 * refused / (refused + stored)) + "%) " + said.replace(
                                "as too large:", "as too large, errors the score leaves out:")), warnings);
            }
            s.close();
        }
        // three quarters refused: the iteration measured refusals, invalid as when most gets miss evicted keys
        try (Workload set = workload("memcached-set", Map.of("keys", "10", "value-size", "100:1,1048576:3",
                "client", client, "protocol", protocol))) {
            Counting c = new Counting(0, 1);
            Session s = set.openSession(target, c);
            int refused = refusedIn(s, 40);
            s.close();
            assertTrue(refused > c.writes && c.writes > 0, "more refused than stored: " + c.writes + "/" + refused);
            assertEquals("memcached refused " + refused + " of this iteration's " + (refused + c.writes) + " sets ("
                    + Math.round(100.0 * refused / (refused + c.writes)) + "%) " + remedy.replace("as too large:",
                            "as too large: the iteration measured refusals, not sets;"),
                    set.invalidIteration(target, c.reads, c.writes, c.others).orElse("valid"));
        }
    }

    /** Runs {@code events} events of session {@code s}: how many were refused. */
    private static int refusedIn(Session s, int events) throws Exception {
        int refused = 0;
        for (int i = 0; i < events; i++) {
            refused += s.execute() == Outcome.ERROR ? 1 : 0;
        }
        return refused;
    }

    @ParameterizedTest
    @CsvSource({"binary,memcached-mixed", "text,memcached-mixed"})
    void theDirectClientAllocatesNothingPerEvent(String protocol, String workload) throws Exception {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (Workload w = workload(workload, Map.of("keys", "1000", "initial-load", "all", "ratio", "1:1",
                "value-size", "100-2000", "protocol", protocol))) {
            w.prepare(target, TestContexts.prepare(1));
            Session s = w.openSession(target, new Counting(0, 1));
            for (int i = 0; i < 20_000; i++) {
                s.execute(); // warm up: JIT, value buffers
            }
            long id = Thread.currentThread().getId();
            long before = mx.getThreadAllocatedBytes(id);
            int n = 20_000;
            int ok = 0;
            for (int i = 0; i < n; i++) {
                if (s.execute() == Outcome.OK) {
                    ok++;
                }
            }
            long perEvent = (mx.getThreadAllocatedBytes(id) - before) / n;
            s.close();
            assertEquals(n, ok);
            assertTrue(perEvent < 8, "bytes allocated per event: " + perEvent);
        }
    }
}

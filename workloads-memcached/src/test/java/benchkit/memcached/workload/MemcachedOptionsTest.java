package benchkit.memcached.workload;

import benchkit.memcached.client.SpyClients;
import benchkit.memcached.kv.KeyPattern;
import benchkit.memcached.kv.KvOperation;
import benchkit.spi.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemcachedOptionsTest {
    @Test
    void defaultsFollowMemslap() {
        MemcachedOptions o = MemcachedOptions.from("memcached-set", KvOperation.SET, Map.of());
        assertEquals(100_000, o.kv().keys());
        assertEquals(20, o.kv().keySize());
        assertEquals(4096, o.kv().valueSizes().max());
        assertEquals(KeyPattern.UNIFORM, o.kv().keyPattern());
        assertEquals(0, o.kv().initialLoad(), "sets need no data");
        assertFalse(o.kv().flush());
        assertEquals(SpyClients.Protocol.BINARY, o.protocol());
        assertEquals(1, o.pipeline());
        assertNull(o.servers(), "the target's address");
        assertEquals(1.0, o.kv().setShare());
        assertEquals(MemcachedOptions.Client.DIRECT, o.client(), "request/response in the session's thread, as memslap");
    }

    @Test
    void aPipelinePicksSpymemcached() {
        assertEquals(MemcachedOptions.Client.SPYMEMCACHED,
                MemcachedOptions.from("memcached-get", KvOperation.GET, Map.of("pipeline", "8")).client());
        assertEquals(MemcachedOptions.Client.SPYMEMCACHED,
                MemcachedOptions.from("memcached-get", KvOperation.GET, Map.of("client", "spymemcached")).client());
    }

    @Test
    void getsLoadTheWholeKeySpaceByDefault() {
        MemcachedOptions o = MemcachedOptions.from("memcached-get", KvOperation.GET, Map.of("keys", "500"));
        assertEquals(500, o.kv().initialLoad());
        assertEquals(0.0, o.kv().setShare());
    }

    @Test
    void everyOptionIsRead() {
        MemcachedOptions o = MemcachedOptions.from("memcached-mixed", KvOperation.MIXED, Map.of(
                "keys", "1000", "key_size", "64", "value-size", "100-1000", "key-pattern", "zipfian",
                "initial-load", "10", "flush", "on", "--protocol", "TEXT", "pipeline", "16", "ratio", "1:3",
                "memcached-servers", "127.0.0.1:1,localhost:2"));
        assertEquals(64, o.kv().keySize());
        assertEquals(100, o.kv().valueSizes().min());
        assertEquals(KeyPattern.ZIPFIAN, o.kv().keyPattern());
        assertEquals(10, o.kv().initialLoad());
        assertTrue(o.kv().flush());
        assertEquals(SpyClients.Protocol.TEXT, o.protocol());
        assertEquals(16, o.pipeline());
        assertEquals(0.25, o.kv().setShare());
        assertEquals(2, o.servers().size());
        assertEquals("localhost", o.servers().get(1).getHostString());
    }

    @Test
    void badOptionsFailWithOneLine() {
        assertMessage("memcached-set: unknown option --ratio; valid: --client, --execute-number,", Map.of("ratio", "1:1"), KvOperation.SET);
        assertMessage("memcached-get: --protocol=udp is not valid; expected one of binary, text", Map.of("protocol", "udp"), KvOperation.GET);
        assertMessage("memcached-get: --pipeline=0 is not valid", Map.of("pipeline", "0"), KvOperation.GET);
        assertMessage("--ratio=1-9 is not valid; expected SETS:GETS", Map.of("ratio", "1-9"), KvOperation.MIXED);
        assertMessage("--ratio=0:0 is not valid", Map.of("ratio", "0:0"), KvOperation.MIXED);
        assertMessage("--initial-load=20 is more than --keys=10", Map.of("keys", "10", "initial-load", "20"), KvOperation.GET);
        assertMessage("--memcached-servers=localhost is not valid; expected host:port", Map.of("memcached-servers", "localhost"), KvOperation.GET);
        assertMessage("has a bad port in 'h:99999'", Map.of("memcached-servers", "h:99999"), KvOperation.GET);
        assertMessage("--memcached-servers=h:1, h:1 names h:1 twice; name each server once", Map.of("memcached-servers",
                "h:1, h:1"), KvOperation.GET);
        // plain decimal numbers only (the outside sweep's #36): not other scripts' digits, nor Java's 1d or 0x1p0
        assertMessage("has a bad port in 'h:\u0661\u0662'", Map.of("memcached-servers", "h:\u0661\u0662"), KvOperation.GET);
        assertMessage("--ratio=\u0661:9 is not valid; expected SETS:GETS", Map.of("ratio", "\u0661:9"), KvOperation.MIXED);
        assertMessage("--value-size=100:1d,200:1 has a weight that is not a number: '1d'", Map.of("value-size", "100:1d,200:1"),
                KvOperation.GET);
        assertMessage("--value-size=\u0661\u0660\u0660 has a size that is not a whole number", Map.of("value-size",
                "\u0661\u0660\u0660"), KvOperation.GET);
        assertMessage("memcached-get: --pipeline=4 needs --client=spymemcached", Map.of("pipeline", "4", "client", "direct"), KvOperation.GET);
        assertMessage("memcached-get: --client=libmemcached is not valid; expected one of auto, direct, spymemcached",
                Map.of("client", "libmemcached"), KvOperation.GET);
    }

    private static void assertMessage(String start, Map<String, String> given, KvOperation op) {
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> MemcachedOptions.from("memcached-" + op.name().toLowerCase(), op, given));
        assertTrue(e.getMessage().contains(start), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void executeNumberIsTheWorkloadsEventsPerThread() {
        assertEquals(100_000, new MemcachedWorkload(MemcachedOptions.from("memcached-set", KvOperation.SET,
                Map.of("execute_number", "100000"))).eventsPerThread());
        assertEquals(0, new MemcachedWorkload(MemcachedOptions.from("memcached-set", KvOperation.SET,
                Map.of("keys", "5"))).eventsPerThread(), "by time when not given");
    }

    /** A host that does not resolve is named, with the option to fix, where the client said "UnresolvedAddressException". */
    @org.junit.jupiter.api.Test
    void aHostThatDoesNotResolveIsNamed() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(benchkit.spi.InvalidOptionException.class,
                () -> benchkit.memcached.client.MemcachedProbe.requireAnswers(
                        java.util.List.of(java.net.InetSocketAddress.createUnresolved("nosuchhost.invalid", 11211)),
                        benchkit.memcached.client.SpyClients.Protocol.BINARY, 1000));
        org.junit.jupiter.api.Assertions.assertEquals("memcached host nosuchhost.invalid not found (the name does not resolve"
                + " here); check the host in --memcached-servers, or give its address", e.getMessage());
    }
}

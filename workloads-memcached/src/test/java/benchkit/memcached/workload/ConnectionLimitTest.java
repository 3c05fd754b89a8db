package benchkit.memcached.workload;

import benchkit.core.plugin.PluginRegistry;
import benchkit.memcached.TestContexts;
import benchkit.memcached.launcher.MemcachedOnPort;
import benchkit.spi.ServerHandle;
import benchkit.spi.Target;
import benchkit.spi.Workload;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A memcached at its connection limit (-c) closes bench's connections over it at once, which spymemcached says as
 * "Cancelled" (sweep 9, case 50: memcached -c 20, --threads 32): the failure names the limit and the remedy.
 */
class ConnectionLimitTest {
    private static final String SAID = " turned connections away at its limit (max_connections 20, its -c): give fewer "
            + "--threads, or start memcached with a larger -c";

    @Test
    void aLoadOverMemcachedsConnectionLimitIsSaidWithTheRemedy() throws Exception {
        int port = MemcachedOnPort.freePort();
        try (ServerHandle server = MemcachedOnPort.launch(port, Map.of("connections", "20", "threads", "1"))) {
            Target target = server.target();
            String servers = "127.0.0.1:" + port;
            try (Workload get = PluginRegistry.loadDefault().workload("memcached-get").create(Map.of("keys", "1000",
                    "memcached-servers", servers))) {
                get.isPrepared(target);
                // other clients hold all its connections but one: the load's 8 go over the limit
                List<Socket> others = new ArrayList<>();
                try {
                    while (answers(others, port)) {
                        // one more held
                    }
                    others.remove(others.size() - 1).close();
                    others.remove(others.size() - 1).close();
                    Exception e = assertThrows(Exception.class, () -> get.prepare(target, TestContexts.prepare(8)));
                    assertEquals("memcached at " + servers + SAID, e.getMessage());
                } finally {
                    for (Socket s : others) {
                        s.close();
                    }
                }
            }
        }
    }

    /** Opens one more connection to memcached, kept in {@code held}; whether memcached answered on it. */
    private static boolean answers(List<Socket> held, int port) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        held.add(s);
        s.setSoTimeout(2000);
        s.getOutputStream().write("version\r\n".getBytes(StandardCharsets.US_ASCII));
        byte[] reply = new byte[64];
        int n = s.getInputStream().read(reply);
        return n > 0 && new String(reply, 0, n, StandardCharsets.US_ASCII).startsWith("VERSION");
    }
}

package benchkit.containers;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** memcached from our Debian-built image in a real container. */
class MemcachedContainerLauncherTest {
    @BeforeAll
    static void docker() {
        DockerRequired.engineAndImage();
    }

    @Test
    void memcachedAnswersOnTheMappedPortWithJemallocAndLeavesNoContainer() throws Exception {
        AllocatorSpec jemalloc = new AllocatorSpec("jemalloc",
                Optional.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), Map.of());
        long started = System.nanoTime();
        ContainerServerHandle server = (ContainerServerHandle) new MemcachedContainerLauncher().launch(
                new ServerSpec(DockerRequired.IMAGE, Map.of("memory-limit", "32"), jemalloc, ""));
        String id = server.containerId();
        long pid = server.pid();
        try {
            System.out.printf("memcached container answered after %.1f s%n", (System.nanoTime() - started) / 1e9);
            assertEquals("memcached", server.target().product());
            assertEquals("memcached", HostProcess.comm(pid));
            assertTrue(server.allocatorLoaded().endsWith("/libjemalloc.so.2"), server.allocatorLoaded());
            assertEquals("127.0.0.1:" + server.target().port(), DockerRequired.docker("port", id, "11211/tcp"));
            try (Socket s = new Socket(server.target().host(), server.target().port())) {
                OutputStream out = s.getOutputStream();
                BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
                out.write("version\r\nstats settings\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertEquals("VERSION " + server.target().version(), in.readLine());
                String line;
                boolean limitSeen = false;
                while (!(line = in.readLine()).equals("END")) {
                    limitSeen |= line.equals("STAT maxbytes 33554432");
                }
                assertTrue(limitSeen, "the memory-limit setting reached memcached");
            }
        } finally {
            server.close();
        }
        assertEquals("", DockerRequired.docker("ps", "-a", "-q", "--no-trunc", "--filter", "id=" + id));
        assertFalse(HostProcess.isAlive(pid));
    }
}

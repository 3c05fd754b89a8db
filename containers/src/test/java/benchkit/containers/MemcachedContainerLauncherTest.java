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
import java.nio.file.Files;
import java.nio.file.Path;
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
                Optional.of("/usr/lib/x86_64-linux-gnu/libjemalloc.so.2"), Map.of("MALLOC_CONF", "narenas:2"));
        long started = System.nanoTime();
        ContainerServerHandle server = (ContainerServerHandle) new MemcachedContainerLauncher().launch(
                new ServerSpec(DockerRequired.IMAGE, Map.of("memory-limit", "32"), jemalloc, "0"));
        String id = server.containerId();
        long pid = server.pid();
        try {
            System.out.printf("memcached container answered after %.1f s%n", (System.nanoTime() - started) / 1e9);
            assertEquals("memcached", server.target().product());
            assertEquals("memcached", HostProcess.comm(pid));
            assertTrue(server.allocatorLoaded().endsWith("/libjemalloc.so.2"), server.allocatorLoaded());
            // the allocator's tunables reach the server, and it is pinned to the CPUs asked for
            String environ = Files.readString(Path.of("/proc/" + pid + "/environ")).replace('\0', '\n');
            assertTrue(environ.contains("\nMALLOC_CONF=narenas:2\n") || environ.startsWith("MALLOC_CONF=narenas:2\n"), environ);
            assertTrue(Files.readString(Path.of("/proc/" + pid + "/status")).contains("Cpus_allowed_list:\t0\n"));
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

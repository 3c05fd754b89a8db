package benchkit.memcached.launcher;

import benchkit.launch.ProcessOwner;
import benchkit.spi.AllocatorSpec;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The launcher's memcached on a port the test chooses, so a test can stop it and start another on the same address,
 * as an operator restarting an external memcached does (the launcher itself always takes a free port).
 */
public final class MemcachedOnPort {
    private MemcachedOnPort() {
    }

    public static int freePort() throws java.io.IOException {
        return MemcachedLauncher.freePort();
    }

    /** memcached from the system's binary on 127.0.0.1:{@code port} with {@code settings}, answering. */
    public static ServerHandle launch(int port, Map<String, String> settings) throws Exception {
        MemcachedLauncher launcher = new MemcachedLauncher();
        ServerSpec spec = new ServerSpec("system", settings, AllocatorSpec.GLIBC, "");
        Path dir = Files.createTempDirectory("benchkit-memcached-test-");
        MemcachedProcess p = MemcachedProcess.start(launcher.command(launcher.binary("system"), spec, port,
                ProcessOwner.isRoot()), spec.allocator(), dir, false);
        try {
            String version = p.awaitReady("127.0.0.1", port, 10_000);
            p.target(Target.builder().host("127.0.0.1").port(port).user("").database("").product("memcached")
                    .version(version).build());
            return p;
        } catch (Exception | Error e) {
            p.close();
            throw e;
        }
    }
}

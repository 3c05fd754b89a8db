package benchkit.containers;

import benchkit.spi.InvalidOptionException;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code --server container-memcached:IMAGE}: runs memcached from a Docker image (our
 * {@code benchkit/mariadb:10.11} holds it, or e.g. {@code memcached:1.6}) with the allocator
 * preloaded, its port published on 127.0.0.1 only. Settings become memcached long options:
 * {@code memory-limit=1024} runs {@code memcached --memory-limit=1024}, which is also the default, as bench's own
 * memcached's {@code -m 1024}.
 */
public final class MemcachedContainerLauncher extends ContainerLauncher {
    public static final String NAME = "container-memcached";
    static final int PORT = 11211;
    private static final Set<String> RESERVED = Set.of("port", "listen", "user", "udp-port");

    public MemcachedContainerLauncher() {
        this(Duration.ofSeconds(120));
    }

    public MemcachedContainerLauncher(Duration startTimeout) {
        super(NAME, PORT, Set.of("memcached"), List.of("benchkit/mariadb:10.11"), "memcached:1.6", startTimeout);
    }

    @Override
    public String settingsOwner() {
        return "memcached";
    }

    @Override
    public String protocol() {
        return "memcached";
    }

    @Override
    public String description() {
        return "memcached in a Docker container: --server container-memcached:IMAGE (e.g. benchkit/mariadb:10.11, memcached:1.6)";
    }

    /** memcached with the settings as its long options; reached when it answers {@code version}. */
    @Override
    Launch launchOf(ServerSpec spec, ContainerAllocator allocator) {
        String script = startScript(allocator, spec.settings());
        return new Launch(container -> container.script(script), (container, timeout) -> Target.builder()
                .host("127.0.0.1").port(container.hostPort()).user("").database("")
                .product("memcached").version(awaitVersion(container, timeout)).build(), "");
    }

    static String startScript(ContainerAllocator allocator, Map<String, String> settings) {
        StringBuilder args = new StringBuilder();
        Map<String, String> given = new TreeMap<>(settings);
        if (given.keySet().stream().noneMatch(k -> k.strip().replace('_', '-').toLowerCase(Locale.ROOT).equals("memory-limit"))) {
            // as bench's own memcached (-m 1024): memcached's 64 MB would evict most of the memcached workloads' default
            // 100,000 keys of 4 KB, and iterations whose gets miss evicted keys are invalid
            given.put("memory-limit", "1024");
        }
        for (Map.Entry<String, String> e : given.entrySet()) {
            String key = e.getKey().strip().replace('_', '-').toLowerCase(Locale.ROOT);
            if (!key.matches("[a-z0-9-]+")) {
                throw new InvalidOptionException("memcached setting '" + e.getKey() + "' is not a valid option name");
            }
            if (RESERVED.contains(key)) {
                throw new InvalidOptionException("memcached setting '" + key + "' is set by the container launcher and cannot be changed");
            }
            String value = Shell.plain("memcached setting " + key, e.getValue() == null ? "" : e.getValue().strip());
            args.append(' ').append(Shell.quote("--" + key + (value.isEmpty() ? "" : "=" + value)));
        }
        return "#!/bin/sh\n"
                + "# Written by benchkit's container launcher.\n"
                + "set -e\n"
                + "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n"
                + allocator.scriptLines()
                + "command -v memcached >/dev/null 2>&1 || { echo 'benchkit: memcached is not in this image' >&2; exit 3; }\n"
                + "echo \"benchkit: starting memcached${preload:+ with LD_PRELOAD=$preload}\"\n"
                + "if [ -n \"$preload\" ]; then export LD_PRELOAD=\"$preload\"; fi\n"
                + "exec memcached -u root -l 0.0.0.0 -p " + PORT + args + "\n";
    }

    /** Polls the text protocol's {@code version} until memcached answers; returns its version. */
    private static String awaitVersion(ServerContainer container, Duration startTimeout) throws InterruptedException {
        long deadline = System.nanoTime() + startTimeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!container.isRunning()) {
                throw new IllegalStateException("memcached exited before it accepted connections");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", container.hostPort()), 2000);
                s.setSoTimeout(2000);
                OutputStream out = s.getOutputStream();
                out.write("version\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII)).readLine();
                if (line != null && line.startsWith("VERSION ")) {
                    return line.substring("VERSION ".length()).strip();
                }
                last = String.valueOf(line);
            } catch (IOException e) {
                last = String.valueOf(e.getMessage());
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("memcached did not answer 'version' within " + startTimeout.toSeconds() + " s (last: " + last + ")");
    }
}

package benchkit.memcached.launcher;

import benchkit.launch.ProcessOwner;
import benchkit.memcached.client.MemcachedText;
import benchkit.spi.InvalidOptionException;
import benchkit.spi.OptionValues;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;
import benchkit.spi.Target;

import java.io.IOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Starts a native memcached on 127.0.0.1 and a free port. Distributions: {@code system}
 * ({@code /usr/bin/memcached}, Debian's package) and {@code path:/path/to/memcached}. Settings:
 * {@code memory} (MB, {@code -m}, default 1024), {@code threads} ({@code -t}, default 4),
 * {@code connections} ({@code -c}, default 4096), {@code max-item-size} ({@code -I}, e.g. {@code 2m}).
 */
public final class MemcachedLauncher implements ServerLauncher {
    public static final String NAME = "memcached";
    public static final Path SYSTEM_BINARY = Path.of("/usr/bin/memcached");
    static final Map<String, String> DEFAULTS = Map.of("memory", "1024", "threads", "4", "connections", "4096");
    private static final Set<String> SETTINGS = new TreeSet<>(List.of("memory", "threads", "connections", "max-item-size"));
    /** memcached's own long option names, accepted as the same settings. */
    private static final Map<String, String> ALIASES = Map.of("memory-limit", "memory", "conn-limit", "connections");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

    private final Path systemBinary;

    public MemcachedLauncher() {
        this(SYSTEM_BINARY);
    }

    MemcachedLauncher(Path systemBinary) {
        this.systemBinary = systemBinary;
    }

    @Override
    public String name() {
        return NAME;
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
        return "native memcached on 127.0.0.1 (system = " + SYSTEM_BINARY + ", or path:/path/to/memcached)";
    }

    @Override
    public List<Availability> distributions() {
        List<Availability> out = new ArrayList<>();
        out.add(Files.isExecutable(systemBinary)
                ? new Availability("system", true, systemBinary.toString())
                : new Availability("system", false, systemBinary + " not found; install it with: apt-get install memcached"));
        out.add(new Availability("path:/path/to/memcached", true, "any memcached binary given by path"));
        return out;
    }

    /** The binary a distribution names; fails with a one-line message when it is not there. */
    Path binary(String distribution) {
        Path bin;
        if (distribution.isBlank() || distribution.equals("system")) {
            bin = systemBinary;
        } else if (distribution.startsWith("path:")) {
            bin = Path.of(distribution.substring("path:".length()).strip());
            if (!bin.isAbsolute()) {
                throw new InvalidOptionException("memcached distribution " + distribution + ": the path must be absolute");
            }
        } else {
            throw new InvalidOptionException("unknown memcached distribution '" + distribution
                    + "'; valid: system, path:/path/to/memcached");
        }
        if (!Files.isRegularFile(bin) || !Files.isExecutable(bin)) {
            throw new InvalidOptionException("memcached distribution " + distribution + ": " + bin
                    + " is not an executable file" + (bin.equals(systemBinary) ? "; install it with: apt-get install memcached" : ""));
        }
        return bin;
    }

    /** The memcached command line for {@code spec} on {@code port}. */
    List<String> command(Path binary, ServerSpec spec, int port, boolean root) {
        Map<String, String> settings = new java.util.HashMap<>();
        for (Map.Entry<String, String> e : spec.settings().entrySet()) {
            String key = e.getKey().strip().replace('_', '-').toLowerCase(java.util.Locale.ROOT);
            key = ALIASES.getOrDefault(key, key);
            if (!SETTINGS.contains(key)) {
                throw new InvalidOptionException("memcached: unknown server setting '" + e.getKey() + "'; valid: "
                        + String.join(", ", SETTINGS) + " (or memory-limit, conn-limit)");
            }
            settings.put(key, e.getValue() == null ? "" : e.getValue());
        }
        List<String> cmd = new ArrayList<>();
        if (!spec.cpus().isEmpty()) {
            cmd.addAll(List.of("taskset", "-c", spec.cpus()));
        }
        cmd.add(binary.toString());
        cmd.addAll(List.of("-l", "127.0.0.1", "-p", Integer.toString(port), "-U", "0"));
        cmd.addAll(List.of("-m", number(settings, "memory", 1, 1 << 30)));
        cmd.addAll(List.of("-t", number(settings, "threads", 1, 1024)));
        cmd.addAll(List.of("-c", number(settings, "connections", 1, 1 << 24)));
        String item = settings.get("max-item-size");
        if (item != null) {
            if (!item.strip().matches("[0-9]+[kKmM]?")) {
                throw new InvalidOptionException("memcached: max-item-size=" + item + " is not valid; expected e.g. 1m, 512k or bytes");
            }
            cmd.addAll(List.of("-I", item.strip()));
        }
        if (root) {
            // memcached refuses to run as root without being told which user to be
            cmd.addAll(List.of("-u", "root"));
        }
        return cmd;
    }

    private static String number(Map<String, String> settings, String key, long min, long max) {
        String v = settings.getOrDefault(key, DEFAULTS.get(key)).strip();
        try {
            long n = OptionValues.parseWhole(v);
            if (n >= min && n <= max) {
                return Long.toString(n);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidOptionException("memcached: " + key + "=" + v + " is not valid; expected a whole number from " + min + " to " + max);
    }

    /** The binary, the settings and the allocator's library, before anything starts. */
    @Override
    public void check(ServerSpec spec) {
        command(checkedBinary(spec), spec, 11211, false);
    }

    private Path checkedBinary(ServerSpec spec) {
        Path binary = binary(spec.distribution());
        if (spec.allocator().library().isPresent() && !Files.isRegularFile(Path.of(spec.allocator().library().get()))) {
            throw new InvalidOptionException("allocator " + spec.allocator().name() + ": " + spec.allocator().library().get()
                    + " does not exist");
        }
        return binary;
    }

    @Override
    public ServerHandle launch(ServerSpec spec) throws Exception {
        Path binary = checkedBinary(spec);
        Path dir = Files.createTempDirectory("benchkit-memcached-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int port = freePort();
            List<String> cmd = command(binary, spec, port, ProcessOwner.isRoot());
            MemcachedProcess p = MemcachedProcess.start(cmd, spec.allocator(), dir, spec.launch().keepFiles());
            try {
                String version = p.awaitReady("127.0.0.1", port,
                        spec.launch().startTimeoutOr(START_TIMEOUT).toMillis());
                Target target = Target.builder().host("127.0.0.1").port(port).user("").database("")
                        .product("memcached").version(version).build();
                p.target(target);
                p.requireAllocator();
                return p;
            } catch (IOException e) {
                boolean portTaken = p.logTail(20).contains("Address already in use");
                p.close();
                if (!portTaken) {
                    deleteQuietly(dir);
                    throw e;
                }
                last = e;
            } catch (Exception | Error e) {
                p.close();
                deleteQuietly(dir);
                throw e;
            }
        }
        deleteQuietly(dir);
        throw last;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (BindException e) {
            throw new IOException("no free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    static void deleteQuietly(Path dir) {
        try (var walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temp dir is harmless
        }
    }

    static String versionOf(String host, int port, int timeoutMillis) throws IOException {
        return MemcachedText.version(host, port, timeoutMillis);
    }
}

package benchkit.memcached.launcher;

import benchkit.launch.OwnSession;
import benchkit.launch.ProcMaps;
import benchkit.launch.Watchdog;
import benchkit.spi.AllocatorSpec;
import benchkit.launch.ProcessServerHandle;
import benchkit.spi.Target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A memcached process benchkit started: its log in a private directory, a JVM shutdown hook so
 * it never outlives benchkit, and proof of the allocator it runs with.
 */
final class MemcachedProcess extends ProcessServerHandle {
    private static final long STOP_GRACE_MILLIS = 10_000;

    private final Process process;
    private final AllocatorSpec allocator;
    private final Path dir;
    private final Path log;
    /** Keep {@code dir} (its log) after close, for a post-mortem ({@code --keep-datadir}). */
    private final boolean keepDir;
    private final Thread shutdownHook;
    /** Stops memcached and removes its directory if bench is killed (SIGKILL runs no shutdown hook). */
    private final Watchdog watchdog;
    private boolean closed;

    private MemcachedProcess(Process process, AllocatorSpec allocator, Path dir, Path log, boolean keepDir)
            throws IOException {
        super(null);
        this.process = process;
        this.allocator = allocator;
        this.dir = dir;
        this.log = log;
        this.keepDir = keepDir;
        this.shutdownHook = new Thread(process::destroyForcibly, "memcached-" + process.pid() + "-reaper");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        try {
            this.watchdog = Watchdog.watch(process.pid(), keepDir ? Optional.empty() : Optional.of(dir));
        } catch (IOException e) {
            process.destroyForcibly();
            throw new IOException("cannot start the watchdog of memcached: " + e.getMessage(), e);
        }
    }

    static MemcachedProcess start(List<String> command, AllocatorSpec allocator, Path dir, boolean keepDir) throws IOException {
        Path log = dir.resolve("memcached.log");
        ProcessBuilder pb = new ProcessBuilder(OwnSession.command(command)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        allocator.applyTo(pb.environment());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new IOException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
        return new MemcachedProcess(p, allocator, dir, log, keepDir);
    }

    /** Waits until the server answers {@code version}; returns that version. */
    String awaitReady(String host, int port, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("memcached exited with code " + process.exitValue() + " before accepting connections: "
                        + logTail(5).replace('\n', ' ').strip());
            }
            try {
                return MemcachedLauncher.versionOf(host, port, 1000);
            } catch (IOException e) {
                last = e;
                Thread.sleep(20);
            }
        }
        throw new IOException("memcached did not answer on " + host + ":" + port + " within " + timeoutMillis + " ms"
                + (last != null ? ": " + last.getMessage() : ""));
    }

    void target(Target listening) {
        reachedAt(listening);
    }

    /** Fails when a preloaded allocator library is not mapped into the process. */
    void requireAllocator() throws IOException {
        if (allocator.library().isPresent() && ProcMaps.findLibrary(pid(), allocator.library().get()).isEmpty()) {
            throw new IOException("allocator " + allocator.name() + ": " + allocator.library().get()
                    + " is not mapped into memcached (pid " + pid() + "); LD_PRELOAD did not take effect");
        }
    }

    @Override
    protected Process serverProcess() {
        return process;
    }

    @Override
    public String allocatorLoaded() {
        if (allocator.library().isEmpty()) {
            return "glibc";
        }
        try {
            return ProcMaps.findLibrary(pid(), allocator.library().get()).orElse("not loaded: " + allocator.library().get());
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    @Override
    public String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.ISO_8859_1);
            return String.join("\n", new ArrayList<>(all.subList(Math.max(0, all.size() - lines), all.size())));
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            process.destroy(); // SIGTERM: memcached exits at once
            if (!process.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        } finally {
            watchdog.stop();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down; the hook runs anyway
            }
            if (!keepDir) {
                MemcachedLauncher.deleteQuietly(dir);
            }
        }
    }
}

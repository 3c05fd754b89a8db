package benchkit.core.run.servers;

import benchkit.core.run.plan.ServerProvider;

import benchkit.core.run.plan.RunPlan;

import benchkit.spi.InvalidOptionException;
import java.lang.management.ManagementFactory;
import java.util.Collections;
import java.util.OptionalLong;

/**
 * Refuses a run, before any server starts, whose open-file limit ({@code ulimit -n}) cannot hold its connections: each
 * session is a socket in bench, and one in the server it connects to, which a launched server counts against the same
 * limit (it inherits bench's). Without this check a run of 256 threads under {@code ulimit -n 64} waited 10 s and said
 * "no answer from the server" (issue #51). Like {@link ResultSpace}, a floor, not a forecast.
 */
public final class OpenFiles {
    /** What bench's JVM holds open besides its sessions: its jars, the journal and logs, the collectors' /proc reads. */
    static final int CLIENT_RESERVE = 64;
    /** What a launched MySQL-family server holds besides its connections: data and log files, its listening sockets. */
    static final int SERVER_RESERVE = 128;
    /**
     * What a session of bench's wire client holds in bench: its socket, and its selector's epoll and wake-up descriptors
     * (measured: 196 descriptors for 64 point-select sessions, 65 of them sockets, 118 anonymous inodes). A JDBC session
     * holds its socket alone.
     */
    static final int WIRE_SESSION_FILES = 3;

    private OpenFiles() {
    }

    /**
     * The files the run needs open at once, at least: variants interleave with every variant's sessions open, and each
     * launched server holds the connections of its own variant.
     */
    static long needed(RunPlan plan) {
        return needed(plan, 1);
    }

    /** As {@link #needed(RunPlan)}, with {@code filesPerSession} in bench for each session. */
    static long needed(RunPlan plan, int filesPerSession) {
        long threads = Collections.max(plan.threads());
        long client = CLIENT_RESERVE + threads * plan.variants().size() * filesPerSession;
        boolean launches = plan.variants().stream().anyMatch(v -> v.server() instanceof ServerProvider.Launching);
        return launches ? Math.max(client, SERVER_RESERVE + threads) : client;
    }

    /**
     * A warning when {@code limit} holds the run's sockets but not what bench's wire client holds besides them; empty
     * when it holds both, or is unknown.
     */
    public static java.util.Optional<String> warning(RunPlan plan, OptionalLong limit) {
        long likely = needed(plan, WIRE_SESSION_FILES);
        if (limit.isPresent() && limit.getAsLong() < likely) {
            return java.util.Optional.of("# Warning: " + Collections.max(plan.threads()) + " threads on bench's wire client "
                    + "hold about " + likely + " open files, and this session allows " + limit.getAsLong() + " (ulimit -n): "
                    + "if connections fail with 'Too many open files', raise it (ulimit -n " + Math.max(likely * 2, 1024) + ")");
        }
        return java.util.Optional.empty();
    }

    /** This process's open-file limit (its children's too), when the JVM can tell. */
    public static OptionalLong limit() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
            long max = unix.getMaxFileDescriptorCount();
            return max > 0 ? OptionalLong.of(max) : OptionalLong.empty();
        }
        return OptionalLong.empty();
    }

    /** Throws a one-line {@link InvalidOptionException} (bad input: exit 2) when {@code limit} is short of what the run needs. */
    public static void check(RunPlan plan, OptionalLong limit) {
        long needed = needed(plan);
        if (limit.isPresent() && limit.getAsLong() < needed) {
            long threads = Collections.max(plan.threads());
            throw new InvalidOptionException(threads + " threads need at least " + needed + " open files (a socket per "
                    + "connection, in bench and in the server), but this session allows " + limit.getAsLong()
                    + " (ulimit -n): raise it (ulimit -n " + Math.max(needed * 2, 1024) + ") or run fewer --threads");
        }
    }
}

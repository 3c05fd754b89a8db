package benchkit.core.run.load;

import benchkit.core.run.console.RunConsole;
import benchkit.spi.ServerHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A failure that may be a server's end: a measurement's sessions and a prepare name how the server ended (e.g.
 * {@code killed by SIGKILL}), with the last lines of its log, rather than the lost connection they saw first.
 */
public final class ServerExit {
    private static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private ServerExit() {
    }

    /**
     * Whether {@code server} has exited, after a failure. A session that lost its server (e.g. killed) fails as soon as
     * it cannot reconnect, which can be before the server's exit is seen; so a failure gives the server a moment to be
     * seen gone, and the report names the real cause.
     */
    public static boolean exited(ServerHandle server) {
        long deadline = System.nanoTime() + GRACE_NANOS;
        while (server.isAlive() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        return !server.isAlive();
    }

    /**
     * How a server that exited ended, as {@code ": killed by SIGKILL"} (empty when its handle cannot tell), after the last
     * lines of its log on the console.
     */
    public static String howItEnded(ServerHandle server, RunConsole console) {
        String tail = server.logTail(20);
        if (!tail.isBlank()) {
            console.failure("# Last lines of the server log:");
            tail.lines().forEach(l -> console.failure("#   " + l));
        }
        return server.howItEnded().map(how -> ": " + how).orElse("");
    }
}

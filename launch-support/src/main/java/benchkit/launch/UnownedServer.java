package benchkit.launch;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * A server bench does not own (started by the user, or named by a workload's own options): there is no process to
 * watch or stop, so {@link #pid()} is -1, {@link #close()} does nothing and the allocator is unknown.
 */
public record UnownedServer(Target target) implements ServerHandle {
    @Override
    public long pid() {
        return -1;
    }

    @Override
    public boolean isAlive() {
        return true;
    }

    @Override
    public String allocatorLoaded() {
        return "unknown";
    }

    /** Nothing to stop: the server is not ours. */
    @Override
    public void close() {
    }

    @Override
    public String toString() {
        return "external " + target;
    }
}

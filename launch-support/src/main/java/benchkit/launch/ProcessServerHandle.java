package benchkit.launch;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * What every handle of a server a launcher started as a local process answers alike: its pid and whether it runs,
 * from the process, and the target it is reached at. Launchers add how it stops, its log and its allocator's proof.
 */
public abstract class ProcessServerHandle implements ServerHandle {
    private volatile Target target;

    /** @param target where it is reached; null until it listens (see {@link #reachedAt}) */
    protected ProcessServerHandle(Target target) {
        this.target = target;
    }

    /** The server's process now (a handle may move to a restarted process on the same directory). */
    protected abstract Process serverProcess();

    /** Where the server is reached, once it listens. */
    protected final void reachedAt(Target reached) {
        this.target = reached;
    }

    @Override
    public final long pid() {
        return serverProcess().pid();
    }

    @Override
    public final boolean isAlive() {
        return serverProcess().isAlive();
    }

    @Override
    public final Target target() {
        return target;
    }
}

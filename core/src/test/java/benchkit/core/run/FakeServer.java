package benchkit.core.run;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;
import java.util.concurrent.atomic.AtomicBoolean;

/** An in-memory stand-in for a launched server (real servers are tested in the it module). */
public final class FakeServer implements ServerHandle {
    final String name;
    final AtomicBoolean alive = new AtomicBoolean(true);
    public final AtomicBoolean closed = new AtomicBoolean();
    private java.time.Duration closing = java.time.Duration.ZERO;
    private volatile String ending;

    public FakeServer(String name) {
        this.name = name;
    }

    @Override
    public long pid() {
        return 4242;
    }

    @Override
    public Target target() {
        return Target.builder().product("FakeDB").version("1.0-" + name).password("secret").build();
    }

    @Override
    public boolean isAlive() {
        return alive.get();
    }

    @Override
    public String allocatorLoaded() {
        return "glibc";
    }

    /** This server, which says it ended {@code how} (e.g. {@code killed by SIGKILL}) once it is not alive. */
    public FakeServer endingAs(String how) {
        this.ending = how;
        return this;
    }

    @Override
    public java.util.Optional<String> howItEnded() {
        return alive.get() ? java.util.Optional.empty() : java.util.Optional.ofNullable(ending);
    }

    /** This server, whose close takes {@code closing} as a real server's shutdown does (an interrupt does not cut it short). */
    public FakeServer closingIn(java.time.Duration closing) {
        this.closing = closing;
        return this;
    }

    @Override
    public void close() {
        long end = System.nanoTime() + closing.toNanos();
        boolean interrupted = false;
        while (System.nanoTime() < end) {
            try {
                Thread.sleep(Math.max(1, (end - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        closed.set(true);
        alive.set(false);
    }
}

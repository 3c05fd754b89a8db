package benchkit.core.run;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;
import java.util.concurrent.atomic.AtomicBoolean;

/** An in-memory stand-in for a launched server (real servers are tested in the it module). */
public final class FakeServer implements ServerHandle {
    final String name;
    final AtomicBoolean alive = new AtomicBoolean(true);
    public final AtomicBoolean closed = new AtomicBoolean();

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

    @Override
    public void close() {
        closed.set(true);
        alive.set(false);
    }
}

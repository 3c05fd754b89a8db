package benchkit.containers;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * A server running in a container we started. {@link #pid()} is the server's PID on this machine,
 * so host-side collectors (CPU, RSS, VSZ) work as for a local server; {@link #close()} stops the
 * server and removes the container.
 */
public final class ContainerServerHandle implements ServerHandle {
    private final ServerContainer container;
    private final long pid;
    private final Target target;
    private final String allocatorLoaded;
    private final String secret;

    ContainerServerHandle(ServerContainer container, long pid, Target target, String allocatorLoaded) {
        this.container = container;
        this.pid = pid;
        this.target = target;
        this.allocatorLoaded = allocatorLoaded;
        this.secret = target.password();
    }

    /** The server's PID as this machine sees it (not the PID inside the container). */
    @Override
    public long pid() {
        return pid;
    }

    @Override
    public Target target() {
        return target;
    }

    @Override
    public boolean isAlive() {
        return container.isRunning() && HostProcess.isAlive(pid);
    }

    @Override
    public String allocatorLoaded() {
        return allocatorLoaded;
    }

    @Override
    public String logTail(int lines) {
        return Secrets.mask(container.logTail(lines), secret);
    }

    /** The Docker container id (64 hex digits). */
    public String containerId() {
        return container.id();
    }

    /** The image the container runs, e.g. {@code benchkit/mariadb:10.11}. */
    public String image() {
        return container.image();
    }

    /** Stops the server (SIGTERM, SIGKILL after 30 s), removes the container and waits for the process to end. */
    @Override
    public void close() {
        container.close();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (HostProcess.isAlive(pid) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public String toString() {
        return target + " in container " + container.id().substring(0, 12) + " (" + container.image() + "), pid " + pid;
    }
}

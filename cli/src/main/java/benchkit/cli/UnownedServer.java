package benchkit.cli;

import benchkit.spi.ServerHandle;
import benchkit.spi.Target;

/**
 * A server bench does not own and reaches by address only (e.g. memcached given with
 * {@code --memcached-servers}): no pid to watch, nothing to stop.
 */
final class UnownedServer implements ServerHandle {
    private final Target target;

    UnownedServer(Target target) {
        this.target = target;
    }

    /** The first {@code host:port} of a list, as the target the workload also sees. */
    static UnownedServer memcached(String servers) {
        String first = servers.split(",")[0].strip();
        int colon = first.lastIndexOf(':');
        if (colon <= 0) {
            throw new UsageException("--memcached-servers " + servers + ": expected host:port[,host:port]");
        }
        try {
            int port = Integer.parseInt(first.substring(colon + 1));
            return new UnownedServer(Target.builder().host(first.substring(0, colon)).port(port)
                    .product("memcached").user("").database("").build());
        } catch (NumberFormatException e) {
            throw new UsageException("--memcached-servers " + servers + ": '" + first.substring(colon + 1) + "' is not a port");
        }
    }

    @Override
    public long pid() {
        return -1;
    }

    @Override
    public Target target() {
        return target;
    }

    @Override
    public boolean isAlive() {
        return true;
    }

    @Override
    public String allocatorLoaded() {
        return "unknown";
    }

    @Override
    public void close() {
    }
}

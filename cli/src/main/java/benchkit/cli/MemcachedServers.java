package benchkit.cli;

import benchkit.core.server.ExternalServer;
import benchkit.spi.Target;

/** {@code --memcached-servers host:port[,host:port]}: the first server as the run's (unowned) target. */
final class MemcachedServers {
    private MemcachedServers() {
    }

    static ExternalServer first(String servers) {
        String first = servers.split(",")[0].strip();
        int colon = first.lastIndexOf(':');
        if (colon <= 0) {
            throw new UsageException("--memcached-servers " + servers + ": expected host:port[,host:port]");
        }
        try {
            int port = Integer.parseInt(first.substring(colon + 1));
            return ExternalServer.unchecked(Target.builder().host(first.substring(0, colon)).port(port)
                    .product("memcached").user("").database("").build());
        } catch (NumberFormatException e) {
            throw new UsageException("--memcached-servers " + servers + ": '" + first.substring(colon + 1) + "' is not a port");
        }
    }
}

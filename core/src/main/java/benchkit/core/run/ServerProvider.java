package benchkit.core.run;

import benchkit.spi.ServerHandle;

/** Starts a fresh server for a fork (launched) or returns a handle to an external one. */
@FunctionalInterface
public interface ServerProvider {
    ServerHandle start() throws Exception;
}

package benchkit.core.run;

import benchkit.core.server.MysqlLauncher;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;

/** Starts a fresh server for a fork (launched) or returns a handle to an external one. */
@FunctionalInterface
public interface ServerProvider {
    ServerHandle start() throws Exception;

    /**
     * Launches of {@code spec} by {@code launcher}. Servers of bench's own mysql launcher can start from a
     * copy of data prepared once ({@link DataCopyingProvider}); other launchers' servers (containers,
     * memcached) are started and prepared each time, as are external servers.
     */
    static ServerProvider launching(ServerLauncher launcher, ServerSpec spec) {
        if (launcher instanceof MysqlLauncher mysql) {
            return new LaunchedMysql(mysql, spec);
        }
        return () -> launcher.launch(spec);
    }
}

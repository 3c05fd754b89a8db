package benchkit.launcher.mysql;

import benchkit.spi.ServerHandle;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every server handle still open in this JVM; one shutdown hook closes them all so Ctrl-C, SIGTERM
 * or an uncaught exception leaves no mysqld behind.
 */
final class LiveServers {
    private static final Set<ServerHandle> OPEN = new LinkedHashSet<>();
    private static boolean hookInstalled;

    private LiveServers() {
    }

    static synchronized void add(ServerHandle handle) {
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(LiveServers::closeAll, "benchkit-server-shutdown"));
            hookInstalled = true;
        }
        OPEN.add(handle);
    }

    static synchronized void remove(ServerHandle handle) {
        OPEN.remove(handle);
    }

    private static void closeAll() {
        List<ServerHandle> handles;
        synchronized (LiveServers.class) {
            handles = new ArrayList<>(OPEN);
        }
        for (ServerHandle handle : handles) {
            try {
                handle.close();
            } catch (RuntimeException e) {
                System.err.println("benchkit: could not stop server pid " + handle.pid() + ": " + e.getMessage());
            }
        }
    }
}

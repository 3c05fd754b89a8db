package benchkit.core.run.plan;

import benchkit.launch.DatadirLauncher;
import benchkit.launch.DatadirSnapshot;
import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;

import java.nio.file.Path;
import java.util.Optional;

/** Starts a fresh server for a fork (launched) or returns a handle to an external one. */
@FunctionalInterface
public interface ServerProvider {
    ServerHandle start() throws Exception;

    /**
     * Checks before the run that {@link #start} can work, and obtains what it needs once (see
     * {@link ServerLauncher#check}); bad input throws {@link benchkit.spi.InvalidOptionException}. The default, for a
     * server bench does not launch, checks nothing: it is reached when the run starts.
     */
    default void check() throws Exception {
    }

    /** The server at {@code target}, which bench does not own: reached by address only (its workload connects). */
    static ServerProvider unowned(benchkit.spi.Target target) {
        return () -> new benchkit.launch.UnownedServer(target);
    }

    /**
     * Launches of {@code spec} by {@code launcher}. A launcher whose servers keep their data in a directory bench
     * owns ({@link DatadirLauncher}) can start them from a copy of data prepared once; other launchers' servers
     * (containers, memcached) are started and prepared each time, as are external servers.
     */
    static ServerProvider launching(ServerLauncher launcher, ServerSpec spec) {
        return launcher instanceof DatadirLauncher copying ? new CopyingLaunch(copying, spec) : new Launch(launcher, spec);
    }

    /** Launches of {@code spec} by {@code launcher()}: a fresh server each, checked by the launcher. */
    interface Launching extends ServerProvider {
        ServerLauncher launcher();

        ServerSpec spec();

        @Override
        default ServerHandle start() throws Exception {
            return launcher().launch(spec());
        }

        @Override
        default void check() throws Exception {
            launcher().check(spec());
        }
    }

    /** Launches of {@code spec}, each a fresh server. */
    record Launch(ServerLauncher launcher, ServerSpec spec) implements Launching {
    }

    /** Launches of {@code spec} by a launcher that can also start them on a copy of prepared data. */
    record CopyingLaunch(DatadirLauncher launcher, ServerSpec spec) implements Launching, DataCopyingProvider {
        @Override
        public Optional<String> dataKey() {
            return launcher.dataKey(spec);
        }

        @Override
        public DatadirSnapshot snapshot(ServerHandle server, Path into) throws Exception {
            return launcher.snapshotOf(server, into);
        }

        @Override
        public DatadirLauncher.Copied startFrom(DatadirSnapshot snapshot) throws Exception {
            return launcher.startCopy(spec, snapshot);
        }

        @Override
        public Path tempRoot() {
            return launcher.tempRoot();
        }
    }
}

package benchkit.core.run.plan;

import benchkit.launch.DatadirLauncher;
import benchkit.launch.DatadirSnapshot;
import benchkit.spi.ServerHandle;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A {@link ServerProvider} whose servers bench launches with a datadir of their own, so the data one
 * of them prepared can be copied for the next instead of being prepared again ({@link PreparedData}).
 */
public interface DataCopyingProvider extends ServerProvider {
    /**
     * What shapes the launched server's data on disk (flavour and format settings, not allocator or CPU
     * set); launches with equal keys can share prepared data. Empty when its data cannot be copied.
     */
    Optional<String> dataKey();

    /**
     * Stops {@code server} (one this provider started) cleanly, copies its data into {@code into} and
     * starts it again on its own data, so the handle stays usable. Throws
     * {@link benchkit.launch.SnapshotCopyException} when only the copy failed.
     */
    DatadirSnapshot snapshot(ServerHandle server, Path into) throws Exception;

    /** Starts a server on a copy of {@code snapshot}; {@link benchkit.launch.SnapshotCopyException} when copying fails. */
    DatadirLauncher.Copied startFrom(DatadirSnapshot snapshot) throws Exception;

    /** Where launch directories go; snapshots go there too, so copies stay on one file system. */
    Path tempRoot();
}

package benchkit.launch;

import benchkit.spi.ServerHandle;
import benchkit.spi.ServerLauncher;
import benchkit.spi.ServerSpec;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * A launcher whose servers keep their data in a directory bench owns, so the data one server prepared can be
 * copied for the next launch instead of being prepared again. The runner asks for this ability, not for a
 * particular launcher; bench's mysql launcher has it, containers and memcached do not.
 */
public interface DatadirLauncher extends ServerLauncher {
    /**
     * What shapes a launch's data on disk (flavour and format settings, not allocator or CPU set); launches with
     * equal keys can share prepared data. Empty when a setting places data outside the datadir.
     */
    Optional<String> dataKey(ServerSpec spec);

    /**
     * Stops {@code server} (one this launcher started) cleanly, copies its data into {@code into} and starts it
     * again on its own data, so the handle stays usable. Throws {@link SnapshotCopyException} when only the copy
     * failed.
     */
    DatadirSnapshot snapshotOf(ServerHandle server, Path into) throws Exception;

    /** Launches {@code spec} on a copy of {@code snapshot}; {@link SnapshotCopyException} when copying fails. */
    Copied startCopy(ServerSpec spec, DatadirSnapshot snapshot) throws Exception;

    /** Where launch directories go; snapshots go there too, so copies stay on one file system. */
    Path tempRoot();

    /** A server started from a snapshot, and how long copying its data took. */
    record Copied(ServerHandle server, Duration copyTime) {
    }
}

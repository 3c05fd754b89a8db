package benchkit.launcher.mysql;

import benchkit.launch.DatadirSnapshot;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A snapshot of a mysqld/mariadbd datadir ({@link MysqlLauncher#snapshot}), from which {@link MysqlLauncher#startFrom}
 * starts. Root's password opens it; it lives in memory only (the datadir holds just its hash) and is never printed.
 *
 * @param serverKey the {@link DataShapingSettings#serverKey server side of the data key} it was taken with
 */
public record MysqlSnapshot(Path datadir, String serverKey, String password, long bytes, String timings)
        implements DatadirSnapshot {
    public MysqlSnapshot {
        Objects.requireNonNull(datadir, "datadir");
        Objects.requireNonNull(serverKey, "serverKey");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(timings, "timings");
    }

    public MysqlSnapshot(Path datadir, String serverKey, String password, long bytes) {
        this(datadir, serverKey, password, bytes, "");
    }

    MysqlSnapshot withTimings(String timings) {
        return new MysqlSnapshot(datadir, serverKey, password, bytes, timings);
    }

    @Override
    public String toString() {
        return "datadir snapshot of " + serverKey + " at " + datadir; // never the password
    }
}

package benchkit.core.server;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A copy of a cleanly stopped server's datadir, made after its data was prepared, from which later
 * launches start ({@link MysqlLauncher#startFrom}). Root's password opens it; it lives in memory only
 * (the datadir holds just its hash) and is never printed.
 *
 * @see MysqlLauncher#snapshot
 */
public final class DatadirSnapshot {
    private final Path datadir;
    private final String serverKey;
    private final String password;
    private final long bytes;
    private volatile String timings = "";

    public DatadirSnapshot(Path datadir, String serverKey, String password, long bytes) {
        this.datadir = Objects.requireNonNull(datadir, "datadir");
        this.serverKey = Objects.requireNonNull(serverKey, "serverKey");
        this.password = Objects.requireNonNull(password, "password");
        this.bytes = bytes;
    }

    /** Where the time of taking it went, e.g. {@code shutdown 2.1 s, copy 0.8 s, restart 3.0 s}; may be empty. */
    public String timings() {
        return timings;
    }

    DatadirSnapshot withTimings(String timings) {
        this.timings = timings;
        return this;
    }

    /** The copied datadir. */
    public Path datadir() {
        return datadir;
    }

    /** The {@link DataShapingSettings#serverKey server side of the data key} it was taken with. */
    public String serverKey() {
        return serverKey;
    }

    /** Its size on disk. */
    public long bytes() {
        return bytes;
    }

    String password() {
        return password;
    }

    @Override
    public String toString() {
        return "datadir snapshot of " + serverKey + " at " + datadir; // never the password
    }
}

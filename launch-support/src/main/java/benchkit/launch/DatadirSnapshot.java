package benchkit.launch;

import java.nio.file.Path;

/**
 * A copy of a cleanly stopped server's data directory, taken once its data was prepared, from which later launches
 * of the same {@link DatadirLauncher} start. What opens it (a password, a key) stays with the launcher's own type.
 */
public interface DatadirSnapshot {
    /** The copied data directory; the runner removes it when the snapshot is no longer needed. */
    Path datadir();

    /** Its size on disk. */
    long bytes();

    /** Where the time of taking it went, e.g. {@code shutdown 2.1 s, copy 0.8 s, restart 3.0 s}; may be empty. */
    default String timings() {
        return "";
    }
}

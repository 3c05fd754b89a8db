package benchkit.launch;

import java.io.IOException;

/**
 * Copying a datadir (into a snapshot, or from one into a new launch) failed, e.g. the disk is full.
 * The server itself is fine: the run falls back to initialising and preparing afresh.
 */
public final class SnapshotCopyException extends IOException {
    public SnapshotCopyException(String message, Throwable cause) {
        super(message, cause);
    }
}

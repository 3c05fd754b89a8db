package benchkit.cli;

import benchkit.core.run.SignalGuard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code bench run --history}: the completed run's directories stored after it. A signal that stops bench as the run's
 * files are written, or as they are stored, asks {@link #stop()} what became of them, so its line says whether the run
 * is stored and, if not, the command that stores it (sweep 8: the line said only that the run was whole).
 */
final class HistoryStep implements SignalGuard.Sequel {
    /** How long a stop waits for a store under way (each run is one transaction: an SQLite file takes milliseconds). */
    private static final long WAIT_SECONDS = 10;

    private final String store;
    private final List<Path> dirs;
    private final Map<String, String> labels;
    /** Held while the runs are stored: a stop waits on it, so what it says is what the store holds. */
    private final ReentrantLock storing = new ReentrantLock();
    private final AtomicInteger stored = new AtomicInteger();
    private volatile boolean stopped;

    HistoryStep(String store, Collection<Path> dirs, Map<String, String> labels) {
        this.store = store;
        this.dirs = List.copyOf(dirs);
        this.labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));    // in the order given
    }

    /** Stores the runs, unless a stop came first (then none is, and the stop's line says how to). */
    void store() throws Exception {
        storing.lock();
        try {
            if (stopped) {
                return;
            }
            List<benchkit.history.StoredRun> runs = new ArrayList<>();
            for (Path dir : dirs) {
                runs.add(HistoryCommand.read(dir, labels));
            }
            try (var s = HistoryCommand.open(store, true)) {
                HistoryCommand.add(s, runs, stored, () -> stopped);
            } catch (UsageException | HistoryCommand.StoreFailure e) {
                if (stopped) {
                    return;     // the stop's line says it is not stored and how to store it (sweep 9, case 63)
                }
                // the run itself succeeded: its results are kept, and can be stored later
                throw new IllegalStateException(e.getMessage() + "; the run's results are kept in " + String.join(", ",
                        dirs.stream().map(Path::toString).toList()) + ": bench history add stores them later");
            }
        } finally {
            storing.unlock();
        }
    }

    @Override
    public String stop() {
        stopped = true;
        boolean held = false;
        try {
            held = storing.tryLock(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            String in = " in " + store + " (--history)";
            boolean one = dirs.size() == 1;
            if (!held) {
                return (one ? "it was being stored" : "they were being stored") + in + " and may not be: " + command()
                        + " stores " + (one ? "it" : "them") + " (a run stored already is kept once)";
            }
            int n = stored.get();
            if (n == dirs.size()) {
                return (one ? "it is stored" : "they are stored") + in;
            }
            if (n == 0) {
                return (one ? "it is not stored" : "they are not stored") + in + ": " + command() + " stores "
                        + (one ? "it" : "them");
            }
            return n + " of " + dirs.size() + " runs are stored" + in + ": " + command()
                    + " stores the rest (a run stored already is kept once)";
        } finally {
            if (held) {
                storing.unlock();
            }
        }
    }

    /** The bench history add that stores the run as --history would have. */
    private String command() {
        StringBuilder add = new StringBuilder("bench history add");
        dirs.forEach(d -> add.append(' ').append(d));
        add.append(" --history ").append(store);
        labels.forEach((name, value) -> add.append(" --label ").append(name).append('=').append(value));
        return add.toString();
    }
}

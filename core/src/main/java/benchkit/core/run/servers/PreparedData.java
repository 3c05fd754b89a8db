package benchkit.core.run.servers;

import benchkit.core.run.plan.DataCopyingProvider;

import benchkit.core.run.plan.RunFailure;
import benchkit.core.run.plan.RunPlan;
import benchkit.core.run.plan.Variant;
import benchkit.core.run.console.RunConsole;

import benchkit.launch.DatadirLauncher;
import benchkit.launch.DatadirSnapshot;
import benchkit.launch.PrivateTempDir;
import benchkit.launch.RunTempDir;
import benchkit.launch.SnapshotCopyException;
import benchkit.spi.ServerHandle;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Prepares data once per {@link DataKey} and starts the other variants and forks with that key from a
 * copy of it. The first launch of a key initialises and prepares as usual; if later launches share the
 * key, its server is then stopped cleanly, its datadir copied into a snapshot (in a 0700 directory of
 * this run, removed at the end) and the server restarted on its own data. Every launch thereby begins
 * from identical data, even after a workload that modifies it.
 *
 * <p>Only {@link DataCopyingProvider}s take part; other servers (external, containers) are started
 * and prepared as before. A copy that fails (disk full) falls back to initialise-and-prepare with a
 * warning instead of failing the run.
 */
public final class PreparedData implements AutoCloseable {
    static final String PROOF_PARAM = "data.proof";
    static final String PREPARED = "prepared on this server";
    static final String SNAPSHOT_TAKEN = "prepared on this server; snapshot copied for the other variants";
    static final String COPIED = "copied from the snapshot of data prepared once";

    private final RunPlan plan;
    private final RunConsole console;
    private final Map<DataKey, Integer> launchesLeft = new HashMap<>();
    private final Map<DataKey, DatadirSnapshot> snapshots = new HashMap<>();
    private final Set<DataKey> uncopyable = new HashSet<>();
    private final Map<ServerHandle, String> origins = new IdentityHashMap<>();
    private final Map<String, Integer> copiesByKey = new LinkedHashMap<>();
    private RunTempDir snapshotDir;
    private int snapshotsTaken;

    public PreparedData(RunPlan plan, RunConsole console) {
        this.plan = plan;
        this.console = console;
        for (Variant v : plan.variants()) {
            key(v).ifPresent(k -> launchesLeft.merge(k, plan.forks(), Integer::sum));
        }
    }

    /** Starts the variant's server: from a copy of its key's snapshot when there is one, else fresh. */
    public ServerHandle start(Variant variant) throws Exception {
        Optional<DataKey> key = key(variant);
        if (key.isEmpty()) {
            return variant.server().start();
        }
        DataCopyingProvider provider = (DataCopyingProvider) variant.server();
        DataKey k = key.get();
        launchesLeft.merge(k, -1, Integer::sum);
        DatadirSnapshot snapshot = snapshots.get(k);
        if (snapshot == null) {
            return provider.start();
        }
        try {
            DatadirLauncher.Copied copied = provider.startFrom(snapshot);
            console.note("# Using prepared data of " + k.label() + " (copied, " + seconds(copied.copyTime()) + " s)");
            origins.put(copied.server(), COPIED);
            copiesByKey.merge(k.label(), 1, Integer::sum);
            return copied.server();
        } catch (SnapshotCopyException e) {
            console.warning("# Warning: could not copy the prepared data of " + k.label() + " (" + e.getMessage()
                    + "); initialising and preparing afresh");
            return provider.start();
        } finally {
            if (launchesLeft.get(k) <= 0) {
                drop(k); // no later launch needs it: free the disk now
            }
        }
    }

    /**
     * Called once the variant's data is prepared: takes the snapshot when this launch prepared data that
     * later launches share, and returns the variant with the {@code data.proof} param saying where its
     * data came from.
     */
    public Variant afterPrepare(Variant variant, ServerHandle server) throws RunFailure, InterruptedException {
        Optional<DataKey> key = key(variant);
        if (key.isEmpty()) {
            return variant;
        }
        DataKey k = key.get();
        String origin = origins.remove(server);
        if (origin == null) {
            origin = snapshotIfShared(k, (DataCopyingProvider) variant.server(), server) ? SNAPSHOT_TAKEN : PREPARED;
        }
        Map<String, String> params = new LinkedHashMap<>(variant.params());
        params.put(PROOF_PARAM, origin);
        return variant.withParams(params);
    }

    private boolean snapshotIfShared(DataKey k, DataCopyingProvider provider, ServerHandle server)
            throws RunFailure, InterruptedException {
        if (snapshots.containsKey(k) || uncopyable.contains(k) || launchesLeft.getOrDefault(k, 0) <= 0) {
            return false;
        }
        long start = System.nanoTime();
        try {
            if (snapshotDir == null) {
                snapshotDir = RunTempDir.create(provider.tempRoot(), "benchkit-data-");
            }
            DatadirSnapshot snapshot = provider.snapshot(server, snapshotDir.path().resolve("snapshot-" + ++snapshotsTaken));
            snapshots.put(k, snapshot);
            int left = launchesLeft.get(k);
            console.note("# Saved the prepared data of " + k.label() + " for " + left + " more launch"
                    + (left == 1 ? "" : "es") + " (" + snapshot.bytes() / (1024 * 1024) + " MB, "
                    + seconds(Duration.ofNanos(System.nanoTime() - start)) + " s"
                    + (snapshot.timings().isEmpty() ? "" : ": " + snapshot.timings()) + ")");
            return true;
        } catch (SnapshotCopyException e) {
            return cannotSave(k, e);
        } catch (IOException e) {
            if (snapshotDir == null) {
                return cannotSave(k, e); // no directory for snapshots; the server was not touched
            }
            throw restartFailed(e);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            throw restartFailed(e);
        }
    }

    private boolean cannotSave(DataKey k, Exception e) {
        uncopyable.add(k);
        console.warning("# Warning: could not save the prepared data of " + k.label() + " (" + RunFailure.describe(e)
                + "); the other variants prepare their own");
        return false;
    }

    /** The server did not come back after the snapshot: this variant fails, the run goes on. */
    private static RunFailure restartFailed(Exception e) {
        return new RunFailure("restarting the server after saving its prepared data failed: "
                + RunFailure.describeWithDetails(e), e);
    }

    /** For run.json: that data was prepared once and copied, and how often. */
    public Map<String, String> settings() {
        if (copiesByKey.isEmpty()) {
            return Map.of();
        }
        StringBuilder s = new StringBuilder("prepared once per server flavour and data settings; "
                + "the other variants and forks started from a copy of the prepared datadir:");
        copiesByKey.forEach((label, n) -> s.append(' ').append(label).append(" (").append(n).append(" cop")
                .append(n == 1 ? "y" : "ies").append(");"));
        return Map.of("data", s.substring(0, s.length() - 1));
    }

    private Optional<DataKey> key(Variant variant) {
        if (!(variant.server() instanceof DataCopyingProvider provider)) {
            return Optional.empty();
        }
        return provider.dataKey().map(server -> new DataKey(server, plan.workload(), plan.workloadOptions()));
    }

    private void drop(DataKey k) {
        DatadirSnapshot gone = snapshots.remove(k);
        if (gone != null) {
            try {
                PrivateTempDir.deleteRecursively(gone.datadir());
            } catch (IOException e) {
                console.warning("# Warning: could not remove " + gone.datadir() + ": " + RunFailure.describe(e));
            }
        }
    }

    /** Removes every snapshot. */
    @Override
    public void close() {
        snapshots.clear();
        if (snapshotDir != null) {
            snapshotDir.close();
        }
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f", d.toNanos() / 1e9);
    }
}

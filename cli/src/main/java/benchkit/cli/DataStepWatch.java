package benchkit.cli;

import benchkit.core.run.SignalGuard;
import benchkit.mysql.SqlConnector;
import benchkit.mysql.SqlEndpoint;
import benchkit.mysql.SqlErrors;
import benchkit.spi.Target;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What a prepare (or prewarm, cleanup) on an external server has done, told to its user when it does not finish: each
 * unit's progress (a table's rows), a line when the server stops answering (probed on a connection of its own: a
 * stopped server takes a connection but sends no greeting; one busy building an index answers), and, when Ctrl-C or
 * SIGTERM stops the step or the server goes away, one line saying what is left and what to run.
 */
final class DataStepWatch implements AutoCloseable {
    /** How long without a unit's progress before the server is probed, and between the lines that say it is silent. */
    static final Duration QUIET = Duration.ofSeconds(10);
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(5);

    private final String step;
    private final String remedy;
    private final Target target;
    private final PrintStream out;
    /**
     * Each unit's rows sent, in all, up to which a commit is under way and up to which they are committed (-1 for a
     * workload that does not say), in the order they began.
     */
    private final Map<String, long[]> units = new LinkedHashMap<>();
    private volatile long lastProgress = System.nanoTime();
    private long lastSaid;
    private final ScheduledExecutorService probes;
    private final Thread hook;
    private volatile boolean closed;

    /**
     * @param step   e.g. {@code oltp-read-write prepare}
     * @param remedy what to run after it stopped short, e.g. {@code run bench prepare again (it replaces them)}
     */
    DataStepWatch(String step, String remedy, Target target, PrintStream out) {
        this.step = step;
        this.remedy = remedy;
        this.target = target;
        this.out = out;
        this.probes = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bench-data-step-watch");
            t.setDaemon(true);
            return t;
        });
        long every = QUIET.toMillis() / 2;
        probes.scheduleWithFixedDelay(this::probeWhenQuiet, every, every, TimeUnit.MILLISECONDS);
        // a signal ends the JVM without unwinding this thread: the hook says what the step leaves behind
        SignalGuard.nameSignals();
        hook = new Thread(() -> {
            if (!closed) {
                out.flush();
                System.err.println("bench: " + step + " stopped by " + SignalGuard.lastSignal() + unfinished() + "; "
                        + remedy);
                System.err.flush();
            }
        }, "bench-data-step-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** A unit's progress: {@code done} of {@code total}. From any of the step's threads. */
    synchronized void progress(String unit, long done, long total) {
        long[] n = units.computeIfAbsent(unit, u -> new long[] {0, 0, -1, -1});
        n[0] = done;
        n[1] = total;
        lastProgress = System.nanoTime();
    }

    /** A unit's rows up to {@code rows} are sent and being committed ({@link benchkit.spi.PrepareContext#committing}). */
    synchronized void committing(String unit, long rows) {
        units.computeIfAbsent(unit, u -> new long[] {0, 0, -1, -1})[2] = rows;
    }

    /** A unit's rows up to {@code rows} are committed ({@link benchkit.spi.PrepareContext#committed}). */
    synchronized void committed(String unit, long rows) {
        long[] n = units.computeIfAbsent(unit, u -> new long[] {0, 0, -1, -1});
        n[2] = Math.max(n[2], rows);
        n[3] = rows;
    }

    /**
     * The units begun and not finished, as "; sbtest2 not filled (1,234,000 of 3,000,000 rows kept; ...)"; empty when
     * none. The rows sent are not the rows kept: those of a transaction not committed are rolled back, and those of one
     * whose commit was under way may or may not be kept. A workload that says which rows are committed gets a count
     * of them; for one that does not, the line claims no count for the table (it could hold none of the 947,952 sent).
     */
    synchronized String unfinished() {
        List<String> parts = new ArrayList<>();
        units.forEach((unit, n) -> {
            long sent = n[0];
            long total = n[1];
            long committing = n[2];
            long kept = n[3];
            if (sent >= total) {
                return;
            }
            if (kept < 0 && committing < 0) {
                parts.add(String.format(Locale.ROOT, "%s not filled (%,d of %,d rows sent; those of its last "
                        + "transaction are not kept)", unit, sent, total));
            } else if (kept >= total) {
                // its rows are in: what follows them (an index, say) was stopped
                parts.add(String.format(Locale.ROOT, "%s filled (all %,d rows kept) but not finished (what comes after its "
                        + "rows, such as an index, may be missing)", unit, total));
            } else if (committing > Math.max(kept, 0)) {
                parts.add(String.format(Locale.ROOT, "%s not filled (%,d of %,d rows kept, and perhaps the %,d of its "
                        + "last transaction, whose commit was under way)", unit, Math.max(kept, 0), total,
                        committing - Math.max(kept, 0)));
            } else if (kept <= 0) {
                parts.add(String.format(Locale.ROOT, "%s not filled (none of its %,d rows kept; the %,d sent were not "
                        + "committed)", unit, total, sent));
            } else {
                parts.add(String.format(Locale.ROOT, "%s not filled (%,d of %,d rows kept; the %,d sent after them were "
                        + "not committed)", unit, kept, total, Math.max(0, sent - kept)));
            }
        });
        return parts.isEmpty() ? "" : "; " + String.join(", ", parts);
    }

    /**
     * {@code failure} said as the user needs it when the server went away mid-step (a lost connection: the server
     * killed, crashed or restarted), with what is left and what to run; else null (the failure says it already).
     */
    String whenServerWentAway(Throwable failure) {
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException e && SqlErrors.isConnectionLost(e)) {
                return step + ": lost the connection to " + target + " (" + SqlErrors.describe(e) + "): the server went "
                        + "away (killed, crashed or restarted? its error log says)" + unfinished() + "; once it is back, "
                        + remedy;
            }
        }
        return null;
    }

    private void probeWhenQuiet() {
        long now = System.nanoTime();
        if (closed || now - lastProgress < QUIET.toNanos() || now - lastSaid < 3 * QUIET.toNanos()) {
            return;
        }
        if (!answers()) {
            lastSaid = now;
            long silent = TimeUnit.NANOSECONDS.toSeconds(now - lastProgress);
            out.println();
            out.println("# Warning: no progress for " + silent + " s, and " + target + " does not answer a new connection "
                    + "within " + PROBE_TIMEOUT.toSeconds() + " s (is it stopped, or overloaded?); still waiting (Ctrl-C "
                    + "stops; then " + remedy + ")");
            out.flush();
        }
    }

    /** Whether the server completes a new connection's handshake in time. */
    private boolean answers() {
        try (var c = SqlConnector.to(SqlEndpoint.of(target)).withConnectTimeout(PROBE_TIMEOUT)
                .withReadTimeout(PROBE_TIMEOUT).openWire()) {
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public void close() {
        closed = true;
        probes.shutdownNow();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is stopping: the hook has seen 'closed'
        }
    }
}

package benchkit.launch;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Prints the progress of long work in units, e.g. a workload's prepare step one table at a time (from the
 * {@code PrepareContext.progress(unit, done, total)} calls, which may come from several loading
 * threads at once) or a download, counted in the {@link Quantity} given.
 *
 * <p>On a terminal it keeps one line per unit being loaded and redraws them in place, e.g.
 * {@code sbtest3 [########------]  61% 61000/100000 rows  152k rows/s}, at most 4 times a second;
 * a unit's line stays on screen when it is done. Elsewhere (CI logs, pipes) it prints plain lines
 * only: one when a unit has moved on by a tenth of its rows (or every {@link #PLAIN_QUIET_NANOS}
 * when it is slower than that), at most one such line a second, and always one when a unit is done.
 */
public final class LoadProgress {
    /** Minimum time between two redraws on a terminal: 4 updates a second. */
    static final long REDRAW_NANOS = 250_000_000L;
    /** Minimum time between two plain in-between lines (finished units are always printed). */
    static final long PLAIN_GAP_NANOS = 1_000_000_000L;
    /** A unit that has not moved on a tenth still gets a plain line after this long. */
    static final long PLAIN_QUIET_NANOS = 10_000_000_000L;
    static final int BAR_WIDTH = 20;

    /** What is counted and what a finished unit's line says, e.g. rows that were "Prepared". */
    public record Quantity(String word, String finished) {
        public static final Quantity ROWS = new Quantity("rows", "Prepared");
        public static final Quantity MEGABYTES = new Quantity("MB", "Downloaded");
    }

    private final PrintStream out;
    private final boolean terminal;
    private final Quantity quantity;
    private final LongSupplier nanoClock;
    private final String prefix;
    /** Units on screen (terminal) or started (plain), in the order they started. */
    private final Map<String, Unit> units = new LinkedHashMap<>();
    /** Lines of the redrawn block currently on screen (terminal only). */
    private int drawnLines;
    private long lastRender;
    private boolean rendered;
    private boolean dirty;

    private static final class Unit {
        final String name;
        final long started;
        long done;
        long total;
        long lastPrintedDone;
        long lastPrinted;
        boolean finished;

        Unit(String name, long started) {
            this.name = name;
            this.started = started;
            this.lastPrinted = started;
        }
    }

    /**
     * @param terminal redraw lines in place (ANSI cursor movement) rather than print plain lines
     * @param prefix   put before every plain line, e.g. {@code "# "}
     */
    public LoadProgress(PrintStream out, boolean terminal, String prefix, LongSupplier nanoClock) {
        this(out, terminal, prefix, nanoClock, Quantity.ROWS);
    }

    public LoadProgress(PrintStream out, boolean terminal, String prefix, LongSupplier nanoClock, Quantity quantity) {
        this.out = out;
        this.quantity = quantity;
        this.terminal = terminal;
        this.prefix = prefix;
        this.nanoClock = nanoClock;
    }

    /** A printer for {@code out}: redrawing only when it is the console and the terminal is not dumb. */
    public static LoadProgress forStream(PrintStream out, String prefix) {
        return forStream(out, prefix, Quantity.ROWS);
    }

    /** The same, counting {@code quantity}. */
    public static LoadProgress forStream(PrintStream out, String prefix, Quantity quantity) {
        return new LoadProgress(out, isTerminal(out), prefix, System::nanoTime, quantity);
    }

    /** Whether {@code out} is {@code System.out} on an interactive terminal that understands ANSI. */
    public static boolean isTerminal(PrintStream out) {
        String term = System.getenv("TERM");
        return out == System.out && System.console() != null && term != null && !term.isEmpty()
                && !"dumb".equals(term) && System.getenv("CI") == null;
    }

    /** Records progress of {@code unit}; prints if it is time to. Thread-safe. */
    public synchronized void progress(String unit, long done, long total) {
        long now = nanoClock.getAsLong();
        Unit u = units.get(unit);
        if (u == null) {
            u = new Unit(unit, now);
            units.put(unit, u);
        }
        if (u.finished) {
            return;
        }
        u.done = Math.max(0, done);
        u.total = Math.max(0, total);
        u.finished = done >= total;
        if (terminal) {
            dirty = true;
            if (u.finished || !rendered || now - lastRender >= REDRAW_NANOS) {
                redraw(now);
            }
        } else {
            plain(u, now);
        }
    }

    /** Draws what is not on screen yet (terminal), so the last state stays visible. */
    public synchronized void close() {
        if (terminal && dirty) {
            redraw(nanoClock.getAsLong());
        }
    }

    private void plain(Unit u, long now) {
        if (u.finished) {
            double secs = (now - u.started) / 1e9;
            out.println(prefix + quantity.finished() + " " + u.name + " (" + u.total + " " + quantity.word() + " in "
                    + String.format(Locale.ROOT, "%.1f", secs) + " s" + rateSuffix(u.total, now - u.started) + ")");
            out.flush();
            units.remove(u.name);
            return;
        }
        long tenth = Math.max(1, u.total / 10);
        boolean movedOn = u.done / tenth > u.lastPrintedDone / tenth;
        boolean quiet = now - u.lastPrinted >= PLAIN_QUIET_NANOS;
        if ((movedOn || quiet) && (!rendered || now - lastRender >= PLAIN_GAP_NANOS)) {
            out.println(prefix + line(u, now, false));
            out.flush();
            u.lastPrintedDone = u.done;
            u.lastPrinted = now;
            lastRender = now;
            rendered = true;
        }
    }

    private void redraw(long now) {
        StringBuilder sb = new StringBuilder();
        if (drawnLines > 0) {
            sb.append("\033[").append(drawnLines).append('A');
        }
        List<String> frozen = new ArrayList<>();
        boolean leading = true;
        int lines = 0;
        for (Unit u : units.values()) {
            sb.append('\r').append("\033[2K").append(line(u, now, true)).append('\n');
            // finished units at the top of the block are final: they scroll away with the output
            if (leading && u.finished) {
                frozen.add(u.name);
            } else {
                leading = false;
                lines++;
            }
        }
        frozen.forEach(units::remove);
        drawnLines = lines;
        out.print(sb);
        out.flush();
        lastRender = now;
        rendered = true;
        dirty = false;
    }

    /** e.g. {@code sbtest3 [########------------]  41% 41000/100000 rows  152k rows/s}, in the quantity's word. */
    String line(Unit u, long now, boolean bar) {
        int pct = u.total == 0 ? 100 : (int) Math.min(100, u.done * 100 / u.total);
        StringBuilder sb = new StringBuilder(u.name).append(' ');
        if (bar) {
            int filled = u.total == 0 ? BAR_WIDTH : (int) Math.min(BAR_WIDTH, u.done * BAR_WIDTH / u.total);
            sb.append('[').append("#".repeat(filled)).append("-".repeat(BAR_WIDTH - filled)).append("] ");
        }
        sb.append(String.format(Locale.ROOT, "%3d%% %d/%d %s", pct, u.done, u.total, quantity.word()));
        sb.append(rateSuffix(u.done, now - u.started).replace(", ", "  "));
        return sb.toString();
    }

    private String rateSuffix(long done, long nanos) {
        if (nanos <= 0 || done <= 0) {
            return "";
        }
        return ", " + humanRate(done * 1e9 / nanos) + " " + quantity.word() + "/s";
    }

    /** 950 -> {@code 950}, 152300 -> {@code 152k}, 2.5e6 -> {@code 2.5M}. */
    static String humanRate(double perSec) {
        if (perSec < 1_000) {
            return String.format(Locale.ROOT, "%.0f", perSec);
        }
        if (perSec < 1_000_000) {
            return String.format(Locale.ROOT, "%.0fk", perSec / 1_000);
        }
        return String.format(Locale.ROOT, "%.1fM", perSec / 1_000_000);
    }
}

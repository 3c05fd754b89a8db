package benchkit.sysbench.line;

import benchkit.spi.InvalidOptionException;
import benchkit.sysbench.lua.StockScripts;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * sysbench's tests as bench workloads: 1.0's oltp_* scripts, 0.5's tests/db/*.lua and 0.4's built-in
 * oltp test with its --oltp-test-mode; a path or a .lua suffix names the same test.
 */
public final class SysbenchTest {
    /** The test's script name (no directory, no .lua) -> the workload issuing the same statements. */
    private static final Map<String, String> WORKLOADS = Map.ofEntries(
            Map.entry("oltp_read_only", "oltp-read-only"),
            Map.entry("oltp_read_write", "oltp-read-write"),
            Map.entry("oltp_write_only", "oltp-write-only"),
            Map.entry("oltp_point_select", "point-select"),
            Map.entry("oltp_simple", "point-select"),        // 0.5: one SELECT c ... WHERE id=? per event
            Map.entry("select", "point-select"),             // 0.5: the same point select
            Map.entry("oltp_update_index", "oltp-update-index"),
            Map.entry("update_index", "oltp-update-index"),
            Map.entry("oltp_update_non_index", "oltp-update-non-index"),
            Map.entry("update_non_index", "oltp-update-non-index"),
            Map.entry("oltp_insert", "oltp-insert"),
            Map.entry("insert", "oltp-insert"),
            Map.entry("oltp_delete", "oltp-delete"),
            Map.entry("delete", "oltp-delete"),
            Map.entry("select_random_points", "select-random-points"),
            Map.entry("select_random_ranges", "select-random-ranges"),
            Map.entry("bulk_insert", "bulk-insert"));

    /** 0.4's --oltp-nontrx-mode: one autocommit statement per event. */
    private static final Map<String, String> NONTRX = Map.of(
            "select", "point-select",
            "update_key", "oltp-update-index",
            "update_nokey", "oltp-update-non-index",
            "insert", "oltp-insert",
            "delete", "oltp-delete");

    /** sysbench tests bench has no workload for, and why. */
    private static final Map<String, String> OTHERS = Map.of(
            "fileio", "a file I/O test", "cpu", "a CPU test", "memory", "a memory test", "threads", "a scheduler test",
            "mutex", "a mutex test",
            "oltp_common", "the library of the oltp_* scripts, not a test", "common", "the library of 0.5's tests, not a test");

    public record Resolved(String workload, String command) {
    }

    private SysbenchTest() {
    }

    /** The sysbench 1.0.20 test names bench runs, for messages. */
    public static String names() {
        return String.join(", ", new java.util.TreeSet<>(WORKLOADS.keySet().stream().filter(n -> n.contains("_")).toList()));
    }

    /** {@code oltp_read_only}, {@code tests/db/oltp.lua}, {@code /usr/share/sysbench/select_random_points.lua}... */
    public static boolean isTestName(String word) {
        String base = base(word);
        if (word.startsWith("-")) {
            return false;
        }
        if (isScriptFile(word)) {
            return true;                    // a script of the user's own, or a stock one given by path
        }
        if (OTHERS.containsKey(base)) {
            return true;                    // sysbench fileio run: refused with the reason, not as a stray word
        }
        // 0.5's select.lua and insert.lua are tests by path only: a bare "select" is no sysbench test name.
        return (word.contains("_") || word.endsWith(".lua"))
                && (WORKLOADS.containsKey(base) || base.equals("oltp") || base.equals("parallel_prepare"));
    }

    /**
     * The workload and command of {@code test} run with sysbench's {@code command} (null when none was
     * given), with 0.4/0.5's --oltp-read-only, --oltp-test-mode and --oltp-nontrx-mode.
     */
    /** A test of sysbench's that bench does not run (its compiled-in ones): refused in one line that says why. */
    public static void refuseOthers(String test) {
        String base = base(test);
        if (OTHERS.containsKey(base)) {
            throw new InvalidOptionException("sysbench's " + base + " is " + OTHERS.get(base) + "; bench runs sysbench's OLTP tests: "
                    + String.join(", ", WORKLOADS.keySet().stream().filter(t -> t.startsWith("oltp_")).sorted().toList()));
        }
    }

    public static Resolved resolve(String test, boolean viaOption, boolean readOnly, String testMode, String nontrxMode,
                            String command, Consumer<String> note) {
        String base = base(test);
        String shown = (viaOption ? "--test=" : "") + test;
        if (!viaOption && isScriptFile(test)) {
            Optional<String> stock = StockScripts.stock(Path.of(test));
            if (stock.isEmpty() || !WORKLOADS.containsKey(stock.get())) {
                // what ran is what the user wrote: the file, in bench's Lua runtime
                note.accept(shown + " runs as written, in bench's Lua runtime (sysbench 1.0.20's API)");
                return new Resolved(test, command);
            }
            note.accept(shown + " is sysbench 1.0.20's " + stock.get() + ".lua byte for byte (its oltp_common.lua too): "
                    + "bench runs its Java version, --workload " + WORKLOADS.get(stock.get()));
            base = stock.get();
        }
        refuseOthers(base);
        if (base.equals("parallel_prepare")) {
            // 0.5's parallel_prepare.lua loads the tables in thread_init and exits at its first event: run prepares.
            String cmd = "cleanup".equals(command) ? "cleanup" : "prepare";
            note.accept(shown + " " + (command == null ? "run" : command) + " is bench " + cmd
                    + " --workload oltp-read-write (all oltp workloads share these tables)");
            return new Resolved("oltp-read-write", cmd);
        }
        String workload;
        if (base.equals("oltp")) {
            workload = oltpTest(readOnly, testMode, nontrxMode, note);
        } else if (WORKLOADS.containsKey(base)) {
            workload = WORKLOADS.get(base);
        } else {
            throw new SysbenchArgs.UnknownTest(test);
        }
        if (viaOption || !test.equals(base) || !base.replace('_', '-').equals(workload)) {
            note.accept(shown + (readOnly && base.equals("oltp") ? " --oltp-read-only=on" : "") + " is --workload " + workload);
        }
        return new Resolved(workload, command);
    }

    /** 0.4's oltp test (and 0.5's oltp.lua, which has the complex mode only). */
    private static String oltpTest(boolean readOnly, String testMode, String nontrxMode, Consumer<String> note) {
        String mode = testMode == null ? "complex" : testMode.strip().toLowerCase(Locale.ROOT);
        switch (mode) {
            case "complex":
                if (nontrxMode != null) {
                    note.accept("--oltp-nontrx-mode is ignored: it serves --oltp-test-mode=nontrx only");
                }
                return readOnly ? "oltp-read-only" : "oltp-read-write";
            case "simple":
                return "point-select";
            case "nontrx":
                String nontrx = nontrxMode == null ? "select" : nontrxMode.strip().toLowerCase(Locale.ROOT);
                if (!NONTRX.containsKey(nontrx)) {
                    throw new InvalidOptionException("--oltp-nontrx-mode=" + nontrxMode + " is not valid; expected "
                            + String.join(", ", NONTRX.keySet().stream().sorted().toList()));
                }
                return NONTRX.get(nontrx);
            case "sp":
                throw new InvalidOptionException("--oltp-test-mode=sp calls a stored procedure of your own; bench has no such workload");
            default:
                throw new InvalidOptionException("--oltp-test-mode=" + testMode + " is not valid; expected complex, simple, nontrx or sp");
        }
    }

    /** A Lua file that is there: sysbench 1.0 runs any such file as its test (0.4/0.5's --test lines keep their meaning). */
    public static boolean isScriptFile(String word) {
        try {
            return word.endsWith(".lua") && Files.isRegularFile(Path.of(word));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** A test name of sysbench 0.4/0.5 or 1.0 that bench maps to a workload of its own ({@code oltp}, {@code select}). */
    public static boolean isLegacyTest(String base) {
        return WORKLOADS.containsKey(base) || base.equals("oltp") || base.equals("parallel_prepare")
                || OTHERS.containsKey(base);
    }

    /** Whether bench has a Java version of this sysbench 1.0.20 script ({@code oltp_read_write}: yes). */
    public static boolean hasJavaVersion(String script) {
        return WORKLOADS.containsKey(script);
    }

    /** Whether the resolved workload is a script file run by bench's Lua runtime. */
    public static boolean isScript(String workload) {
        return workload.endsWith(".lua");
    }

    /** A test as typed, without its directory and .lua: {@code /usr/share/sysbench/oltp_read_only.lua} is oltp_read_only. */
    public static String base(String test) {
        return test.substring(test.lastIndexOf('/') + 1).replaceFirst("\\.lua$", "");
    }
}

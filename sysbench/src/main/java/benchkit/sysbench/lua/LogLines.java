package benchkit.sysbench.lua;

import java.io.PrintStream;

/**
 * sysbench's log lines of a run ({@code FATAL: }, {@code ALERT: }...), as its text handler prints them: a message the
 * same as the one before it is counted, not printed, and the count shows ahead of the next other message
 * ({@code (last message repeated 1 times)}). One per run, shared by its threads.
 */
final class LogLines {
    private final PrintStream out;
    private String last;
    private int repeated;

    LogLines(PrintStream out) {
        this.out = out;
    }

    synchronized void fatal(String text) {
        print("FATAL: ", text);
    }

    synchronized void warning(String text) {
        print("WARNING: ", text);
    }

    synchronized void alert(String text) {
        print("ALERT: ", text);
    }

    /**
     * sysbench's own next line (its report, a notice) is a log line too: a count still pending shows before it, and a
     * message after it is new again.
     */
    synchronized void settle() {
        if (repeated > 0) {
            out.println("(last message repeated " + repeated + " times)");
        }
        repeated = 0;
        last = null;
    }

    private void print(String prefix, String text) {
        if (text.equals(last)) {
            repeated++;
            return;
        }
        if (repeated > 0) {
            out.println("(last message repeated " + repeated + " times)");
        }
        repeated = 0;
        last = text;
        out.println(prefix + text);
    }
}

package benchkit.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Fields of a process's /proc/PID/stat line (proc(5)) that the launchers read. */
public final class ProcStat {
    private ProcStat() {
    }

    /** Its state letter (R, S, D, T, t, Z, ...), or empty when the process is gone or unreadable. */
    public static Optional<Character> state(long pid) {
        return afterName(pid).map(f -> f[0].charAt(0));
    }

    /** The session it belongs to (a session leader's is its own pid), or -1 when it cannot be read. */
    public static long session(long pid) {
        return afterName(pid).map(f -> Long.parseLong(f[3])).orElse(-1L);
    }

    /** The fields after the command name: state, ppid, pgrp, session, ... (the name in parentheses may hold spaces). */
    private static Optional<String[]> afterName(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close > 0 && close + 2 < stat.length() ? Optional.of(stat.substring(close + 2).split(" ")) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

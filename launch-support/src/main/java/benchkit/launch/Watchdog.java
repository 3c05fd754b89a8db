package benchkit.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A tiny {@code sh} loop that stops the server if the JVM disappears without running its shutdown
 * hooks (SIGKILL): once the parent pid is gone it sends SIGTERM, then SIGKILL after 30 s, and removes
 * the launch's temp dir. It exits by itself when the server ends first; {@link #stop()} ends it at once.
 * Every server bench starts has one (mysqld and mariadbd, memcached, the InnoDB memcached plugin's mysqld, and
 * containers, which it removes), so none outlives a killed bench, even when the kill takes bench's whole process group.
 */
public final class Watchdog {
    /**
     * A process counts as alive while it exists and is not a zombie: a killed bench whose parent has not yet reaped it
     * (a script's orchestrator busy elsewhere) still answers {@code kill -0}. The state follows the name's last ")".
     */
    private static final String ALIVE = """
            alive() {
              kill -0 "$1" 2>/dev/null || return 1
              s=$(cat "/proc/$1/stat" 2>/dev/null) || return 0
              s=${s##*") "}
              [ "${s%% *}" != Z ]
            }
            """;

    static final String SCRIPT = ALIVE + """
            parent=$1; server=$2; dir=$3
            while alive "$parent" && alive "$server"; do sleep 1; done
            alive "$parent" && exit 0
            kill -TERM "$server" 2>/dev/null
            i=0
            while alive "$server" && [ $i -lt 30 ]; do sleep 1; i=$((i+1)); done
            kill -KILL "$server" 2>/dev/null
            sleep 1
            [ -n "$dir" ] && rm -rf "$dir"
            exit 0
            """;

    static final String REMOVE_SCRIPT = ALIVE + """
            parent=$1; dir=$2
            while alive "$parent"; do sleep 1; done
            rm -rf "$dir"
            """;

    static final String CONTAINER_SCRIPT = ALIVE + """
            parent=$1; id=$2
            while alive "$parent"; do sleep 1; done
            docker rm -f "$id" >/dev/null 2>&1
            exit 0
            """;

    private final Process process;

    private Watchdog(Process process) {
        this.process = process;
    }

    /** Watches {@code serverPid} on behalf of this JVM; removes {@code dirToRemove} after a kill. */
    public static Watchdog watch(long serverPid, Optional<Path> dirToRemove) throws IOException {
        return start(ProcessHandle.current().pid(), serverPid, dirToRemove);
    }

    /** Watches {@code serverPid} on behalf of {@code parentPid}; removes {@code dirToRemove} after a kill. */
    public static Watchdog start(long parentPid, long serverPid, Optional<Path> dirToRemove) throws IOException {
        return start(List.of("sh", "-c", SCRIPT, "benchkit-watchdog",
                Long.toString(parentPid), Long.toString(serverPid), dirToRemove.map(Path::toString).orElse("")));
    }

    /** Removes {@code dir} once {@code parentPid} is gone without having stopped this watchdog (SIGKILL). */
    static Watchdog removeWhenGone(long parentPid, Path dir) throws IOException {
        return start(List.of("sh", "-c", REMOVE_SCRIPT, "benchkit-watchdog", Long.toString(parentPid), dir.toString()));
    }

    /**
     * Removes container {@code id} (stopping its server) once this JVM is gone without having stopped the watchdog:
     * with Testcontainers' own reaper (Ryuk) off, nothing else would. Uses the {@code docker} command.
     */
    public static Watchdog removeContainerWhenGone(String id) throws IOException {
        return start(List.of("sh", "-c", CONTAINER_SCRIPT, "benchkit-watchdog", Long.toString(ProcessHandle.current().pid()), id));
    }

    private static Watchdog start(List<String> command) throws IOException {
        // in a session of its own, like the server: a SIGKILL to bench's whole process group (kill -9 -- -PGID, a
        // timeout that kills the tree) must not take the watchdog with the JVM and leave the server running
        ProcessBuilder pb = new ProcessBuilder(OwnSession.command(command));
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        return new Watchdog(pb.start());
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Ends the watch at once (the server was stopped by bench, or handed to another process). */
    public void stop() {
        process.descendants().forEach(ProcessHandle::destroyForcibly); // its 'sleep 1'
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

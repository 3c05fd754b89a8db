package benchkit.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts a server in a session of its own ({@code setsid}), as a service manager or a terminal of its own runs
 * it. Linux shares the CPUs between sessions before it shares them between threads (autogroups): a server
 * started in bench's own session would have its many threads weigh against bench's few client threads, so a
 * client on one machine with its server would get less of the CPUs than it gets beside a server run as a
 * service (measured in docs/vs-sysbench.md, 2026-11-27, fifth part). {@code setsid} replaces itself with the
 * server (a JVM's child never leads a process group, so it does not fork): the process bench holds is the
 * server. Where there is no {@code setsid} (not util-linux) the server shares bench's session, as before.
 */
public final class OwnSession {
    private static final Optional<String> SETSID = Executables.find(List.of("setsid"), List.of()).map(Path::toString);

    private OwnSession() {
    }

    /** {@code command} to run in a session of its own: behind {@code setsid} where the machine has it. */
    public static List<String> command(List<String> command) {
        if (SETSID.isEmpty()) {
            return command;
        }
        List<String> own = new ArrayList<>(command.size() + 1);
        own.add(SETSID.get());
        own.addAll(command);
        return own;
    }
}

package benchkit.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** The mysqld/mariadbd processes running on this machine, to prove that bench leaves none behind. */
final class ServerProcesses {
    private ServerProcesses() {
    }

    static Set<Long> running() throws IOException {
        Set<Long> pids = new TreeSet<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> p.getFileName().toString().matches("\\d+")).forEach(p -> {
                try {
                    String comm = Files.readString(p.resolve("comm")).strip();
                    if (comm.equals("mysqld") || comm.equals("mariadbd") || comm.equals("memcached")) {
                        pids.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while we looked
                }
            });
        }
        return pids;
    }

    /** Fails when a server started after {@code before} is still running. */
    static void assertNoneLeft(Set<Long> before) throws IOException, InterruptedException {
        Set<Long> left = new TreeSet<>();
        for (int i = 0; i < 20; i++) {
            left = running();
            left.removeAll(before);
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("server processes left running: " + left);
    }
}

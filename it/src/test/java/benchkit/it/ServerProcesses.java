package benchkit.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Finds server processes started by one bench invocation, even after bench has exited: bench runs
 * with a unique marker in its environment, which the servers it launches inherit.
 */
final class ServerProcesses {
    static final String MARK_VARIABLE = "BENCHKIT_IT_MARK";

    private ServerProcesses() {
    }

    static String newMark() {
        return UUID.randomUUID().toString();
    }

    /** The server processes (mysqld, mariadbd, memcached) whose environment carries {@code mark}. */
    static Set<Long> servers(String mark) throws IOException {
        Set<Long> servers = new TreeSet<>();
        for (long pid : carrying(mark)) {
            try {
                String comm = Files.readString(Path.of("/proc", Long.toString(pid), "comm")).strip();
                if (comm.equals("mysqld") || comm.equals("mariadbd") || comm.equals("memcached")) {
                    servers.add(pid);
                }
            } catch (IOException gone) {
                // ended meanwhile
            }
        }
        return servers;
    }

    /**
     * Processes whose environment carries {@code mark}: servers and their helpers. Not bench's own JVM, nor the
     * JDK's jspawnhelper that starts it: during its exec into java the kernel shows the new environment before
     * the new name (seen once in CI as a "server" started by a run refused before any server).
     */
    static Set<Long> carrying(String mark) throws IOException {
        byte[] needle = (MARK_VARIABLE + "=" + mark).getBytes(StandardCharsets.UTF_8);
        Set<Long> pids = new TreeSet<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> p.getFileName().toString().matches("\\d+")).forEach(p -> {
                try {
                    String comm = Files.readString(p.resolve("comm")).strip();
                    if (!comm.equals("java") && !comm.equals("jspawnhelper") && contains(Files.readAllBytes(p.resolve("environ")), needle)) {
                        pids.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while we looked, or is not ours to read
                }
            });
        }
        return pids;
    }

    /** Fails when a process started by the bench run marked {@code mark} is still running. */
    static void assertNoneLeft(String mark) throws IOException, InterruptedException {
        Set<Long> left = Set.of();
        for (int i = 0; i < 40; i++) {
            left = carrying(mark);
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("processes of the bench run left running: " + left);
    }

    /** Watches, in the background, for processes carrying {@code mark}; proves the marker reaches servers. */
    static final class Watch implements AutoCloseable {
        private final Thread thread;
        private final Set<Long> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        private volatile boolean stop;

        Watch(String mark) {
            thread = new Thread(() -> {
                while (!stop) {
                    try {
                        seen.addAll(carrying(mark));
                        Thread.sleep(200);
                    } catch (IOException | InterruptedException e) {
                        return;
                    }
                }
            }, "server-watch");
            thread.setDaemon(true);
            thread.start();
        }

        Set<Long> seen() {
            return Set.copyOf(seen);
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            thread.join(5000);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}

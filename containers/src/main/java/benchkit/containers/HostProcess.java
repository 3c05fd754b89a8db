package benchkit.containers;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A containerized process as this machine's {@code /proc} sees it: processes in a container are
 * ordinary host processes, so the host PID lets host-side collectors read CPU and memory, and its
 * memory maps prove which allocator it runs with.
 */
final class HostProcess {
    private static final Path PROC = Path.of("/proc");

    private HostProcess() {
    }

    /** {@code root} or its first descendant whose command name is one of {@code names}. */
    static Optional<Long> find(long root, Set<String> names) {
        Deque<Long> queue = new ArrayDeque<>();
        queue.add(root);
        int seen = 0;
        while (!queue.isEmpty() && seen++ < 10_000) {
            long pid = queue.poll();
            if (names.contains(comm(pid))) {
                return Optional.of(pid);
            }
            queue.addAll(children(pid));
        }
        return Optional.empty();
    }

    static String comm(long pid) {
        try {
            return Files.readString(PROC.resolve(pid + "/comm")).strip();
        } catch (IOException e) {
            return "";
        }
    }

    static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * The path in the process's memory maps of the first of {@code fileNames} (in that order) it
     * maps, also as the versioned file a name links to (maps show {@code libtcmalloc_minimal.so.4.5.16}
     * for {@code libtcmalloc_minimal.so.4}).
     */
    static Optional<String> mappedLibrary(long pid, List<String> fileNames) throws IOException {
        List<String> paths = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(PROC.resolve(pid + "/maps"))) {
            int slash = line.indexOf('/');
            if (slash >= 0) {
                paths.add(line.substring(slash).strip());
            }
        }
        for (String name : fileNames) {
            for (String path : paths) {
                String file = path.substring(path.lastIndexOf('/') + 1);
                if (file.equals(name) || file.startsWith(name + ".")) {
                    return Optional.of(path);
                }
            }
        }
        return Optional.empty();
    }

    private static List<Long> children(long pid) {
        List<Long> kids = new java.util.ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(PROC.resolve(pid + "/task"))) {
            for (Path task : tasks) {
                for (String s : Files.readString(task.resolve("children")).trim().split("\\s+")) {
                    if (!s.isEmpty()) {
                        kids.add(Long.parseLong(s));
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // the process ended meanwhile: no children
        }
        return kids;
    }
}

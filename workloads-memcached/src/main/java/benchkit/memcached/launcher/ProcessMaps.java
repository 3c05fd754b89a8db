package benchkit.memcached.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Reads {@code /proc/PID/maps} to prove which shared libraries a process has mapped. */
public final class ProcessMaps {
    private ProcessMaps() {
    }

    /**
     * The mapped path matching {@code library} (the path itself or what its symlinks resolve to),
     * or empty when the process has not mapped it.
     */
    public static Optional<String> findLibrary(long pid, String library) throws IOException {
        Path lib = Path.of(library);
        String real;
        try {
            real = lib.toRealPath().toString();
        } catch (IOException e) {
            real = library;
        }
        List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "maps"), StandardCharsets.ISO_8859_1);
        for (String line : lines) {
            int slash = line.indexOf('/');
            if (slash < 0) {
                continue;
            }
            String path = line.substring(slash).strip();
            if (path.equals(library) || path.equals(real)) {
                return Optional.of(path);
            }
        }
        return Optional.empty();
    }
}

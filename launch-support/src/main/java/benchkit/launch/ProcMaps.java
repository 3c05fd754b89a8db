package benchkit.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds a shared library among the files a process has mapped ({@code /proc/PID/maps}). */
public final class ProcMaps {
    private ProcMaps() {
    }

    /**
     * The mapped path of {@code library} in process {@code pid}: the same file (by real path) or, failing
     * that, a mapped file with the same name.
     */
    public static Optional<String> findLibrary(long pid, String library) throws IOException {
        Path wanted = Path.of(library);
        String real = Files.exists(wanted) ? wanted.toRealPath().toString() : library;
        String name = wanted.getFileName().toString();
        Optional<String> byName = Optional.empty();
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "maps"))) {
            int slash = line.indexOf('/');
            if (slash < 0) {
                continue;
            }
            String mapped = line.substring(slash).replace(" (deleted)", "");
            if (mapped.equals(library) || mapped.equals(real)) {
                return Optional.of(mapped);
            }
            if (byName.isEmpty() && Path.of(mapped).getFileName().toString().equals(name)) {
                byName = Optional.of(mapped);
            }
        }
        return byName;
    }
}

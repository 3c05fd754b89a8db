package benchkit.core.launch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds programs on PATH (and a few sbin directories PATH may lack). */
public final class Executables {
    private Executables() {
    }

    public static List<Path> pathDirectories() {
        List<Path> dirs = new ArrayList<>();
        String path = System.getenv().getOrDefault("PATH", "");
        for (String entry : path.split(":")) {
            if (!entry.isBlank()) {
                dirs.add(Path.of(entry));
            }
        }
        return dirs;
    }

    /** The first executable named one of {@code names} on PATH, then in {@code extraDirs}. */
    public static Optional<Path> find(List<String> names, List<Path> extraDirs) {
        List<Path> dirs = pathDirectories();
        dirs.addAll(extraDirs);
        for (String name : names) {
            for (Path dir : dirs) {
                Path candidate = dir.resolve(name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}

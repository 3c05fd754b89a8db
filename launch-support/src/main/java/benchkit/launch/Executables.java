package benchkit.launch;

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

    /**
     * The first executable named one of {@code names} on PATH, then in {@code extraDirs}: the first name found
     * anywhere wins over a later name.
     */
    public static Optional<Path> find(List<String> names, List<Path> extraDirs) {
        List<Path> dirs = pathDirectories();
        dirs.addAll(extraDirs);
        return names.stream().map(name -> firstIn(dirs, List.of(name))).flatMap(Optional::stream).findFirst();
    }

    /** The first executable named one of {@code names} in the first of {@code dirs} that has one: an earlier directory wins. */
    public static Optional<Path> firstIn(List<Path> dirs, List<String> names) {
        for (Path dir : dirs) {
            for (String name : names) {
                Path candidate = dir.resolve(name);
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}

package benchkit.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Who bench runs as: servers refuse to run as root unless told which user to be (mysqld --user, memcached -u). */
public final class ProcessOwner {
    private ProcessOwner() {
    }

    public static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}

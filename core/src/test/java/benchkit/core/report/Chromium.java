package benchkit.core.report;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.fail;

/** Finds a Chromium for browser tests: missing means skip on a developer machine, fail in CI. */
final class Chromium {
    static final String MISSING = "chromium not found (install the Debian package 'chromium', or set BENCHKIT_CHROMIUM)";

    private Chromium() {
    }

    /** {@code $BENCHKIT_CHROMIUM}, else chromium, chromium-browser or google-chrome on {@code $PATH}. */
    static Optional<Path> find(Map<String, String> env) {
        return Stream.concat(
                        Stream.ofNullable(env.get("BENCHKIT_CHROMIUM")).map(Path::of),
                        Stream.of(env.getOrDefault("PATH", "").split(File.pathSeparator))
                                .filter(d -> !d.isEmpty())
                                .flatMap(d -> Stream.of("chromium", "chromium-browser", "google-chrome").map(n -> Path.of(d, n))))
                .filter(Files::isExecutable).findFirst();
    }

    /** The Chromium to use; when there is none, fails if {@code CI} is set, else aborts (skips) the test. */
    static Path requireOrSkip(Map<String, String> env) {
        Optional<Path> found = find(env);
        if (found.isEmpty()) {
            if (env.get("CI") != null) {
                fail(MISSING + "; it is required in CI");
            }
            Assumptions.assumeTrue(false, MISSING + "; skipping the browser test outside CI");
        }
        return found.get();
    }
}

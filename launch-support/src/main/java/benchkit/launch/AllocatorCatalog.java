package benchkit.launch;

import benchkit.spi.AllocatorSpec;
import benchkit.spi.InvalidOptionException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The allocators benchkit knows by name, where their libraries are looked for, and the Debian
 * package that provides each. {@code name=/path/to/lib.so} takes any other build.
 */
public final class AllocatorCatalog {
    /** A known allocator: library file names to look for, and the Debian package providing them. */
    public record Known(String name, List<String> libraryNames, String debianPackage) {
    }

    private static final List<Known> KNOWN = List.of(
            new Known("jemalloc", List.of("libjemalloc.so.2", "libjemalloc.so.1", "libjemalloc.so"), "libjemalloc2"),
            new Known("tcmalloc", List.of("libtcmalloc_minimal.so.4", "libtcmalloc.so.4", "libtcmalloc_minimal.so",
                    "libtcmalloc.so"), "libtcmalloc-minimal4"),
            new Known("mimalloc", List.of("libmimalloc.so.2", "libmimalloc.so"), "libmimalloc2.0"));

    private static final List<Path> DEFAULT_DIRS = List.of(
            Path.of("/usr/lib/x86_64-linux-gnu"), Path.of("/lib/x86_64-linux-gnu"),
            Path.of("/usr/lib/aarch64-linux-gnu"), Path.of("/usr/lib64"), Path.of("/usr/local/lib"),
            Path.of("/usr/lib"));

    private final List<Path> searchDirs;

    public AllocatorCatalog() {
        this(DEFAULT_DIRS);
    }

    public AllocatorCatalog(List<Path> searchDirs) {
        this.searchDirs = List.copyOf(searchDirs);
    }

    public static List<Known> known() {
        return KNOWN;
    }

    /** Every known allocator with the library found here, or empty. */
    public Map<String, Optional<Path>> availability() {
        Map<String, Optional<Path>> found = new LinkedHashMap<>();
        found.put("glibc", Optional.empty());
        for (Known k : KNOWN) {
            found.put(k.name(), find(k));
        }
        return found;
    }

    /**
     * Resolves {@code glibc}, a known name, or {@code label=/path/to/lib.so}, with environment
     * tunables for it. Fails with a one-line message naming the library and its package.
     */
    public AllocatorSpec resolve(String text, Map<String, String> environment) {
        String t = text.strip();
        int eq = t.indexOf('=');
        if (eq > 0) {
            String label = t.substring(0, eq).strip();
            Path lib = Path.of(t.substring(eq + 1).strip());
            if (!label.matches("[A-Za-z0-9_.-]+")) {
                throw new InvalidOptionException("--allocator " + t + ": the label must be letters, digits, '.', '_' or '-'");
            }
            if (!lib.isAbsolute() || !Files.isRegularFile(lib)) {
                throw new InvalidOptionException("--allocator " + t + ": " + lib + " is not an existing absolute path to a library");
            }
            return new AllocatorSpec(label, Optional.of(lib.toString()), environment);
        }
        if (t.equals("glibc")) {
            return new AllocatorSpec("glibc", Optional.empty(), environment);
        }
        for (Known k : KNOWN) {
            if (k.name().equals(t)) {
                Path lib = find(k).orElseThrow(() -> new InvalidOptionException("allocator " + k.name() + ": "
                        + k.libraryNames().get(0) + " not found in " + dirs() + "; install it with: apt-get install "
                        + k.debianPackage()));
                return new AllocatorSpec(k.name(), Optional.of(lib.toString()), environment);
            }
        }
        List<String> names = new ArrayList<>();
        names.add("glibc");
        KNOWN.forEach(k -> names.add(k.name()));
        throw new InvalidOptionException("unknown allocator '" + t + "'; valid: " + String.join(", ", names)
                + ", or NAME=/path/to/lib.so");
    }

    /** The name an allocator argument gives its servers: {@code jemalloc}, or the label of {@code label=/path/lib.so}. */
    public static String labelOf(String text) {
        int eq = text.indexOf('=');
        return (eq > 0 ? text.substring(0, eq) : text).strip();
    }

    private Optional<Path> find(Known k) {
        for (String name : k.libraryNames()) {
            for (Path dir : searchDirs) {
                Path p = dir.resolve(name);
                if (Files.isRegularFile(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private String dirs() {
        List<String> s = new ArrayList<>();
        searchDirs.forEach(d -> s.add(d.toString()));
        return String.join(":", s);
    }
}

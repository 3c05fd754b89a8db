package benchkit.containers;

import benchkit.launch.AllocatorCatalog;
import benchkit.spi.AllocatorSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How an allocator is preloaded inside a container. A known allocator (jemalloc, tcmalloc,
 * mimalloc) given by its usual library name is taken from the image itself, found by the entry
 * script in the usual library directories; any other library (e.g. {@code jemalloc-3.1=/opt/...so})
 * is copied from this machine into the container.
 */
final class ContainerAllocator {
    /** Where a library copied from the host lives inside the container. */
    static final String COPIED_DIR = "/benchkit/lib";

    private static final List<String> IMAGE_LIB_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/lib64", "/usr/local/lib", "/usr/lib");

    private final AllocatorSpec spec;
    private final List<String> imageLibraryNames;
    private final Optional<Path> hostLibrary;

    private ContainerAllocator(AllocatorSpec spec, List<String> imageLibraryNames, Optional<Path> hostLibrary) {
        this.spec = spec;
        this.imageLibraryNames = imageLibraryNames;
        this.hostLibrary = hostLibrary;
    }

    static ContainerAllocator of(AllocatorSpec spec) {
        if (spec.library().isEmpty()) {
            return new ContainerAllocator(spec, List.of(), Optional.empty());
        }
        Path lib = Path.of(spec.library().get());
        String file = lib.getFileName().toString();
        for (AllocatorCatalog.Known k : AllocatorCatalog.known()) {
            if (k.name().equals(spec.name()) && k.libraryNames().contains(file)) {
                return new ContainerAllocator(spec, k.libraryNames(), Optional.empty());
            }
        }
        if (!Files.isRegularFile(lib)) {
            throw new benchkit.spi.InvalidOptionException("allocator " + spec.name() + ": " + lib + " is not a file on this machine");
        }
        return new ContainerAllocator(spec, List.of(), Optional.of(lib));
    }

    String name() {
        return spec.name();
    }

    boolean preloads() {
        return spec.library().isPresent();
    }

    /** The host library to copy to {@link #containerPathOfCopy()}, when the image's own is not used. */
    Optional<Path> hostLibrary() {
        return hostLibrary;
    }

    String containerPathOfCopy() {
        return COPIED_DIR + "/" + hostLibrary.map(p -> p.getFileName().toString()).orElse("");
    }

    /** The file name that must show up in the server's memory maps. */
    List<String> expectedFileNames() {
        if (hostLibrary.isPresent()) {
            return List.of(hostLibrary.get().getFileName().toString());
        }
        return imageLibraryNames;
    }

    Map<String, String> environment() {
        return spec.environment();
    }

    /** Shell lines that set {@code $preload} to the library path inside the container, or exit 3. */
    String scriptLines() {
        if (!preloads()) {
            return "preload=\n";
        }
        if (hostLibrary.isPresent()) {
            return "preload=" + Shell.quote(containerPathOfCopy()) + "\n";
        }
        StringBuilder s = new StringBuilder("preload=\n");
        s.append("for name in ").append(String.join(" ", imageLibraryNames)).append("; do\n");
        s.append("  for dir in ").append(String.join(" ", IMAGE_LIB_DIRS)).append("; do\n");
        s.append("    if [ -z \"$preload\" ] && [ -f \"$dir/$name\" ]; then preload=\"$dir/$name\"; fi\n");
        s.append("  done\ndone\n");
        s.append("if [ -z \"$preload\" ]; then echo ").append(Shell.quote("benchkit: allocator " + spec.name() + ": "
                + imageLibraryNames.get(0) + " is not in this image")).append(" >&2; exit 3; fi\n");
        return s.toString();
    }

    /**
     * What proves the allocator from this machine: the preloaded library's path as it appears in
     * {@code /proc/PID/maps} of the server, or {@code glibc} when nothing is preloaded.
     */
    String proveLoaded(long hostPid) throws IOException {
        if (!preloads()) {
            // some builds link an allocator themselves (Debian sid's mysqld links tcmalloc): say so
            List<String> all = new ArrayList<>();
            AllocatorCatalog.known().forEach(k -> all.addAll(k.libraryNames()));
            return HostProcess.mappedLibrary(hostPid, all)
                    .map(lib -> spec.name() + " requested (nothing preloaded), but the server links " + lib)
                    .orElse(spec.name());
        }
        return HostProcess.mappedLibrary(hostPid, expectedFileNames()).orElseThrow(() -> new IllegalStateException(
                "allocator " + name() + ": " + String.join(" or ", expectedFileNames()) + " was preloaded but is not in /proc/"
                        + hostPid + "/maps of the server"));
    }
}

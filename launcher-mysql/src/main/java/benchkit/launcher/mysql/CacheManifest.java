package benchkit.launcher.mysql;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * What a cache entry held when it was made: every file's path, size and CRC32C, in {@value #FILE} inside it, written
 * when it is extracted and checked before each use, so that a truncated {@code mariadbd} or a deleted
 * {@code errmsg.sys} is found and the entry extracted again rather than failing every later run the same way.
 * CRC32C (hardware-assisted in the JDK) reads MariaDB 11.4.5's 42 MB in tens of milliseconds; it finds damage, it does
 * not authenticate (the archives come from Maven Central with their own checksums).
 */
final class CacheManifest {
    static final String FILE = ".bench-manifest";
    /** The problem of an entry an older bench made, without a manifest: made again, without a word. */
    static final String UNRECORDED = "it has no " + FILE + " to check it against";

    private CacheManifest() {
    }

    /** Records every file under {@code dir} (a fresh entry) in its manifest. */
    static void write(Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Path f : files(dir)) {
            out.append(Long.toHexString(crc(f))).append(' ').append(Files.size(f)).append(' ')
                    .append(dir.relativize(f).toString().replace('\\', '/')).append('\n');
        }
        Files.writeString(dir.resolve(FILE), out.toString(), StandardCharsets.UTF_8);
    }

    /**
     * What is wrong with {@code dir} against its manifest, e.g. {@code bin/mariadbd is 1000 bytes, not 25331112};
     * empty when every file is as recorded. An entry without a manifest (made by an older bench) is wrong too.
     */
    static Optional<String> problem(Path dir) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(dir.resolve(FILE), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.of(UNRECORDED);
        }
        for (String line : lines) {
            String[] parts = line.split(" ", 3);
            if (parts.length != 3) {
                return Optional.of(FILE + " is damaged");
            }
            Path f = dir.resolve(parts[2]);
            if (!Files.isRegularFile(f)) {
                return Optional.of(parts[2] + " is missing");
            }
            long size = Files.size(f);
            if (size != Long.parseLong(parts[1])) {
                return Optional.of(parts[2] + " is " + size + " bytes, not " + parts[1]);
            }
            if (crc(f) != Long.parseUnsignedLong(parts[0], 16)) {
                return Optional.of(parts[2] + " has changed (CRC32C)");
            }
        }
        return Optional.empty();
    }

    private static List<Path> files(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) {
            all.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals(FILE)).sorted().forEach(files::add);
        }
        return files;
    }

    private static long crc(Path f) throws IOException {
        CRC32C crc = new CRC32C();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                crc.update(buffer, 0, n);
            }
        }
        return crc.getValue();
    }
}
